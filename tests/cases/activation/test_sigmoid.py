"""Sigmoid-1: cases against the CPU plugin."""

from cases.rows import Case, T, Table
from cases.unary import float_only_refusals

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "Sigmoid",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)),), rtol=1e-6, atol=1e-7),
        Case(
            (T("f32", (7,), [-INF, -20.0, -1.5, -0.0, 0.0, 2.25, INF]),),
            rtol=1e-6,
            atol=1e-7,
            name="signs and infinities",
        ),
        Case((T("f32", (1,), [NAN]),), name="NaN"),
        Case((T("f16", (2, 3)),), rtol=1e-3, atol=1e-3),
        Case((T("bf16", (2, 3)),), rtol=1e-2, atol=1e-2),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", ()),), rtol=1e-6, name="scalar"),
    ],
    errors=[
        *float_only_refusals("Sigmoid"),
    ],
)

test_cases, test_errors = TABLE.pytest()
