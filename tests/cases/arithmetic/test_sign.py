"""Sign-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "Sign",
    "opset1",
    cases=[
        Case((T("f32", (3, 4)),)),
        Case((T("f32", (8,), [-INF, -1e-30, -0.0, 0.0, 1e-30, 2.5, INF, -1e-45]),), name="zeros, tiny, infinities"),
        Case((T("f32", (2,), [NAN, -NAN]),), name="NaN"),
        Case((T("f16", (2, 3)),)),
        Case((T("bf16", (2, 3)),)),
        Case((T("i32", (5,), [-2147483648, -7, 0, 7, 2147483647]),), name="i32"),
        Case((T("u8", (4,), [0, 1, 128, 255]),), name="u8"),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [-3.75]),), name="scalar"),
    ],
    errors=[
        Error((T("boolean", (2,)),), match="Sign's x must be numeric", code="S005", at="lint", name="boolean"),
    ],
)

test_cases, test_errors = TABLE.pytest()
