"""ReduceLogicalOr-1: cases against the CPU plugin; true where any element over the axes is (any
of nothing is false). Data must be boolean; the plugin takes the axes only as constants."""

from cases.reduction._rows import ax, logical_cases, logical_errors
from cases.rows import Case, T, Table

TABLE = Table(
    "ReduceLogicalOr",
    "opset1",
    cases=[
        *logical_cases(False),  # keep_dims left out, false, true; axes negative, repeated, scalar, empty; scalar data
        Case((T("boolean", (2, 0, 3)), ax([1])), name="any of nothing is false"),
    ],
    errors=logical_errors(),
)  # axes out of range, float axes, keep_dims="yes", f32 and u8 data

test_cases, test_errors = TABLE.pytest()
