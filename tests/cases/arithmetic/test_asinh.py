"""Asinh-3: cases against the CPU plugin (OpenVINO writes the layer as opset4)."""

from cases.rows import Case, T, Table
from cases.unary import F32

from ._trig_rows import I32_MAX, I32_MIN, INF, NAN, eighths, float_cases, refusals

TABLE = Table(
    "Asinh",
    "opset4",
    cases=[
        *float_cases(eighths(-8, 8), [INF, -INF, NAN, -0.0, 0.0], [INF, -INF, NAN, -0.0, 0.0]),
        Case((T("f32", (4,), [1e30, -1e30, 1e-30, 3e38]),), name="large values", **F32),
        Case(
            (T("i32", (9,), [-100, -3, -1, 0, 1, 3, 100, I32_MAX, I32_MIN]),),
            expect=([-5, -2, -1, 0, 1, 2, 5, 22, -22],),
            name="i32 rounds to nearest",
        ),
        Case((T("u8", (4,), [0, 1, 2, 255]),), name="u8"),
        Case((T("i8", (3,), [-128, 0, 127], const=True),), name="i8 constant"),
        Case(
            (T("i64", (3,), [-(2**40), 3, 2**40]),),
            expect=([-28, 2, 28],),
            plugin=([0, 2, 0],),
            why="the plugin narrows i64 to i32",
            name="i64 beyond i32",
        ),
    ],
    errors=refusals("Asinh"),
)

test_cases, test_errors = TABLE.pytest()
