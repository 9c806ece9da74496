"""ReduceLogicalAnd-1: cases against the CPU plugin; true where every element over the axes is
(all of nothing is true). Data must be boolean; the plugin takes the axes only as constants."""

from cases.reduction._rows import ax, logical_cases, logical_errors
from cases.rows import Case, T, Table

TABLE = Table(
    "ReduceLogicalAnd",
    "opset1",
    cases=[
        *logical_cases(True),  # keep_dims left out, false, true; axes negative, repeated, scalar, empty; scalar data
        Case((T("boolean", (2, 0, 3)), ax([1])), name="all of nothing is true"),
    ],
    errors=logical_errors(),
)  # axes out of range, float axes, keep_dims="yes", f32 and u8 data

test_cases, test_errors = TABLE.pytest()
