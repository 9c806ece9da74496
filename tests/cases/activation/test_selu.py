"""Selu-1: cases against the CPU plugin. The plugin needs alpha and lambda constant: its cases
give them so; one case feeds them at run time to irexec alone."""

from cases.rows import Case, Error, T, Table
from cases.unary import BF16, F32, HALF

NAN, INF = float("nan"), float("inf")
ALPHA, LAMBDA = 1.6732632, 1.050701


def al(alpha=ALPHA, lam=LAMBDA, etype="f32", shape=(1,), const=True):
    """alpha and lambda, of ``shape`` ([1] as the spec says, or () as the ONNX frontend writes)."""
    values = ([alpha], [lam]) if shape else (alpha, lam)
    return tuple(T(etype, shape, v, const=const) for v in values)


TABLE = Table(
    "Selu",
    "opset1",
    cases=[
        Case((T("f32", (2, 3, 4)), *al()), **F32),
        Case((T("f32", (3, 4)), *al(0.5, 2.0)), name="other alpha and lambda", **F32),
        Case((T("f32", (3, 4)), *al(shape=())), name="scalar alpha and lambda (as the ONNX frontend writes)", **F32),
        Case(
            (T("f32", (3,)), T("f32", (1, 1), [[ALPHA]], const=True), T("f32", (), LAMBDA, const=True)),
            name="alpha [1,1]",
            **F32,
        ),
        Case(
            (T("f32", (6,), [-20.0, -1.0, -0.0, 0.0, 1e-8, 30.0]), *al(0.5, -2.0)), name="negative lambda, zeros", **F32
        ),
        Case((T("f32", (3,), [INF, -INF, NAN]), *al(2.0, 1.5)), expect=([INF, -3.0, NAN],), name="infinities and NaN"),
        Case((T("f32", (2,), [-1.0, 1.0]), *al(1.0, NAN)), expect=([NAN, NAN],), name="NaN lambda"),
        Case((T("f16", (2, 3)), *al(etype="f16")), **HALF),
        Case((T("bf16", (2, 3)), *al(etype="bf16")), **BF16),
        Case((T("f64", (3,)), *al(etype="f64")), **F32),
        Case(
            (T("f32", (4,), [-2.0, -0.0, 0.5, 4.0]), *al(1.0, 2.0, const=False)),
            expect=([-1.7293295, -0.0, 1.0, 8.0],),
            oracle=False,
            why="the CPU plugin needs alpha and lambda constant",
            name="alpha and lambda at run time",
        ),
        Case((T("f32", (0, 3)), *al()), name="empty"),
        Case((T("f32", ()), *al()), name="scalar", **F32),
    ],
    errors=[
        Error((T("boolean", (2,)), *al()), match="Selu's x must be", code="S005", at="lint", name="boolean"),
        Error(
            (T("i32", (2,)), T("i32", (1,), [1]), T("i32", (1,), [1])),
            match="Selu's x must be",
            code="S005",
            at="lint",
            name="integer",
        ),
        Error(
            (T("f32", (2,)), T("f32", (2,), [1.0, 2.0], const=True), T("f32", (1,), [1.0])),
            match="Selu's alpha must hold one element, got shape \\[2\\]",
            code="S005",
            at="lint",
            name="alpha of 2",
        ),
        Error(
            (T("f32", (2,)), T("f32", (1,), [1.0]), T("f32", (1, 2), [[1.0, 2.0]])),
            match="Selu's lambda must hold one element, got shape \\[1,2\\]",
            code="S005",
            at="lint",
            name="lambda of 2",
        ),
        Error(
            (T("f32", (2,)), T("f32", (1,), [1.0]), T("f16", (1,), [1.0])),
            match="alpha and lambda must have one element type|x and lambda must have one element type",
            code="S005",
            at="lint",
            name="lambda of another type",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
