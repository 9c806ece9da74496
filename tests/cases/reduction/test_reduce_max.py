"""ReduceMax-1: cases against the CPU plugin.

The plugin compiles a Reduce whose output rank it cannot tell only with ``keep_dims`` (so axes
fed at run time come with keep_dims="true"), and refuses empty axes without it.

Empty data gives an empty output where the output is empty (2x0x3 over axis 2), as in the
plugin; the reduction over a 0-sized axis into a non-empty output, which has no value, is refused
by design (``_reduce.extreme``): an error row, which lint finds from the shapes."""
import numpy as np

from cases.rows import Case, Error, T, Table

NAN = float("nan")


def ax(values, etype="i64", const=True):
    """Constant axes (``const=False``: fed at run time), as integers even when empty."""
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


TABLE = Table("ReduceMax", "opset1", cases=[
    Case((T("f32", (2, 3, 4)), ax([1]))),                                         # keep_dims left out
    Case((T("f32", (2, 3, 4)), ax([0, 2])), attrs={"keep_dims": "false"}),
    Case((T("f32", (2, 3, 4)), ax([-1], "i32")), attrs={"keep_dims": "true"}),
    Case((T("f32", (2, 3, 4)), ax([0, -1], const=False)), attrs={"keep_dims": "true"}, name="axes at run time"),
    Case((T("f32", (2, 3, 4)), ax([2, -1, 2])), name="repeated axes"),
    Case((T("f32", (2, 3)), ax(-1, "i32", const=False)), attrs={"keep_dims": "true"}, name="scalar axes at run time"),
    Case((T("f32", (2, 3)), ax([])), attrs={"keep_dims": "true"}, name="empty axes reduce nothing"),
    Case((T("f32", (2, 0, 3)), ax([2])), name="an empty output over a non-empty axis"),
    Case((T("f32", (0, 3)), ax([1])), attrs={"keep_dims": "true"}, name="an empty output, keep_dims"),
    Case((T("f32", (2, 3)), ax([0, 1])), name="every axis"),
    Case((T("f32", ()), ax([0])), name="scalar data"),
    Case((T("f32", (2, 1, 3)), ax([1])), name="1-sized axis"),
    Case((T("i32", (3, 5)), ax([0]))),
    Case((T("i64", (2, 3, 2)), ax([1, 2])), attrs={"keep_dims": "true"}),
    Case((T("u8", (4, 3)), ax([0]))),
    Case((T("i8", (3, 4)), ax([-1]))),
    Case((T("f16", (3, 4)), ax([1]))),
    Case((T("bf16", (3, 4)), ax([0])), attrs={"keep_dims": "true"}),
    Case((T("f32", (3, 3), [NAN, 1, 2, 1, NAN, 2, 1, 2, NAN]), ax([1])), expect=([NAN, NAN, NAN],),
         plugin=[([2.0, 2.0, NAN],)],
         why="NaN: irexec's maximum is NaN when any element is; the plugin's skips a NaN unless it comes last"),
    Case((T("i32", (2, 2), [16777217, 1, 16777219, 2 ** 31 - 1]), ax([1])), expect=([16777217, 2 ** 31 - 1],),
         plugin=([16777216, -2 ** 31],), why="the plugin compares i32 in f32: beyond 2^24 it rounds"),
    Case((T("i64", (2, 2), [2 ** 40, 1, -2 ** 40, 2]), ax([1])), expect=([2 ** 40, 2],), plugin=([1, 2],),
         why="the plugin computes i64 as i32 (keeps the low 32 bits)"),
])
TABLE.errors = [
    Error((T("f32", (2, 3, 4)), ax([3], const=False)), attrs={"keep_dims": "true"}, match=r"axis 3 is out of range",
          code="S006", name="axis out of range", at="run"),
    Error((T("f32", (2, 3, 4)), ax([-4])), match=r"axis -4 is out of range", code="S006",
          name="negative axis out of range, constant", at="lint"),
    Error((T("f32", (2, 3)), T("f32", (1,), [1.0])), match="axes must be of an integer type", code="S005",
          name="float axes", at="lint"),
    Error((T("f32", (2, 0, 3)), ax([1])), match="maximum or minimum over an axis of no elements", code="S005",
          name="the maximum of nothing", at="lint"),
    Error((T("f32", (2, 3)), ax([1])), attrs={"keep_dims": "yes"}, match="keep_dims", code="O003",
          name="keep_dims not a boolean", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
