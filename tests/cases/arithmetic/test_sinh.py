"""Sinh-1: cases against the CPU plugin."""

from cases.rows import Case, T, Table
from cases.unary import F32

from ._trig_rows import F32_I32_MAX, I32_MAX, I32_MIN, INF, NAN, eighths, float_cases, refusals

EXPECT_21, PLUGIN_21 = [659407867, -659407867], [659407872, -659407872]

TABLE = Table(
    "Sinh",
    "opset1",
    cases=[
        *float_cases(eighths(-8, 8), [INF, -INF, NAN, -0.0, 0.0, 1e30, -1e30], [INF, -INF, NAN, -0.0, 0.0, INF, -INF]),
        Case((T("f32", (4, 4)),), name="random", **F32),
        Case((T("f32", (4,), [88.5, -88.5, 1e-20, 20.0]),), name="near the f32 range", rtol=1e-6),
        Case((T("f16", (3,), [11.0, -11.0, 12.0]),), expect=([29936.0, -29936.0, INF],), name="f16 range"),
        Case((T("i32", (11,), [-12, -10, -3, -2, -1, 0, 1, 2, 3, 10, 12]),), name="i32 rounds to nearest"),
        Case(
            (T("i32", (2,), [21, -21]),),
            expect=(EXPECT_21,),
            plugin=(PLUGIN_21,),
            why="the plugin computes integers in f32: its results past 2**22 round",
            name="i32 past 2**24",
        ),
        Case(
            (T("i32", (3,), [-100, 100, 23]),),
            expect=([I32_MIN, I32_MAX, I32_MAX],),
            plugin=([I32_MIN, F32_I32_MAX, F32_I32_MAX],),
            why="the plugin computes integers in f32: past i32 it gives the largest f32 below 2**31",
            name="i32 past the type",
        ),
        Case((T("i8", (5,), [-6, -5, 5, 6, 100]),), expect=([-128, -74, 74, 127, 127],), name="i8 past the type"),
        Case((T("u8", (5,), [0, 5, 6, 100, 255]),), expect=([0, 74, 202, 255, 255],), name="u8 past the type"),
        Case(
            (T("i64", (3,), [3, -30, 2**40]),),
            expect=([10, -5343237290762, 2**63 - 1],),
            plugin=([10, I32_MIN, 0],),
            why="the plugin narrows i64 to i32",
            name="i64 beyond i32",
        ),
    ],
    errors=refusals("Sinh"),
)

test_cases, test_errors = TABLE.pytest()
