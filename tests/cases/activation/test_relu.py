"""Relu-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "Relu",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)),)),
        Case((T("f32", (6,), [-INF, -1.5, -0.0, 0.0, 2.25, INF]),), name="signs and infinities"),
        Case((T("f32", (2,), [NAN, -NAN]),), name="NaN"),
        Case((T("f16", (2, 3)),)),
        Case((T("bf16", (2, 3)),)),
        Case((T("i32", (5,)),)),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", ()),), name="scalar"),
    ],
    errors=[
        Error((T("boolean", (2,)),), match="Relu's x must be numeric", code="S005", at="lint", name="boolean"),
    ],
)

test_cases, test_errors = TABLE.pytest()
