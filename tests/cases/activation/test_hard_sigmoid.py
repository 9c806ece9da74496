"""HardSigmoid-1: cases against the CPU plugin. The plugin needs alpha and beta constant: its
cases give them so; one case feeds them at run time to irexec alone."""

from cases.rows import Case, Error, T, Table
from cases.unary import BF16, F32, HALF

NAN, INF = float("nan"), float("inf")


def ab(alpha, beta, etype="f32", const=True):
    return T(etype, (), alpha, const=const), T(etype, (), beta, const=const)


TABLE = Table(
    "HardSigmoid",
    "opset1",
    cases=[
        Case((T("f32", (2, 3, 4)), *ab(0.2, 0.5)), **F32),
        Case((T("f32", (3, 4)), *ab(-0.5, 0.5)), name="negative alpha", **F32),
        Case((T("f32", (3, 4)), *ab(2.0, -1.0)), name="alpha 2, beta -1", **F32),
        Case(
            (T("f32", (9,), [-INF, -3.0, -2.5, -0.0, 0.0, 1.25, 2.5, 3.0, INF]), *ab(0.2, 0.5)),
            expect=([0, 0, 0, 0.5, 0.5, 0.75, 1, 1, 1],),
            name="edges of the ramp, infinities",
        ),
        Case((T("f32", (2,), [NAN, -NAN]), *ab(0.2, 0.5)), expect=([1, 1],), name="NaN gives 1"),
        Case((T("f32", (3,), [-1.0, 0.0, 1.0]), *ab(0.5, NAN)), expect=([1, 1, 1],), name="NaN beta gives 1"),
        Case(
            (T("f32", (2,), [INF, -INF]), *ab(0.0, 0.25)),
            expect=([1, 1],),
            plugin=([1, 0],),
            why="the CPU plugin takes an alpha of 0 for 0.2",
            name="0 * inf is NaN: 1",
        ),
        Case(
            (T("f32", (5,), [-5.0, -2.5, 0.0, 2.5, 5.0]), *ab(0.0, 0.25)),
            expect=([0.25] * 5,),
            plugin=([0, 0, 0.25, 0.75, 1],),
            why="the CPU plugin takes an alpha of 0 for 0.2",
            name="alpha 0",
        ),
        Case(
            (T("f32", (5,), [-2.0, -1.0, 0.0, 1.0, 2.0]), *ab(0.5, 0.0)),
            expect=([0, 0, 0, 0.5, 1],),
            plugin=([0, 0, 0.5, 1, 1],),
            why="the CPU plugin takes a beta of 0 for 0.5",
            name="beta 0",
        ),
        Case(
            (T("f32", (3,), [-2.5, 0.0, 2.5]), *ab(-0.0, 0.0)),
            expect=([0, 0, 0],),
            plugin=([0, 0.5, 1],),
            why="the CPU plugin takes an alpha of 0 for 0.2 and a beta of 0 for 0.5",
            name="alpha -0 and beta 0",
        ),
        Case((T("f16", (2, 3)), *ab(0.2, 0.5, "f16")), **HALF),
        Case((T("bf16", (2, 3)), *ab(0.2, 0.5, "bf16")), **BF16),
        Case(
            (T("f64", (4,), [-3.0, -0.5, 0.5, 2.0]), *ab(0.25, 0.5, "f64")), expect=([0, 0.375, 0.625, 1],), name="f64"
        ),
        Case(
            (T("f32", (6,), [-4.0, -1.0, 0.0, 0.5, 1.0, 3.0]), *ab(0.25, 0.5, const=False)),
            expect=([0, 0.25, 0.5, 0.625, 0.75, 1],),
            oracle=False,
            why="the CPU plugin needs alpha and beta constant",
            name="alpha and beta at run time",
        ),
        Case((T("f32", (0, 3)), *ab(0.2, 0.5)), name="empty"),
        Case((T("f32", (), [1.5]), *ab(0.2, 0.5)), name="scalar", **F32),
    ],
    errors=[
        Error(
            (T("boolean", (2,)), *ab(0.2, 0.5)), match="HardSigmoid's x must be", code="S005", at="lint", name="boolean"
        ),
        Error(
            (T("i32", (2,)), *ab(1, 0, "i32")), match="HardSigmoid's x must be", code="S005", at="lint", name="integer"
        ),
        Error(
            (T("f32", (2,)), T("f32", (1,), [0.2], const=True), T("f32", (), 0.5, const=True)),
            match="HardSigmoid's alpha must be a scalar, got \\[1\\]",
            code="S005",
            at="lint",
            name="alpha of rank 1",
        ),
        Error(
            (T("f32", (2,)), T("f32", (), 0.2), T("f32", (2,), [0.5, 0.5])),
            match="HardSigmoid's beta must be a scalar, got \\[2\\]",
            code="S005",
            at="lint",
            name="beta of rank 1",
        ),
        Error(
            (T("f32", (2,)), T("f16", (), 0.2), T("f32", (), 0.5)),
            match="x and alpha must have one element type",
            code="S005",
            at="lint",
            name="alpha of another type",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
