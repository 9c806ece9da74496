"""Multiply-1: cases against the CPU plugin.

The plugin's departures (rows with ``plugin=``): i8/u8 saturate, i64/u64 are narrowed to i32,
and bf16 results that would be subnormal are flushed to zero on AVX512-BF16 machines. Random u8
operands stay below 16 so that their products do not saturate."""

import ml_dtypes
import numpy as np

from cases.bf16 import bf16_case, operands
from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

INF = float("inf")
BF16 = ml_dtypes.bfloat16
# Operands whose product is an f32 subnormal (as bf16 holds them).
SUBNORMAL_A = np.array([1e-20, 1e-19, 1.0], BF16).astype(np.float32)
SUBNORMAL_B = np.array([1e-19, 1e-20, 3.0], BF16).astype(np.float32)

TABLE = Table(
    "Multiply",
    "opset1",
    cases=[
        *broadcasting("f32"),
        *broadcasting("i32")[:5],
        *broadcasting("u8", a={"high": 16}, b={"high": 16})[:3],
        Case((T("i32", (4,), [2**30, -(2**31), 65537, 7]), T("i32", (4,), [4, -1, 65537, -3])), name="i32 wraps"),
        Case((T("f16", (2, 3)), T("f16", (3,)))),
        Case((T("f16", (3,)), T("f16", (2, 3)))),
        bf16_case(np.multiply, operands(1, (2, 3)), operands(2, (3,)), "bf16"),
        bf16_case(np.multiply, operands(3, (3,)), operands(4, (2, 3)), "bf16, the other order"),
        Case((T("i64", (2, 3)), T("i64", (3,), const=True)), name="i64 within i32"),
        Case(
            (T("f32", (5,), [INF, 0.0, -0.0, float("nan"), 1e30]), T("f32", (5,), [0.0, -3.0, -1.0, 2.0, 1e30])),
            name="inf * 0, signed zeros, NaN, overflow",
        ),
        Case(
            (T("u8", (2,), [16, 200]), T("u8", (2,), [16, 2])),
            expect=([0, 144],),
            plugin=([255, 255],),
            why="the plugin saturates u8 Multiply",
        ),
        Case(
            (T("i8", (2,), [-128, 64]), T("i8", (2,), [-1, 2])),
            expect=([-128, -128],),
            plugin=([127, 127],),
            why="the plugin saturates i8 Multiply",
        ),
        Case(
            (T("u64", (1,), [2**20]), T("u64", (1,), [2**20])),
            expect=([2**40],),
            plugin=([0],),
            why="the plugin narrows u64 to i32",
        ),
        Case(
            (T("i64", (2,), [2**31 - 1, -(2**20)]), T("i64", (2,), [2, 2**20])),
            expect=([2**32 - 2, -(2**40)],),
            plugin=([-2, 0],),
            why="the plugin narrows i64 to i32",
        ),
        bf16_case(np.multiply, SUBNORMAL_A, SUBNORMAL_B, "bf16 subnormal results"),
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
        (T("f16", (2,)), T("f32", (2,))),
        match="Multiply's a and b must have one element type, got f16, f32",
        code="S005",
        name="f16 with f32",
        at="lint",
    ),
    Error(
        (T("i64", (2,)), T("i32", (2,))),
        match="must have one element type",
        code="S005",
        name="i64 with i32",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
