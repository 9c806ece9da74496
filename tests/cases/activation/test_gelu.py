"""Gelu-2 and Gelu-7: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table
from cases.unary import float_only_refusals

NAN, INF = float("nan"), float("inf")
V7 = ("opset7",)
TANH = {"approximation_mode": "tanh"}
ERF = {"approximation_mode": "erf"}

TABLE = Table(
    "Gelu",
    ("opset2", "opset7"),
    cases=[
        Case((T("f32", (2, 3, 4)),), rtol=1e-6, atol=1e-6, name="erf by default"),
        Case((T("f32", (2, 3, 4)),), ERF, versions=V7, rtol=1e-6, atol=1e-6, name="erf"),
        Case((T("f32", (2, 3, 4)),), TANH, versions=V7, rtol=1e-6, atol=1e-6, name="tanh"),
        Case(
            (T("f32", (7,), [-6.0, -1.5, -0.0, 0.0, 0.5, 2.25, 30.0]),),
            rtol=1e-6,
            atol=1e-6,
            name="signs and large values",
        ),
        Case(
            (T("f32", (7,), [-6.0, -1.5, -0.0, 0.0, 0.5, 2.25, 30.0]),),
            TANH,
            versions=V7,
            rtol=1e-6,
            atol=1e-6,
            name="tanh: signs and large values",
        ),
        Case(
            (T("f32", (2,), [INF, NAN]),),
            expect=([INF, NAN],),
            plugin=[([NAN, NAN],), ([INF, NAN],)],
            why="the CPU plugin's erf-mode Gelu gives NaN for +inf on an AVX-512 machine",
            name="inf and NaN",
        ),
        Case((T("f32", (2,), [INF, NAN]),), TANH, versions=V7, name="tanh: inf and NaN"),
        Case((T("f32", (1,), [-INF]),), name="-inf"),
        Case((T("f32", (1,), [-INF]),), TANH, versions=V7, name="tanh: -inf"),
        Case((T("f16", (2, 3)),), rtol=1e-3, atol=1e-3),
        Case((T("f16", (2, 3)),), TANH, versions=V7, rtol=1e-3, atol=1e-3),
        Case((T("bf16", (2, 3)),), rtol=1e-2, atol=1e-2),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", ()),), rtol=1e-6, atol=1e-6, name="scalar"),
    ],
    errors=[
        *float_only_refusals("Gelu"),
        Error(
            (T("f32", (2,)),),
            attrs={"approximation_mode": "sigmoid"},
            versions=V7,
            match="approximation_mode",
            code="O003",
            at="lint",
            name="bad approximation_mode",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
