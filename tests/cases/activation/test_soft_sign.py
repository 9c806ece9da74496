"""SoftSign-9: cases against the CPU plugin."""

from cases.rows import Case, T, Table
from cases.unary import BF16, F32, HALF, float_only_refusals

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "SoftSign",
    "opset9",
    cases=[
        Case((T("f32", (2, 3, 4)),), **F32),
        Case((T("f32", (8,), [-1e30, -20.0, -1.5, -0.0, 0.0, 0.25, 3.0, 1e30]),), name="signs, large values", **F32),
        Case((T("f32", (3,), [INF, -INF, NAN]),), expect=([NAN, NAN, NAN],), name="infinities give NaN, NaN stays"),
        Case((T("f16", (2, 3)),), **HALF),
        Case((T("f16", (3,), [65504.0, -65504.0, -0.0]),), name="f16 extremes", **HALF),
        Case((T("bf16", (2, 3)),), **BF16),
        Case((T("f64", (4,), [-3.0, -0.5, 0.5, 1e300]),), name="f64", **F32),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [-3.0]),), name="scalar", expect=(-0.75,)),
    ],
    errors=float_only_refusals("SoftSign"),
)

test_cases, test_errors = TABLE.pytest()
