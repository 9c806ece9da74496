"""Elu-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "Elu",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)),), {"alpha": "1.0"}, rtol=1e-6, atol=1e-7),
        Case((T("f32", (3, 4)),), {"alpha": "0.5"}, rtol=1e-6, atol=1e-7),
        Case((T("f32", (2, 3)),), {"alpha": "0"}, name="alpha 0 is Relu"),
        Case(
            (T("f32", (7,), [-INF, -20.0, -1.5, -0.0, 0.0, 2.25, INF]),),
            {"alpha": "2.0"},
            rtol=1e-6,
            atol=1e-7,
            name="signs and infinities",
        ),
        Case((T("f32", (1,), [NAN]),), {"alpha": "1.0"}, name="NaN"),
        Case((T("f16", (2, 3)),), {"alpha": "1.5"}, rtol=1e-3, atol=1e-3),
        Case((T("bf16", (2, 3)),), {"alpha": "1.5"}, rtol=1e-2, atol=1e-2),
        Case((T("f32", (0, 3)),), {"alpha": "1.0"}, name="empty"),
        Case((T("f32", ()),), {"alpha": "1.0"}, rtol=1e-6, name="scalar"),
    ],
    errors=[
        Error(
            (T("boolean", (2,)),),
            attrs={"alpha": "1.0"},
            match="Elu's x must be",
            code="S005",
            at="lint",
            name="boolean",
        ),
        Error(
            (T("i32", (2,)),), attrs={"alpha": "1.0"}, match="Elu's x must be", code="S005", at="lint", name="integer"
        ),
        Error((T("f32", (2,)),), match="alpha", code="O003", at="lint", name="alpha left out"),
        Error(
            (T("f32", (2,)),),
            attrs={"alpha": "-1"},
            match="alpha must be non-negative",
            code="O003",
            at="lint",
            name="negative alpha",
        ),
        Error((T("f32", (2,)),), attrs={"alpha": "x"}, match="alpha", code="O003", at="lint", name="alpha not a float"),
    ],
)

test_cases, test_errors = TABLE.pytest()
