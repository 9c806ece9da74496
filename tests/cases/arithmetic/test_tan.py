"""Tan-1: cases against the CPU plugin."""

from cases.rows import Case, T, Table
from cases.unary import F32

from ._trig_rows import INF, NAN, eighths, float_cases, refusals

TABLE = Table(
    "Tan",
    "opset1",
    cases=[
        *float_cases(eighths(-8, 8), [INF, -INF, NAN, -0.0, 0.0], [NAN, NAN, NAN, -0.0, 0.0]),
        Case((T("f32", (4, 4)),), name="random", **F32),
        Case(
            (T("f32", (8,), [1e-20, 1.5707964, 3.1415927, -6.2831855, 50.0, -100.25, 1e6, -1e6]),),
            name="near the poles, larger angles",
            **F32,
        ),
        Case((T("i32", (5,), [-2, -1, 0, 1, 2]),), expect=([2, -2, 0, 2, -2],), name="the spec's example"),
        Case((T("i32", (11,), [-100, -5, -3, -2, -1, 0, 1, 2, 3, 5, 100]),), name="i32 rounds to nearest"),
        Case((T("u8", (7,), [0, 1, 2, 3, 5, 100, 255]),), name="u8: a negative result is 0"),
        Case(
            (T("i8", (5,), [-11, 11, 1, 127, -128]),),
            expect=([127, -128, 2, 4, 1],),
            name="i8: past the type is its min or max",
        ),
        Case(
            (T("i64", (4,), [-3, 3, 2**40 + 1, 100]),),
            expect=([0, 0, 6, -1],),
            plugin=([0, 0, 2, -1],),
            why="the plugin narrows i64 to i32",
            name="i64 beyond i32",
        ),
        Case(
            (T("u32", (3,), [1, 2, 5]),),
            expect=([2, 0, 0],),
            plugin=([2, 4294967294, 4294967293],),
            why="the plugin wraps a negative result of u32",
            name="u32 negative results",
        ),
    ],
    errors=refusals("Tan"),
)

test_cases, test_errors = TABLE.pytest()
