"""Erf-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
# bf16: one ulp (2**-7 relative), as AVX2 machines round bf16 differently from AVX-512 ones.
F32, HALF, BF16 = dict(rtol=1e-6, atol=1e-7), dict(rtol=1e-3, atol=1e-3), dict(rtol=8e-3, atol=8e-3)

TABLE = Table(
    "Erf",
    "opset1",
    cases=[
        Case((T("f32", (4, 4)),), **F32),
        Case(
            (T("f32", (10,), [0.0, -0.0, 1e-20, 0.5, -0.75, 2.4999, 2.5, 3.75, 6.0, -10.0]),),
            name="small, split point, saturation",
            **F32,
        ),
        Case((T("f32", (3,), [INF, -INF, NAN]),), name="infinities and NaN"),
        Case((T("f16", (2, 3)),), **HALF),
        Case((T("bf16", (2, 3)),), **BF16),
        Case((T("i32", (7,), [-3, -1, 0, 1, 2, 5, 2147483647]),), name="i32 rounds to nearest"),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [0.25]),), name="scalar", **F32),
    ],
    errors=[
        Error((T("boolean", (2,)),), match="Erf's x must be numeric", code="S005", at="lint", name="boolean"),
    ],
)

test_cases, test_errors = TABLE.pytest()
