"""HSigmoid: cases against the CPU plugin."""

from cases.rows import Case, T, Table
from cases.unary import float_only_refusals

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "HSigmoid",
    "opset5",
    cases=[
        Case((T("f32", (2, 3, 4)),), rtol=1e-6, atol=1e-7),
        Case(
            (T("f32", (9,), [-INF, -4.0, -3.0, -1.5, -0.0, 0.0, 2.25, 3.0, 5.0]),),
            rtol=1e-6,
            atol=1e-7,
            name="signs and the corners",
        ),
        Case((T("f32", (1,), [INF]),), rtol=1e-6, name="inf"),
        Case(
            (T("f32", (1,), [NAN]),),
            expect=([NAN],),
            plugin=[([0.0],), ([NAN],)],
            why="the CPU plugin's hsigmoid gives 0 for NaN",
            name="NaN",
        ),
        Case((T("f16", (2, 3)),), rtol=1e-3, atol=1e-3),
        Case((T("bf16", (2, 3)),), rtol=1e-2, atol=1e-2),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", ()),), rtol=1e-6, name="scalar"),
    ],
    errors=[
        *float_only_refusals("HSigmoid"),
    ],
)

test_cases, test_errors = TABLE.pytest()
