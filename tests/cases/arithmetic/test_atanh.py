"""Atanh-3: cases against the CPU plugin (OpenVINO writes the layer as opset4). Integers follow
the spec's rule: at or below -1 the type's min, at or above 1 its max."""

from cases.rows import Case, T, Table

from ._trig_rows import F32_I32_MAX, I32_MAX, I32_MIN, INF, NAN, eighths, float_cases, refusals

TABLE = Table(
    "Atanh",
    "opset4",
    cases=[
        *float_cases(
            eighths(-0.875, 0.875),
            [1.0, -1.0, INF, -INF, NAN, 1.125, -2.0, -0.0],
            [INF, -INF, NAN, NAN, NAN, NAN, NAN, -0.0],
        ),
        Case(
            (T("i32", (3,), [-1, 0, 1]),),
            expect=([I32_MIN, 0, I32_MAX],),
            plugin=([I32_MIN, 0, F32_I32_MAX],),
            why="the plugin computes integers in f32: +inf gives the largest f32 below 2**31",
            name="i32 -1, 0, 1",
        ),
        Case(
            (T("i32", (4,), [-5, -2, 2, 100]),),
            expect=([I32_MIN, I32_MIN, I32_MAX, I32_MAX],),
            plugin=([I32_MIN] * 4,),
            why="the plugin casts NaN to i32 (INT_MIN) where the spec gives max",
            name="i32 outside [-1, 1]",
        ),
        Case(
            (T("i8", (5,), [-2, -1, 0, 1, 2]),),
            expect=([-128, -128, 0, 127, 127],),
            plugin=([-128, -128, 0, 127, -128],),
            why="the plugin casts NaN to i8 (-128) where the spec gives max",
            name="i8",
        ),
        Case(
            (T("u8", (4,), [0, 1, 2, 255]),),
            expect=([0, 255, 255, 255],),
            plugin=[([0, 255, 0, 0],)],
            why="an AVX2 machine's plugin casts NaN to u8 as 0 (AVX-512: 255, the spec's value)",
            name="u8: above 0 is max",
        ),
        Case(
            (T("i32", (3,), [-3, 0, 3], const=True),),
            expect=([I32_MIN, 0, I32_MAX],),
            name="i32 constant (OpenVINO folds it as the spec says)",
        ),
        Case(
            (T("i64", (3,), [0, -3, 1]),),
            expect=([0, -(2**63), 2**63 - 1],),
            plugin=([0, I32_MIN, F32_I32_MAX],),
            why="the plugin narrows i64 to i32",
            name="i64",
        ),
    ],
    errors=refusals("Atanh"),
)

test_cases, test_errors = TABLE.pytest()
