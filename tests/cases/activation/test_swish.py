"""Swish-4: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table
from cases.unary import float_only_refusals

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "Swish",
    "opset4",
    cases=[
        Case((T("f32", (2, 3, 4)),), rtol=1e-6, atol=1e-7, name="beta left out"),
        Case((T("f32", (2, 3, 4)), T("f32", (), [0.75])), rtol=1e-6, atol=1e-7, name="beta at run time"),
        Case((T("f32", (3, 4)), T("f32", (), [1.5], const=True)), rtol=1e-6, atol=1e-7, name="beta constant"),
        Case((T("f32", (3, 4)), T("f32", (), [-2.0])), rtol=1e-6, atol=1e-7, name="negative beta"),
        Case((T("f32", (3,)), T("f32", (), [0.0])), rtol=1e-6, name="beta 0 halves x"),
        Case((T("f32", (6,), [-30.0, -1.5, -0.0, 0.0, 2.25, 30.0]),), rtol=1e-6, atol=1e-7, name="signs, large values"),
        Case((T("f32", (2,), [INF, NAN]),), name="inf and NaN"),
        Case((T("f32", (1,), [-INF]),), name="-inf"),
        Case((T("f16", (2, 3)), T("f16", (), [1.25])), rtol=1e-3, atol=1e-3),
        Case((T("bf16", (2, 3)),), rtol=1e-2, atol=1e-2),
        Case((T("f32", (0, 3)), T("f32", (), [2.0])), name="empty"),
        Case((T("f32", ()),), rtol=1e-6, name="scalar"),
    ],
    errors=[
        *float_only_refusals("Swish"),
        Error((T("f32", (2,)), T("f16", ())), match="beta", code="S005", at="lint", name="beta of another type"),
        Error(
            (T("f32", (2,)), T("f32", (1,), [1.0])),
            match="beta must be a scalar",
            code="S005",
            at="lint",
            name="beta of rank 1",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
