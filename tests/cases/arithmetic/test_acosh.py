"""Acosh-3: cases against the CPU plugin (OpenVINO writes the layer as opset4)."""

from cases.rows import Case, T, Table
from cases.unary import F32

from ._trig_rows import I32_MAX, I32_MIN, INF, NAN, eighths, float_cases, refusals

TABLE = Table(
    "Acosh",
    "opset4",
    cases=[
        *float_cases(
            eighths(1, 8), [INF, -INF, NAN, 0.5, 0.0, -0.0, -2.0, 0.99999994], [INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN]
        ),
        Case((T("f32", (3,), [1e30, 3e38, 1.0000001]),), name="large values, just above 1", **F32),
        Case(
            (T("i32", (6,), [1, 2, 3, 6, 100, I32_MAX]),), expect=([0, 1, 2, 2, 5, 22],), name="i32 rounds to nearest"
        ),
        Case(
            (T("i32", (3,), [0, -5, I32_MIN]),),
            expect=([0, 0, 0],),
            plugin=([I32_MIN, I32_MIN, I32_MIN],),
            why="undefined in the spec; the plugin casts NaN to i32 (INT_MIN), irexec gives 0",
            name="i32 below 1",
        ),
        Case(
            (T("u8", (4,), [0, 1, 2, 255]),),
            expect=([0, 0, 1, 6],),
            plugin=([255, 0, 1, 6],),
            why="undefined in the spec; the plugin casts NaN to u8 (255 on AVX-512, 0 on AVX2), irexec gives 0",
            name="u8",
        ),
        Case((T("i8", (3,), [1, 10, 127], const=True),), name="i8 constant"),
        Case(
            (T("i64", (3,), [2**40, 3, 2**40 + 5]),),
            expect=([28, 2, 28],),
            plugin=([I32_MIN, 2, 2],),
            why="the plugin narrows i64 to i32",
            name="i64 beyond i32",
        ),
    ],
    errors=refusals("Acosh"),
)

test_cases, test_errors = TABLE.pytest()
