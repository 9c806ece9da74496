"""Sqrt-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
# bf16: one ulp (2**-7 relative), as AVX2 machines round bf16 differently from AVX-512 ones.
F32, HALF, BF16 = dict(rtol=1e-6), dict(rtol=1e-3), dict(rtol=8e-3)

TABLE = Table(
    "Sqrt",
    "opset1",
    cases=[
        Case((T("f32", (2, 3), low=0, high=8),), **F32),
        Case((T("f32", (7,), [0.0, -0.0, 0.25, 2.0, 1e30, 1e-30, INF]),), name="special values", **F32),
        Case((T("f32", (3,), [NAN, -1.0, -INF]),), name="NaN and negatives"),
        Case((T("f16", (2, 3), low=0, high=8),), **HALF),
        Case((T("bf16", (2, 3), low=0, high=8),), **BF16),
        Case((T("i32", (8,), [0, 1, 2, 3, 4, 6, 7, 2147483647]),), name="i32 rounds half up"),
        Case(
            (T("i32", (2,), [-4, 9]),),
            name="negative integer",
            expect=([0, 3],),
            plugin=([-2147483648, 3],),
            why="undefined in the spec; the plugin casts NaN to i32 (INT_MIN), irexec gives 0",
        ),
        Case((T("u8", (5,), [0, 2, 12, 13, 255]),), name="u8"),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [9.0]),), name="scalar"),
    ],
    errors=[
        Error((T("boolean", (2,)),), match="Sqrt's x must be numeric", code="S005", at="lint", name="boolean"),
    ],
)

test_cases, test_errors = TABLE.pytest()
