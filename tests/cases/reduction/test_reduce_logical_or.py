"""ReduceLogicalOr-1: cases against the CPU plugin.

The plugin takes the logical reductions' axes only as constants ("Second tensor is not
constant"), and refuses empty axes without ``keep_dims``. (The other Reduce tables feed axes at
run time, valid and out of range, through the same irexec code.)"""
import numpy as np

from cases.rows import Case, Error, T, Table


def ax(values, etype="i64"):
    """Constant axes, as integers even when empty."""
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=True)


def mostly(value, shape, seed):
    """Booleans, mostly ``value``: random ones would make an all-false (or all-true) row rare."""
    rng = np.random.default_rng(seed)
    return (rng.random(shape) < 0.85) == value


TABLE = Table("ReduceLogicalOr", "opset1", cases=[
    Case((T("boolean", (2, 3, 4), mostly(False, (2, 3, 4), 1)), ax([1]))),       # keep_dims left out
    Case((T("boolean", (2, 3, 4), mostly(False, (2, 3, 4), 2)), ax([0, 2])), attrs={"keep_dims": "false"}),
    Case((T("boolean", (2, 3, 4), mostly(False, (2, 3, 4), 3)), ax([-1], "i32")), attrs={"keep_dims": "true"}),
    Case((T("boolean", (3, 4), mostly(False, (3, 4), 4)), ax([0, -1])), attrs={"keep_dims": "true"}),
    Case((T("boolean", (2, 3, 4), mostly(False, (2, 3, 4), 5)), ax([2, -1, 2])), name="repeated axes"),
    Case((T("boolean", (4, 3), mostly(False, (4, 3), 6)), ax(-2, "i32")), attrs={"keep_dims": "true"},
         name="scalar axes"),
    Case((T("boolean", (2, 3)), ax([])), attrs={"keep_dims": "true"}, name="empty axes reduce nothing"),
    Case((T("boolean", (2, 2), [False, False, False, False]), ax([0, 1])), name="every axis, all false"),
    Case((T("boolean", ()), ax([0])), name="scalar data"),
    Case((T("boolean", (2, 1, 3)), ax([1])), name="1-sized axis"),
    Case((T("boolean", (2, 0, 3)), ax([1])), name="any of nothing is false"),
])
TABLE.errors = [
    Error((T("boolean", (2, 3, 4)), ax([3])), attrs={"keep_dims": "true"}, match=r"axis 3 is out of range",
          code="S006", name="axis out of range", at="lint"),
    Error((T("boolean", (2, 3, 4)), ax([-4])), match=r"axis -4 is out of range", code="S006",
          name="negative axis out of range, constant", at="lint"),
    Error((T("boolean", (2, 3)), T("f32", (1,), [1.0])), match="axes must be of an integer type", code="S005",
          name="float axes", at="lint"),
    Error((T("f32", (2, 3)), ax([1])), match="data must be boolean", code="S005", name="f32 data", at="lint"),
    Error((T("u8", (2, 3)), ax([1])), match="data must be boolean", code="S005", name="u8 data", at="lint"),
    Error((T("boolean", (2, 3)), ax([1])), attrs={"keep_dims": "yes"}, match="keep_dims", code="O003",
          name="keep_dims not a boolean", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
