"""ReduceL2-4: cases against the CPU plugin.

The plugin compiles a Reduce whose output rank it cannot tell only with ``keep_dims`` (so axes
fed at run time come with keep_dims="true"), and refuses empty axes without it. Integer norms
agree while the squares fit the data's type (irexec sums them there, wrapping, and truncates the
root)."""
import numpy as np

from cases.rows import Case, Error, T, Table


def ax(values, etype="i64", const=True):
    """Constant axes (``const=False``: fed at run time), as integers even when empty."""
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


TABLE = Table("ReduceL2", "opset4", cases=[
    Case((T("f32", (2, 3, 4)), ax([1])), rtol=1e-6),                              # keep_dims left out
    Case((T("f32", (2, 3, 4)), ax([0, 2])), attrs={"keep_dims": "false"}, rtol=1e-6),
    Case((T("f32", (2, 3, 4)), ax([-1], "i32")), attrs={"keep_dims": "true"}, rtol=1e-6),
    Case((T("f32", (2, 3, 4)), ax([0, -1], const=False)), attrs={"keep_dims": "true"}, rtol=1e-6,
         name="axes at run time"),
    Case((T("f32", (2, 3, 4)), ax([2, -1, 2])), rtol=1e-6, name="repeated axes"),
    Case((T("f32", (2, 3)), ax(-1, "i32", const=False)), attrs={"keep_dims": "true"}, rtol=1e-6,
         name="scalar axes at run time"),
    Case((T("f32", (2, 3)), ax([])), attrs={"keep_dims": "true"}, name="empty axes: |x|"),
    Case((T("f32", (2, 3)), ax([0, 1])), rtol=1e-6, name="every axis"),
    Case((T("f32", ()), ax([0])), name="scalar data"),
    Case((T("f32", (2, 1, 3)), ax([1])), name="1-sized axis"),
    Case((T("f32", (2, 0, 3)), ax([1])), name="the norm of nothing is 0"),
    Case((T("i32", (3, 2), [-3, 4, 5, 12, 2, 3]), ax([1])), expect=([5, 13, 3],), name="integer roots truncate"),
    Case((T("i32", (3, 5)), ax([0]))),
    Case((T("i64", (2, 3, 2)), ax([1, 2])), attrs={"keep_dims": "true"}),
    Case((T("u8", (4, 3), low=0, high=8), ax([0]))),
    Case((T("i8", (3, 4), low=-5, high=5), ax([-1]))),
    Case((T("f16", (3, 4)), ax([1])), rtol=1e-3),
    Case((T("bf16", (3, 4)), ax([0])), attrs={"keep_dims": "true"}, rtol=2 ** -7),
    Case((T("u8", (2, 2), [16, 17, 3, 4]), ax([1])), expect=([5, 5],), plugin=([15, 5],),
         why="the plugin saturates the u8 sum of squares (255); irexec wraps it (545 - 512 = 33)"),
])
TABLE.errors = [
    Error((T("f32", (2, 3, 4)), ax([3], const=False)), attrs={"keep_dims": "true"}, match=r"axis 3 is out of range",
          code="S006", name="axis out of range", at="run"),
    Error((T("f32", (2, 3, 4)), ax([-4])), match=r"axis -4 is out of range", code="S006",
          name="negative axis out of range, constant", at="lint"),
    Error((T("f32", (2, 3)), T("f32", (1,), [1.0])), match="axes must be of an integer type", code="S005",
          name="float axes", at="lint"),
    Error((T("f32", (2, 3)), ax([1])), attrs={"keep_dims": "yes"}, match="keep_dims", code="O003",
          name="keep_dims not a boolean", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
