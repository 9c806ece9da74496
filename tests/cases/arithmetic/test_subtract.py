"""Subtract-1: cases against the CPU plugin.

The plugin's departures (rows with ``plugin=``): i8/u8 saturate, i64 is narrowed to i32, f64
is computed in f32. Random u8 operands keep a >= b so that the difference does not saturate."""

import numpy as np

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

INF = float("inf")

TABLE = Table(
    "Subtract",
    "opset1",
    cases=[
        *broadcasting("f32"),
        *broadcasting("i32")[:5],
        *broadcasting("u8", a={"low": 100, "high": 200}, b={"high": 100})[:3],
        Case((T("i32", (4,), [-(2**31), 2**31 - 1, 0, 5]), T("i32", (4,), [1, -1, -(2**31), 7])), name="i32 wraps"),
        Case((T("f16", (2, 3)), T("f16", (3,)))),
        Case((T("f16", (3,)), T("f16", (2, 3)))),
        Case((T("bf16", (2, 3)), T("bf16", (3,)))),
        Case((T("bf16", (3,)), T("bf16", (2, 3), const=True))),
        Case((T("i64", (2, 3)), T("i64", (3,))), name="i64 within i32"),
        Case(
            (T("f32", (5,), [INF, INF, 0.0, -0.0, float("nan")]), T("f32", (5,), [INF, -INF, 0.0, 0.0, 1.0])),
            name="inf - inf, 0 - 0, -0 - 0, NaN",
        ),
        Case(
            (T("u8", (2,), [0, 5]), T("u8", (2,), [1, 10])),
            expect=([255, 251],),
            plugin=([0, 0],),
            why="the plugin saturates u8 Subtract",
        ),
        Case(
            (T("i8", (2,), [-100, 100]), T("i8", (2,), [100, -100])),
            expect=([56, -56],),
            plugin=([-128, 127],),
            why="the plugin saturates i8 Subtract",
        ),
        Case(
            (T("i64", (2,), [-(2**31), 2**33]), T("i64", (2,), [1, 1])),
            expect=([-(2**31) - 1, 2**33 - 1],),
            plugin=([2**31 - 1, -1],),
            why="the plugin narrows i64 to i32",
        ),
        Case(
            (T("f64", (1,), [0.3]), T("f64", (1,), [0.1])),
            expect=([0.3 - 0.1],),
            plugin=([float(np.float32(0.3) - np.float32(0.1))],),
            why="the plugin computes f64 in f32",
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
        (T("f32", (2,)), T("bf16", (2,))),
        match="Subtract's a and b must have one element type, got f32, bf16",
        code="S005",
        name="f32 with bf16",
        at="lint",
    ),
    Error(
        (T("u8", (2,)), T("i32", (2,))), match="must have one element type", code="S005", name="u8 with i32", at="lint"
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
