"""Atan-1: cases against the CPU plugin."""

from cases.rows import Case, T, Table
from cases.unary import F32

from ._trig_rows import I32_MAX, I32_MIN, INF, NAN, eighths, float_cases, refusals

TABLE = Table(
    "Atan",
    "opset1",
    cases=[
        *float_cases(eighths(-8, 8), [NAN, -0.0, 0.0], [NAN, -0.0, 0.0]),
        Case((T("f32", (6,), [INF, -INF, 1e30, -1e30, 1e-30, 100.0]),), name="infinities, large values", **F32),
        Case(
            (T("i32", (9,), [-100, -3, -1, 0, 1, 3, 100, I32_MAX, I32_MIN]),),
            expect=([-2, -1, -1, 0, 1, 1, 2, 2, -2],),
            name="i32 rounds to nearest",
        ),
        Case((T("u8", (4,), [0, 1, 2, 255]),), name="u8"),
        Case((T("i8", (3,), [-128, 0, 127], const=True),), name="i8 constant"),
        Case(
            (T("i64", (3,), [-(2**40), 3, 2**40]),),
            expect=([-2, 1, 2],),
            plugin=([0, 1, 0],),
            why="the plugin narrows i64 to i32",
            name="i64 beyond i32",
        ),
    ],
    errors=refusals("Atan"),
)

test_cases, test_errors = TABLE.pytest()
