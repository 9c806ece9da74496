"""ReduceSum-1: cases against the CPU plugin.

The plugin compiles a Reduce whose output rank it cannot tell only with ``keep_dims`` (so axes
fed at run time come with keep_dims="true"), and refuses empty axes without it."""
import numpy as np

from cases.rows import Case, Error, T, Table


def ax(values, etype="i64", const=True):
    """Constant axes (``const=False``: fed at run time), as integers even when empty."""
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


TABLE = Table("ReduceSum", "opset1", cases=[
    Case((T("f32", (2, 3, 4)), ax([1]))),                                         # keep_dims left out
    Case((T("f32", (2, 3, 4)), ax([0, 2])), attrs={"keep_dims": "false"}),
    Case((T("f32", (2, 3, 4)), ax([-1], "i32")), attrs={"keep_dims": "true"}),
    Case((T("f32", (2, 3, 4)), ax([0, -1], const=False)), attrs={"keep_dims": "true"}, name="axes at run time"),
    Case((T("f32", (2, 3, 4)), ax([-2], "i32", const=False)), attrs={"keep_dims": "true"},
         name="negative i32 axes at run time"),
    Case((T("f32", (2, 3, 4)), ax([2, -1, 2])), name="repeated axes"),
    Case((T("f32", (2, 3, 4)), ax([1, -2], const=False)), attrs={"keep_dims": "true"},
         name="repeated axes at run time"),
    Case((T("f32", (2, 3)), ax(1)), name="scalar axes"),
    Case((T("f32", (2, 3)), ax(-1, "i32", const=False)), attrs={"keep_dims": "true"}, name="scalar axes at run time"),
    Case((T("f32", (2, 3)), ax([])), attrs={"keep_dims": "true"}, name="empty axes reduce nothing"),
    Case((T("f32", (2, 3)), ax([0, 1])), name="every axis"),
    Case((T("f32", (2, 3)), ax([1, 0])), attrs={"keep_dims": "true"}, name="every axis kept"),
    Case((T("f32", ()), ax([0])), name="scalar data"),
    Case((T("f32", ()), ax([-1])), attrs={"keep_dims": "false"}, name="scalar data, axis -1"),
    Case((T("f32", ()), ax([])), name="scalar data, empty axes"),
    Case((T("f32", (2, 1, 3)), ax([1])), name="1-sized axis"),
    Case((T("f32", (2, 0, 3)), ax([1])), name="summing nothing gives 0"),
    Case((T("f32", (2, 0, 3)), ax([2])), attrs={"keep_dims": "true"}, name="empty data"),
    Case((T("i32", (3, 5)), ax([0]))),
    Case((T("i64", (2, 3, 2)), ax([1, 2])), attrs={"keep_dims": "true"}),
    Case((T("u8", (4, 3), low=0, high=60), ax([0]))),
    Case((T("i8", (3, 4), low=-30, high=30), ax([-1]))),
    Case((T("f16", (3, 4)), ax([1]))),
    Case((T("bf16", (3, 4)), ax([0])), attrs={"keep_dims": "true"}),
    Case((T("u8", (2, 2), [200, 100, 255, 1]), ax([1])), expect=([44, 0],), plugin=([255, 255],),
         why="the plugin saturates u8 sums; integers wrap as in C"),
    Case((T("i8", (2, 2), [100, 100, -100, -101]), ax([1])), expect=([-56, 55],), plugin=([127, -128],),
         why="the plugin saturates i8 sums; integers wrap as in C"),
    Case((T("i32", (2, 2), [16777217, 1, 2 ** 31 - 1, 1]), ax([1])), expect=([16777218, -2 ** 31],),
         plugin=([16777216, -2 ** 31],), why="the plugin sums i32 in f32: beyond 2^24 it rounds"),
    Case((T("i64", (2, 2), [2 ** 40, 1, -2 ** 40, 2]), ax([1])), expect=([2 ** 40 + 1, -2 ** 40 + 2],),
         plugin=([1, 2],), why="the plugin computes i64 as i32 (keeps the low 32 bits)"),
])
TABLE.errors = [
    Error((T("f32", (2, 3, 4)), ax([3], const=False)), attrs={"keep_dims": "true"}, match=r"axis 3 is out of range",
          code="S006", name="axis out of range", at="run"),
    Error((T("f32", (2, 3, 4)), ax([0, -4])), match=r"axis -4 is out of range", code="S006",
          name="negative axis out of range, constant", at="lint"),
    Error((T("f32", ()), ax([1], const=False)), match="out of range for a scalar", code="S005",
          name="scalar data, axis 1", at="run"),
    Error((T("f32", (2, 3)), T("f32", (1,), [1.0])), match="axes must be of an integer type", code="S005",
          name="float axes", at="lint"),
    Error((T("f32", (2, 3)), T("i64", (1, 1), [[1]], const=True)), match="axes must be a scalar or 1-D",
          code="S005", name="2-D axes", at="lint"),
    Error((T("f32", (2, 3)), ax([1])), attrs={"keep_dims": "yes"}, match="keep_dims", code="O003",
          name="keep_dims not a boolean", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
