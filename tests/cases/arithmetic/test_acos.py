"""Acos-1: cases against the CPU plugin."""

from cases.rows import Case, T, Table

from ._trig_rows import I32_MIN, INF, NAN, eighths, float_cases, refusals

TABLE = Table(
    "Acos",
    "opset1",
    cases=[
        *float_cases(eighths(-1, 1), [INF, -INF, NAN, 1.125, -2.0, 1e30], [NAN, NAN, NAN, NAN, NAN, NAN]),
        Case((T("i32", (3,), [-1, 0, 1]),), expect=([3, 2, 0],), name="i32 -1, 0, 1"),
        Case(
            (T("i32", (4,), [-5, 2, 0, 100]),),
            expect=([0, 0, 2, 0],),
            plugin=([I32_MIN, I32_MIN, 2, I32_MIN],),
            why="undefined in the spec; the plugin casts NaN to i32 (INT_MIN), irexec gives 0",
            name="i32 outside [-1, 1]",
        ),
        Case(
            (T("u8", (4,), [0, 1, 2, 255]),),
            expect=([2, 0, 0, 0],),
            plugin=([2, 0, 255, 255],),
            why="undefined in the spec; the plugin casts NaN to u8 (255 on AVX-512, 0 on AVX2), irexec gives 0",
            name="u8",
        ),
        Case((T("i8", (3,), [-1, 1, 0], const=True),), expect=([3, 0, 2],), name="i8 constant"),
        Case((T("i64", (3,), [-1, 1, 0]),), name="i64"),
    ],
    errors=refusals("Acos"),
)

test_cases, test_errors = TABLE.pytest()
