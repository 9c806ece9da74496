"""Mod-1: cases against the CPU plugin. The remainder takes the dividend's sign (C's fmod); for
floats OpenVINO's ``a - trunc(a / b) * b``, so x mod inf is NaN and -0 mod y is +0.

The plugin computes integer Mod in f32: dividends beyond 2^24 are a ``plugin`` row. Integer
division by zero is an error."""

from cases.broadcasting import broadcast_errors, partial_shapes, remainder_by_zero, remainder_cases
from cases.rows import Case, Error, T, Table

INF, NAN = float("inf"), float("nan")
A, B = [7, -7, 7, -7, 1, -1, 0, 100, -100, 5], [2, 2, -2, -2, 3, 3, 5, -7, 7, -5]
FA, FB = [5.0, INF, -0.0, 7.5, -7.5, 5.0, -6.0], [INF, 2.0, 3.0, -2.0, 2.0, 0.0, 4.0]

TABLE = Table(
    "Mod",
    "opset1",
    cases=[
        *remainder_cases(A, B),
        Case(
            (T("f32", (7,), FA), T("f32", (7,), FB)),
            expect=([NAN, NAN, 0.0, 1.5, -1.5, NAN, -2.0],),
            name="f32 inf, -0, x mod 0",
        ),
        Case((T("f16", (7,), FA), T("f16", (7,), FB)), name="f16 inf, -0, x mod 0"),
        Case((T("bf16", (7,), FA), T("bf16", (7,), FB)), name="bf16 inf, -0, x mod 0"),
        Case(
            (T("i32", (3,), [16777217, 2147483647, 1000000007]), T("i32", (3,), [16777216, 2, 3])),
            expect=([1, 1, 2],),
            plugin=([0, 0, 0],),
            why="the plugin computes integer Mod in f32",
        ),
        Case(
            (T("i64", (1,), [2**32 + 7]), T("i64", (1,), [5])),
            expect=([3],),
            plugin=([2],),
            why="the plugin narrows i64 to i32",
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
    *remainder_by_zero(),
    Error(
        (T("i32", (2,), [1, 2]), T("u8", (2,), [1, 2])),
        match="Mod's a and b must have one element type",
        code="S005",
        name="i32 with u8",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
