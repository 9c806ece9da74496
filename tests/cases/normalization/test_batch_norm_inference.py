"""BatchNormInference-1 and -5: cases against the CPU plugin, each run under both versions with
its inputs in that version's order (-1: gamma, beta, data, mean, variance; -5: data first).

The plugin folds the vectors into a scale and a shift: f32 results agree within a few ulp."""

import numpy as np

from cases.rows import Case, Error, T, Table

F32 = {"rtol": 1e-5, "atol": 1e-5}
NAN = float("nan")


def ordered(version, data, gamma, beta, mean, variance):
    return (gamma, beta, data, mean, variance) if version == "opset1" else (data, gamma, beta, mean, variance)


def vectors(c, etype="f32", const=False):
    """gamma, beta, mean (random) and a variance of integers in [0, 5), all C long."""
    return (
        T(etype, (c,), const=const),
        T(etype, (c,), const=const),
        T(etype, (c,), const=const),
        T(etype, (c,), low=0, high=5, const=const),
    )


def both(data, vecs, **kw):
    """The case under each version, its inputs in that version's order."""
    return [Case(ordered(v, data, *vecs), versions=(v,), **kw) for v in ("opset1", "opset5")]


def both_errors(data, vecs, **kw):
    return [Error(ordered(v, data, *vecs), versions=(v,), **kw) for v in ("opset1", "opset5")]


EPS = {"epsilon": "0.01"}
X = np.array([1, 2, -4, 3, -1, 0.5], np.float32).reshape(1, 2, 3)
ONE, ZERO = T("f32", (2,), [1, 1]), T("f32", (2,), [0, 0])

TABLE = Table(
    "BatchNormInference",
    ("opset1", "opset5"),
    cases=[
        *both(T("f32", (2, 3, 4, 5)), vectors(3), attrs=EPS, **F32),
        *both(
            T("f32", (2, 3, 4, 5)), vectors(3, const=True), attrs={"epsilon": "1e-5"}, **F32, name="constant vectors"
        ),
        *both(T("f32", (10, 8)), vectors(8), attrs={"epsilon": "0.5"}, **F32, name="2-D"),
        *both(T("f32", (2, 4, 3)), vectors(4, const=True), attrs=EPS, **F32, name="3-D"),
        *both(T("f32", (1, 2, 2, 3, 2)), vectors(2), attrs=EPS, **F32, name="5-D"),
        *both(T("f32", (3, 1, 2)), vectors(1), attrs=EPS, **F32, name="one channel"),
        *both(
            T("f32", (2, 3)),
            (T("f32", (3,)), T("f32", (3,)), T("f32", (3,)), T("f32", (3,), low=1, high=5)),
            attrs={"epsilon": "0"},
            **F32,
            name="epsilon 0",
        ),
        *both(
            T("f32", (1, 2, 3), X),
            (ONE, ZERO, ZERO, T("f32", (2,), [-4, 4])),
            attrs={"epsilon": "0"},
            expect=([[[NAN] * 3, [1.5, -0.5, 0.25]]],),
            name="negative variance: NaN",
        ),
        *both(T("f32", (0, 3, 2)), vectors(3), attrs=EPS, name="no samples"),
        *both(T("f32", (2, 3, 0)), vectors(3), attrs=EPS, name="empty"),
        *both(T("f16", (2, 3, 4)), vectors(3, "f16"), attrs=EPS, rtol=2e-3, atol=2e-3),
        *both(T("bf16", (2, 3, 4)), vectors(3, "bf16"), attrs=EPS, rtol=2**-7, atol=2**-6),
        *both(
            T("bf16", (1, 1, 4), [8, 8.125, 7.5, -1]),
            tuple(T("bf16", (1,), [v], const=True) for v in (1, 0, 7.875, 0)),
            attrs=EPS,
            expect=([[[1.25, 2.5, -3.75, -89]]],),
            plugin=([[[1, 2.25, -4, -89]]],),
            why="with constant bf16 vectors the plugin folds them into a scale and a shift rounded to bf16 "
            "(the shift -78.75 becomes -79); the spec computes in f32 and rounds once",
            name="bf16 constant vectors",
        ),
    ],
)
TABLE.errors = [
    *both_errors(
        T("f32", (2, 3, 4)),
        (T("f32", (4,)), *vectors(3)[1:]),
        attrs=EPS,
        match=r"gamma has 4 values, the data's channels \(3\) differ",
        code="S005",
        name="gamma too long",
        at="lint",
    ),
    *both_errors(
        T("f32", (2, 3, 4)),
        (*vectors(3)[:3], T("f32", (2,))),
        attrs=EPS,
        match=r"variance has 2 values",
        code="S005",
        name="variance too short",
        at="lint",
    ),
    *both_errors(
        T("f32", (2, 3, 4)),
        (*vectors(3)[:2], T("f32", (1, 3)), vectors(3)[3]),
        attrs=EPS,
        match=r"mean must be 1-D",
        code="S005",
        name="2-D mean",
        at="lint",
    ),
    *both_errors(
        T("f32", (3,)),
        vectors(3),
        attrs=EPS,
        match="data must have rank 2 or more",
        code="S005",
        name="1-D data",
        at="lint",
    ),
    *both_errors(
        T("f32", (2, 0, 3)),
        vectors(0),
        attrs=EPS,
        match="1 channel or more",
        code="S005",
        name="no channels",
        at="lint",
    ),
    *both_errors(
        T("f32", (2, 3)), vectors(3), match="required attribute 'epsilon'", code="O003", name="no epsilon", at="lint"
    ),
    *both_errors(
        T("f32", (2, 3)),
        vectors(3),
        attrs={"epsilon": "-0.001"},
        match="epsilon must be a non-negative",
        code="O003",
        name="negative epsilon",
        at="lint",
    ),
    *both_errors(
        T("i32", (2, 3)),
        vectors(3, "i32"),
        attrs=EPS,
        match="must be of a floating-point type",
        code="S005",
        name="i32",
        at="lint",
    ),
    *both_errors(
        T("f32", (2, 3)),
        (*vectors(3)[:3], T("f16", (3,))),
        attrs=EPS,
        match="must have one element type",
        code="S005",
        name="f16 variance",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
