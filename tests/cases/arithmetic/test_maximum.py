"""Maximum-1: cases against the CPU plugin. The larger operand, elementwise: as the plugin's x86
code, the second operand unless the first is larger: max(NaN, 1) = 1 but max(1, NaN) = NaN, and
max(-0, +0) = +0 but max(+0, -0) = -0. The special values are compared with the plugin in both
operand orders.

The plugin's departures (rows with ``plugin=``): u32 and i64 are narrowed to i32, f64 is
computed in f32 (and +-inf given as +-FLT_MAX)."""

import numpy as np

from cases.broadcasting import broadcast_errors, extremum_cases, partial_shapes
from cases.rows import Case, Error, T, Table

INF, NAN = float("inf"), float("nan")
F32_MAX = float(np.finfo(np.float32).max)
SA = [NAN, 1.0, NAN, INF, -INF, -0.0, 0.0, NAN, 3.0, INF, -INF]
SB = [1.0, NAN, NAN, NAN, 1.0, 0.0, -0.0, -INF, 3.0, INF, INF]

TABLE = Table(
    "Maximum",
    "opset1",
    cases=[
        *extremum_cases(SA, SB),
        Case(
            (T("u32", (2,), [2**31, 2**32 - 1]), T("u32", (2,), [1, 5])),
            expect=([2**31, 2**32 - 1],),
            plugin=([1, 5],),
            why="the plugin narrows u32 to i32 (from 2^31 it is negative there)",
        ),
        Case(
            (T("i64", (2,), [2**32, 1]), T("i64", (2,), [1, -(2**32)])),
            expect=([2**32, 1],),
            plugin=([1, 1],),
            why="the plugin narrows i64 to i32",
        ),
        Case(
            (T("f64", (2,), [INF, -1e300]), T("f64", (2,), [0.0, 1.0])),
            expect=([INF, 1.0],),
            plugin=([F32_MAX, 1.0],),
            why="the plugin computes f64 in f32 (and gives +-inf as +-FLT_MAX)",
        ),
    ],
)
TABLE.errors = [
    *broadcast_errors(),
    Error(
        (T("boolean", (2,)), T("boolean", (2,))),
        match="must be numeric",
        code="S005",
        at="lint",
        name="boolean operands",
    ),
    Error(
        (T("f32", (2,)), T("f16", (2,))),
        match="Maximum's a and b must have one element type, got f32, f16",
        code="S005",
        name="f32 with f16",
        at="lint",
    ),
    Error(
        (T("u8", (2,)), T("i8", (2,))), match="must have one element type", code="S005", name="u8 with i8", at="lint"
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
