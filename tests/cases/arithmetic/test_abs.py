"""Abs-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "Abs",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)),)),
        Case((T("f32", (6,), [-INF, -1.5, -0.0, 0.0, 2.25, INF]),), name="signs and infinities"),
        Case((T("f32", (2,), [NAN, -NAN]),), name="NaN"),
        Case((T("f16", (2, 3)),)),
        Case((T("bf16", (2, 3)),)),
        Case((T("i32", (5,)),)),
        Case((T("i32", (3,), [-2147483648, -2147483647, 2147483647]),), name="i32 extremes"),
        Case((T("u8", (4,), [0, 1, 128, 255]),), name="u8"),
        Case(
            (T("i8", (4,), [-128, -127, 5, 127]),),
            name="i8 wraps",
            expect=([-128, 127, 5, 127],),
            plugin=([127, 127, 5, 127],),
            why="the plugin saturates i8: |-128| gives 127",
        ),
        Case(
            (T("i64", (4,), [-(2**40) - 1, 2**40 + 1, -(2**63), 3]),),
            name="i64 beyond i32",
            expect=([2**40 + 1, 2**40 + 1, -(2**63), 3],),
            plugin=([1, 1, 0, 3],),
            why="the plugin computes i64 in i32: the high bits are lost",
        ),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", ()),), name="scalar"),
    ],
    errors=[
        Error((T("boolean", (2,)),), match="Abs's x must be numeric", code="S005", at="lint", name="boolean"),
    ],
)

test_cases, test_errors = TABLE.pytest()
