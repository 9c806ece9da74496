"""Add-1: cases against the CPU plugin.

The plugin's departures (rows with ``plugin=``): i8/u8 saturate, i64/u32 are narrowed to i32,
f64 is computed in f32. Random u8 operands stay below 100 so that their sums do not saturate."""

import numpy as np

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

INF = float("inf")
F32_MAX = float(np.finfo(np.float32).max)

TABLE = Table(
    "Add",
    "opset1",
    cases=[
        *broadcasting("f32"),
        *broadcasting("i32")[:3],
        Case((T("f32", (2, 1, 3)), T("f32", (4, 1))), attrs={"auto_broadcast": "numpy"}),
        Case((T("i32", (4,)), T("i32", (4,), const=True))),
        Case((T("i32", (2, 2)), T("i32", (2, 2))), attrs={"auto_broadcast": "none"}),
        Case(
            (T("i32", (4,), [2**31 - 1, -(2**31), -1, 7]), T("i32", (4,), [1, -1, -(2**31), 2**31 - 1])),
            name="i32 wraps",
        ),
        Case((T("f16", (5,)), T("f16", (5,)))),
        Case((T("f16", (2, 3)), T("f16", (3,))), name="f16 broadcast"),
        Case((T("bf16", (2, 3)), T("bf16", (2, 3)))),
        Case((T("bf16", (3,)), T("bf16", (2, 3))), name="bf16 broadcast"),
        Case((T("u8", (2, 3), high=100), T("u8", (3,), high=100)), name="u8 below saturation"),
        Case((T("i64", (2, 3)), T("i64", (2, 3))), name="i64 within i32"),
        Case((T("i64", (3,)), T("i64", (2, 3), const=True)), name="i64 with a constant"),
        Case(
            (
                T("f32", (4,), [float("nan"), float("inf"), -0.0, float("inf")]),
                T("f32", (4,), [1.0, -float("inf"), -0.0, 1.0]),
            ),
            name="NaN, inf, -0",
        ),
        Case(
            (T("u8", (3,), [200, 100, 0]), T("u8", (3,), [100, 100, 0])),
            expect=([44, 200, 0],),
            plugin=([255, 200, 0],),
            why="the plugin saturates u8 Add",
        ),
        Case(
            (T("i8", (2,), [100, -100]), T("i8", (2,), [100, -100])),
            expect=([-56, 56],),
            plugin=([127, -128],),
            why="the plugin saturates i8 Add",
        ),
        Case(
            (T("i64", (2,), [2**31 - 1, 2**32]), T("i64", (2,), [1, 5])),
            expect=([2**31, 2**32 + 5],),
            plugin=([-(2**31), 5],),
            why="the plugin narrows i64 to i32",
        ),
        Case(
            (T("u32", (2,), [2**31, 2**32 - 2]), T("u32", (2,), [5, 1])),
            name="u32 beyond i32 (the plugin narrows it, and its Add wraps back alike)",
        ),
        Case(
            (T("f64", (2,), [0.1, -INF]), T("f64", (2,), [0.2, 1.0])),
            expect=([0.1 + 0.2, -INF],),
            plugin=([float(np.float32(0.1) + np.float32(0.2)), -F32_MAX],),
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
    Error((T("f32", (2,)), T("f16", (2,))), match="one element type", code="S005", name="f32 with f16", at="lint"),
    Error((T("i32", (2,)), T("i64", (2,))), match="one element type", code="S005", name="i32 with i64", at="lint"),
    Error(
        (T("f32", (0, 2**31, 1)), T("f32", (0, 1, 2**31))),
        match="too large for any array",
        code="S005",
        name="output too large",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
