"""Divide-1: cases against the CPU plugin.

For integers the spec floors (``m_pythondiv``, true by default) or truncates toward zero; the
plugin divides integers in f32 and truncates whatever ``m_pythondiv`` says, so floors of
negative quotients, and quotients beyond f32's 24 bits, are ``plugin`` rows. Its f32 a / b is
a * (1 / b), an ulp from the correctly rounded quotient: random f32 cases allow one ulp, and a
row pins where they differ. Integer division by zero is an error."""

import numpy as np

from cases.bf16 import bf16_case, operands
from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

RECIPROCAL = lambda a, b: a * (np.float32(1) / b)  # noqa: E731  (the plugin's f32 Divide)

INF, NAN = float("inf"), float("nan")
ULP = 2.0**-23
# Signed operands where floor and truncation differ (and where they do not).
A, B = [7, -7, 7, -7, 1, -1, 0, 100, -100, 5], [2, 2, -2, -2, 3, 3, 5, -7, 7, -5]
FLOOR = [a // b for a, b in zip(A, B)]
TRUNC = [int(a / b) for a, b in zip(A, B)]
# f32 quotients where a * (1 / b) is an ulp from a / b.
RA, RB = np.float32([-7.75, -7.0, 1.0, 3.0]), np.float32([-7.875, -7.875, 3.0, 7.0])


def signed(etype, const=False, **kw):
    return Case((T(etype, (10,), A), T(etype, (10,), B, const=const)), **kw)


TABLE = Table(
    "Divide",
    "opset1",
    cases=[
        *broadcasting("f32", rtol=ULP),
        *broadcasting("i32", a={"low": 0, "high": 100}, b={"low": 1, "high": 20})[:5],
        *broadcasting("u8", b={"low": 1, "high": 20})[:3],
        signed("i32", attrs={"m_pythondiv": "false"}, name="i32 truncating"),
        signed("i64", attrs={"m_pythondiv": "false"}, name="i64 truncating"),
        signed("i32", attrs={"m_pythondiv": "false"}, const=True, name="i32 truncating, constant divisor"),
        Case(
            (T("i32", (2, 3), low=0, high=100), T("i32", (3,), low=1, high=9)),
            attrs={"m_pythondiv": "true"},
            name="non-negative: floor is truncation",
        ),
        Case((T("f16", (2, 3)), T("f16", (3,), low=1, high=8))),
        Case((T("f16", (3,), low=-8, high=8), T("f16", (2, 3), low=1, high=8))),
        bf16_case(np.divide, operands(1, (2, 3)), operands(2, (3,), 8, 64), "bf16", plugin_fns=(RECIPROCAL,)),
        bf16_case(
            np.divide,
            operands(3, (3,)),
            operands(4, (2, 3), -64, -8),
            "bf16, the other order",
            plugin_fns=(RECIPROCAL,),
        ),
        Case(
            (T("f32", (6,), [1.0, -1.0, 0.0, INF, NAN, -0.0]), T("f32", (6,), [0.0, 0.0, 0.0, INF, 1.0, 2.0])),
            name="x/0, 0/0, inf/inf, NaN, -0",
        ),
        signed(
            "i32",
            expect=(FLOOR,),
            plugin=(TRUNC,),
            name="i32 m_pythondiv left out",
            why="the plugin ignores m_pythondiv and truncates",
        ),
        signed(
            "i64",
            attrs={"m_pythondiv": "true"},
            expect=(FLOOR,),
            plugin=(TRUNC,),
            name="i64 m_pythondiv true",
            why="the plugin ignores m_pythondiv and truncates",
        ),
        signed(
            "i8",
            attrs={"m_pythondiv": "true"},
            expect=(FLOOR,),
            plugin=(TRUNC,),
            name="i8 m_pythondiv true",
            why="the plugin ignores m_pythondiv and truncates",
        ),
        Case(
            (T("i32", (3,), [16777217, 2147483647, 123456789]), T("i32", (3,), [1, 1, 10])),
            attrs={"m_pythondiv": "false"},
            expect=([16777217, 2147483647, 12345678],),
            plugin=([16777216, -(2**31), 12345679],),
            why="the plugin divides integers in f32",
        ),
        Case(
            (T("i8", (1,), [-128]), T("i8", (1,), [-1])),
            attrs={"m_pythondiv": "false"},
            expect=([-128],),
            plugin=([127],),
            why="the plugin saturates i8 (-128 / -1)",
        ),
        Case(
            (T("u32", (1,), [4000000000]), T("u32", (1,), [3])),
            expect=([1333333333],),
            plugin=([4196644864],),
            why="the plugin narrows u32 to i32",
        ),
        Case(
            (T("i64", (1,), [2**40]), T("i64", (1,), [2**20])),
            expect=([2**20],),
            plugin=([0],),
            why="the plugin narrows i64 to i32",
        ),
        Case(
            (T("f32", (4,), RA), T("f32", (4,), RB)),
            expect=(RA / RB,),
            plugin=(RA * (np.float32(1) / RB),),
            why="the plugin's f32 a / b is a * (1 / b), an ulp from the correctly rounded quotient",
        ),
        Case(
            (T("f64", (1,), [1.0]), T("f64", (1,), [3.0])),
            expect=([1 / 3],),
            plugin=([float(np.float32(1) / np.float32(3))],),
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
        (T("i32", (3,), [6, 7, 8]), T("i32", (3,), [3, 0, 1])),
        match="integer division by zero",
        code="S005",
        name="i32 by zero",
        at="run",
    ),
    Error(
        (T("u8", (2, 2), [[6, 7], [1, 2]]), T("u8", (2,), [3, 0], const=True)),
        match="integer division by zero",
        code="S005",
        name="u8 by a constant zero",
        at="run",
    ),
    Error(
        (T("i64", (2,), [-6, 7]), T("i64", (), 0)),
        attrs={"m_pythondiv": "false"},
        match="integer division by zero",
        code="S005",
        name="i64 by a zero scalar, truncating",
        at="run",
    ),
    Error(
        (T("f32", (2,)), T("i32", (2,), [1, 2])),
        match="Divide's a and b must have one element type",
        code="S005",
        name="f32 with i32",
        at="lint",
    ),
    Error(
        (T("i32", (2,), [1, 2]), T("i32", (2,), [1, 2])),
        attrs={"m_pythondiv": "maybe"},
        match="m_pythondiv",
        code="O003",
        name="m_pythondiv not a boolean",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
