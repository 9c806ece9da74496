"""SquaredDifference-1: cases against the CPU plugin.

The plugin's departures (rows with ``plugin=``): i8/u8 are broken (0 for most operands), i64 is
narrowed to i32, f64 computed in f32."""

import numpy as np

from cases.bf16 import bf16_case, operands
from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
F16_A, F16_B = [1.0, 3.0, 200.0], [2.0**-12, 2.0**-10, 0.0625]


def squared_difference(a, b):
    return (a - b) * (a - b)


TABLE = Table(
    "SquaredDifference",
    "opset1",
    cases=[
        *broadcasting("f32"),
        *broadcasting("i32")[:5],
        Case(
            (T("i32", (4,), [3, -3, 50000, -(2**31)]), T("i32", (4,), [5, 5, 0, 1])),
            name="i32 wraps",
            expect=([4, 64, -1794967296, 1],),
        ),
        Case((T("i32", (2,), [2**31 - 1, 46341]), T("i32", (2,), [-1, 0], const=True)), name="i32 wraps, constant b"),
        Case(
            (T("u32", (3,), [3, 5, 70000]), T("u32", (3,), [5, 3, 0])),
            expect=([4, 4, 605032704],),
            name="u32: a < b gives (b - a) ** 2",
        ),
        Case(
            (T("u16", (4,), [3, 0, 100, 300]), T("u16", (4,), [5, 255, 0, 0])),
            expect=([4, 65025, 10000, 24464],),
            name="u16 wraps",
        ),
        Case(
            (T("u8", (4,), [3, 5, 20, 0]), T("u8", (4,), [5, 3, 0, 255])),
            expect=([4, 4, 144, 1],),
            plugin=([0, 0, 0, 0],),
            why="the plugin's u8 SquaredDifference gives 0",
            name="u8",
        ),
        Case(
            (T("i8", (4,), [3, -100, 12, 1]), T("i8", (4,), [5, 100, 0, 0])),
            expect=([4, 64, -112, 1],),
            plugin=([0, -100, 0, 0],),
            why="the plugin's i8 SquaredDifference is broken",
            name="i8",
        ),
        Case(
            (T("i64", (3,), [3, 2**31, -(2**40)]), T("i64", (3,), [5, 0, 0])),
            expect=([4, 2**62, 0],),
            plugin=([4, 0, 0],),
            why="the plugin narrows i64 to i32",
            name="i64 beyond i32",
        ),
        Case((T("i64", (2, 3)), T("i64", (3,), const=True)), name="i64 within i32"),
        Case(
            (T("f32", (6,), [INF, INF, NAN, -0.0, 1e20, 3.5]), T("f32", (6,), [INF, -INF, 1.0, 0.0, -1e20, 1.25])),
            expect=([NAN, INF, NAN, 0.0, INF, 5.0625],),
            name="NaN, inf, overflow",
        ),
        Case(
            (T("f32", (6,), [INF, -INF, 1.0, 0.0, -1e20, 1.25]), T("f32", (6,), [INF, INF, NAN, -0.0, 1e20, 3.5])),
            expect=([NAN, INF, NAN, 0.0, INF, 5.0625],),
            name="NaN, inf, overflow, swapped",
        ),
        Case((T("f16", (2, 3)), T("f16", (3,)))),
        Case((T("f16", (3,)), T("f16", (2, 3), const=True))),
        Case(
            (T("f16", (2,), [300.0, 1.5]), T("f16", (2,), [-10.0, 0.25])), expect=([INF, 1.5625],), name="f16 overflow"
        ),
        bf16_case(squared_difference, operands(1, (2, 3)), operands(2, (3,)), "bf16 broadcast"),
        bf16_case(squared_difference, operands(3, (3,)), operands(4, (2, 3)), "bf16 broadcast, swapped"),
        # a - b not exact in bf16 (f16): computed in f32, rounded once.
        bf16_case(
            squared_difference, [1.0, 3.0, 100.0, -5.0], [2.0**-9, 2.0**-7, 0.25, 0.0390625], "bf16 one rounding"
        ),
        Case(
            (T("f16", (3,), F16_A), T("f16", (3,), F16_B)),
            name="f16 one rounding",
            expect=(np.square(np.float32(F16_A) - np.float32(F16_B)).astype(np.float16),),
        ),
        Case(
            (T("f64", (2,), [0.1, 3.0]), T("f64", (2,), [0.2, 1.0])),
            expect=([(0.1 - 0.2) ** 2, 4.0],),
            plugin=([float(np.float32(np.float32(0.1) - np.float32(0.2)) ** 2), 4.0],),
            why="the plugin computes f64 in f32",
            name="f64",
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
    Error((T("f32", (2,)), T("f16", (2,))), match="one element type", code="S005", name="f32 with f16", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
