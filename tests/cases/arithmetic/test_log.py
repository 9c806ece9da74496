"""Log-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
# bf16: one ulp (2**-7 relative), as AVX2 machines round bf16 differently from AVX-512 ones.
F32, HALF, BF16 = dict(rtol=1e-6, atol=1e-7), dict(rtol=1e-3, atol=1e-3), dict(rtol=8e-3, atol=8e-3)

TABLE = Table(
    "Log",
    "opset1",
    cases=[
        Case((T("f32", (2, 3), low=1, high=100),), **F32),
        Case((T("f32", (7,), [1.0, 0.125, 2.0, 1e30, 1e-30, 7.5, INF]),), name="positive values", **F32),
        Case((T("f32", (5,), [0.0, -0.0, NAN, -1.0, -INF]),), name="zeros, NaN and negatives"),
        Case((T("f16", (2, 3), low=1, high=100),), **HALF),
        Case((T("bf16", (2, 3), low=1, high=100),), **BF16),
        Case((T("i32", (8,), [1, 2, 4, 5, 7, 8, 20, 2147483647]),), name="i32 rounds to nearest"),
        Case(
            (T("i32", (3,), [0, -5, 3]),),
            name="integer x <= 0",
            expect=([0, 0, 1],),
            plugin=([-2147483648, -2147483648, 1],),
            why="undefined in the spec; the plugin casts -inf/NaN to i32 (INT_MIN), irexec gives 0",
        ),
        Case((T("u8", (4,), [1, 3, 200, 255]),), name="u8"),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [10.0]),), name="scalar", **F32),
    ],
    errors=[
        Error((T("boolean", (2,)),), match="Log's x must be numeric", code="S005", at="lint", name="boolean"),
    ],
)

test_cases, test_errors = TABLE.pytest()
