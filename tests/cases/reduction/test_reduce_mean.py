"""ReduceMean-1: cases against the CPU plugin.

The plugin compiles a Reduce whose output rank it cannot tell only with ``keep_dims`` (so axes
fed at run time come with keep_dims="true"), and refuses empty axes without it. An integer mean
truncates toward zero, in the plugin as in irexec (-7 / 3 is -2, not -3)."""
import numpy as np

from cases.rows import Case, Error, T, Table

NAN = float("nan")


def ax(values, etype="i64", const=True):
    """Constant axes (``const=False``: fed at run time), as integers even when empty."""
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


TABLE = Table("ReduceMean", "opset1", cases=[
    Case((T("f32", (2, 3, 4)), ax([1])), rtol=1e-6),                              # keep_dims left out
    Case((T("f32", (2, 3, 4)), ax([0, 2])), attrs={"keep_dims": "false"}, rtol=1e-6),
    Case((T("f32", (2, 3, 4)), ax([-1], "i32")), attrs={"keep_dims": "true"}, rtol=1e-6),
    Case((T("f32", (2, 3, 4)), ax([0, -1], const=False)), attrs={"keep_dims": "true"}, rtol=1e-6,
         name="axes at run time"),
    Case((T("f32", (2, 3, 4)), ax([2, -1, 2])), rtol=1e-6, name="repeated axes: counted once"),
    Case((T("f32", (2, 3)), ax(-1, "i32", const=False)), attrs={"keep_dims": "true"}, rtol=1e-6,
         name="scalar axes at run time"),
    Case((T("f32", (2, 3)), ax([])), attrs={"keep_dims": "true"}, name="empty axes reduce nothing"),
    Case((T("f32", (2, 3)), ax([0, 1])), rtol=1e-6, name="every axis"),
    Case((T("f32", ()), ax([0])), name="scalar data"),
    Case((T("f32", (2, 1, 3)), ax([1])), name="1-sized axis"),
    Case((T("i32", (3, 2), [-3, -4, 3, 4, -1, 0]), ax([1])), expect=([-3, 3, 0],), name="halves truncate"),
    Case((T("i32", (2, 3), [-1, -1, 0, -5, 0, 0]), ax([-1], const=False)), attrs={"keep_dims": "true"},
         expect=([[0], [-1]],), name="thirds truncate, axes at run time"),
    Case((T("i64", (2, 3), [-7, 0, 0, 7, 0, 0]), ax([1, 0], "i32")), expect=(0,), name="every axis truncates"),
    Case((T("i8", (3, 5), low=-20, high=20), ax([1]))),
    Case((T("u8", (4, 3), low=0, high=60), ax([0])), attrs={"keep_dims": "true"}),
    Case((T("f16", (3, 4)), ax([1])), rtol=1e-3),
    Case((T("bf16", (3, 4)), ax([0])), attrs={"keep_dims": "true"}, rtol=2 ** -7),
    Case((T("f32", (2, 0, 3)), ax([1])), expect=(np.full((2, 3), NAN, np.float32),),
         plugin=(np.zeros((2, 3), np.float32),), why="the mean of nothing: 0 / 0 is NaN; the plugin gives 0"),
    Case((T("i32", (2, 0, 3)), ax([1])), name="the integer mean of nothing"),
    Case((T("u8", (2, 2), [200, 200, 255, 1]), ax([1])), expect=([72, 0],), plugin=([127, 127],),
         why="the plugin saturates u8 sums; integers wrap as in C"),
    Case((T("i8", (2, 2), [100, 100, -100, -101]), ax([1])), expect=([-28, 27],), plugin=([63, -64],),
         why="the plugin saturates i8 sums; integers wrap as in C"),
    Case((T("i32", (2, 2), [16777217, 1, 2 ** 31 - 1, 1]), ax([1])), expect=([8388609, -2 ** 30],),
         plugin=([8388608, -2 ** 30],), why="the plugin sums i32 in f32: beyond 2^24 it rounds"),
    Case((T("i64", (2, 2), [2 ** 40, 2, -2 ** 40, 4]), ax([1])), expect=([2 ** 39 + 1, -2 ** 39 + 2],),
         plugin=([1, 2],), why="the plugin computes i64 as i32 (keeps the low 32 bits)"),
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
