"""Cos-1: cases against the CPU plugin."""
from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
# bf16: one ulp (2**-7 relative), as AVX2 machines round bf16 differently from AVX-512 ones.
F32, HALF, BF16 = dict(rtol=1e-6, atol=1e-6), dict(rtol=1e-3, atol=1e-3), dict(rtol=8e-3, atol=8e-3)

TABLE = Table("Cos", "opset1", cases=[
    Case((T("f32", (4, 4)),), **F32),
    Case((T("f32", (8,), [0.0, -0.0, 1e-20, 1.5707964, 3.1415927, -6.2831855, 50.0, -100.25]),),
         name="zeros, multiples of pi, larger angles", **F32),
    Case((T("f32", (3,), [INF, -INF, NAN]),), name="infinities and NaN"),
    Case((T("f16", (2, 3)),), **HALF),
    Case((T("bf16", (2, 3)),), **BF16),
    Case((T("i32", (8,), [-3, -1, 0, 1, 2, 4, 5, 100]),), name="i32 rounds to nearest"),
    Case((T("u8", (4,), [0, 3, 7, 255]),), name="u8"),
    Case((T("f32", (0, 3)),), name="empty"),
    Case((T("f32", (), [0.25]),), name="scalar", **F32),
], errors=[
    Error((T("boolean", (2,)),), match="Cos's x must be numeric", code="S005", at="lint", name="boolean"),
])

test_cases, test_errors = TABLE.pytest()
