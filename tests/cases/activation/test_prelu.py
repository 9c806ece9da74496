"""PReLU-1: cases against the CPU plugin: the slope per channel (a 1-D slope as long as dim 1,
even where it is as long as the last dim too) or broadcast as NumPy does, one way."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.unary import BF16, HALF

NAN, INF = float("nan"), float("inf")
S3 = [0.5, 2.0, 0.25]  # positive: random data holds zeros, whose sign an AVX2 plugin flips by a negative slope
S3N = [0.5, 2.0, -1.0]
POS = {"low": 1, "high": 8}  # random slopes: positive (integers 1 to 7) for the same reason


def channels(x, slope):
    """The spec's per-channel result for 4-D ``x``."""
    x = np.asarray(x, np.float32)
    s = np.asarray(slope, np.float32).reshape(-1, 1, 1)
    return np.where(x < 0, x * s, x)


F64_X, F64_S = np.array([[-1.0, 2.0, -3.0], [-4.0, 5.0, -6.0]]), np.array([0.1, 0.2, 0.3])
X4 = -np.arange(1, 55, dtype=np.float32).reshape(2, 3, 3, 3) / 8

TABLE = Table(
    "PReLU",
    "opset1",
    cases=[
        Case((T("f32", (2, 3, 4, 5)), T("f32", (3,), S3))),
        Case((T("f32", (2, 3, 4, 5)), T("f32", (3,), S3, const=True)), name="per channel, constant slope"),
        Case(
            (T("f32", (2, 3, 3, 3), X4), T("f32", (3,), S3N)),
            expect=(channels(X4, S3N),),
            name="[3] on [2,3,3,3]: per channel, not along the last dim",
        ),
        Case((T("f32", (2, 3, 4, 5)), T("f32", (5,), [0.1, 0.2, 0.3, 0.4, 0.5])), name="[5] along the last dim"),
        Case((T("f32", (2, 3, 4, 5)), T("f32", (4, 5), **POS)), name="[4,5] broadcast"),
        Case((T("f32", (2, 3, 4, 5)), T("f32", (3, 1, 1), **POS)), name="[3,1,1] broadcast"),
        Case((T("f32", (2, 3, 4, 5)), T("f32", (1, 3, 1, 1), const=True, **POS)), name="[1,3,1,1], same rank"),
        Case((T("f32", (2, 3, 4)), T("f32", (2, 3, 4), **POS)), name="slope of the data's shape"),
        Case((T("f32", (2, 3, 4)), T("f32", (1,), [0.25])), name="[1] everywhere"),
        Case((T("f32", (5,)), T("f32", (5,), **POS)), name="1-D data"),
        Case((T("f32", (4, 3)), T("f32", (3,), **POS)), name="2-D data, channels last"),
        Case((T("f32", (1, 1)), T("f32", (1,), [3.0])), name="1-sized dims"),
        Case(
            (
                T("f32", (10,), [NAN, -0.0, 0.0, -INF, INF, -2.0, 0.0, -0.0, -1.0, -INF]),
                T("f32", (10,), [2.0, 2.0, 2.0, 2.0, 2.0, 2.0, INF, INF, NAN, 0.0]),
            ),
            expect=([NAN, -0.0, 0.0, -INF, INF, -4.0, 0.0, -0.0, NAN, NAN],),
            plugin=[([NAN, -0.0, 0.0, -INF, INF, -4.0, NAN, NAN, NAN, NAN],)],
            why="an AVX2 machine's plugin multiplies zeros by the slope (0 * inf is NaN)",
            name="special values",
        ),
        Case(
            (T("f32", (4,), [0.0, -0.0, 0.0, -0.0]), T("f32", (4,), [-1.0, -1.0, 2.0, 2.0])),
            expect=([0.0, -0.0, 0.0, -0.0],),
            plugin=[([-0.0, 0.0, 0.0, -0.0],)],
            why="an AVX2 machine's plugin multiplies zeros by a negative slope (+0 gives -0)",
            name="zeros, negative slope",
        ),
        Case((T("f16", (2, 3, 4)), T("f16", (3,), [0.5, 2.0, 0.25])), **HALF),
        Case((T("bf16", (2, 3, 4)), T("bf16", (4,), [0.5, 2.0, 0.25, 8.0])), **BF16),
        Case(
            (T("f64", (2, 3), F64_X), T("f64", (3,), F64_S)),
            expect=(np.where(F64_X < 0, F64_X * F64_S, F64_X),),
            plugin=(
                np.where(F64_X < 0, F64_X.astype(np.float32) * F64_S.astype(np.float32), F64_X).astype(np.float64),
            ),
            why="the plugin computes f64 in f32",
            name="f64",
        ),
        Case((T("f32", (0, 3)), T("f32", (3,), **POS)), name="empty"),
        Case((T("f32", (2, 0, 4)), T("f32", (4,), **POS)), name="empty channels"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3)), T("f32", (), 0.5)),
        match="PReLU's slope must have rank 1 or more, got a scalar",
        code="S005",
        at="lint",
        name="scalar slope",
    ),
    Error(
        (T("f32", (2, 3, 4, 5)), T("f32", (4,))),
        match=r"PReLU's slope \[4\] neither matches the data's "
        r"channels \(dim 1\) nor broadcasts to its shape \[2,3,4,5\]",
        code="S005",
        at="lint",
        name="[4] on [2,3,4,5]",
    ),
    Error(
        (T("f32", (2, 3, 4, 5)), T("f32", (3, 4), const=True)),
        match=r"slope \[3,4\] neither matches",
        code="S005",
        at="lint",
        name="[3,4] on [2,3,4,5]",
    ),
    Error(
        (T("f32", (3,)), T("f32", (2, 3))),
        match=r"slope \[2,3\] neither matches",
        code="S005",
        at="lint",
        name="slope of a higher rank",
    ),
    Error(
        (T("f32", (1, 3)), T("f32", (2, 3))),
        match=r"slope \[2,3\] neither matches",
        code="S005",
        at="lint",
        name="slope broadcasting the data",
    ),
    Error(
        (T("f32", ()), T("f32", (1,), [2.0])),
        match=r"slope \[1\] neither matches",
        code="S005",
        at="lint",
        name="scalar data",
    ),
    Error(
        (T("i32", (2, 3)), T("i32", (3,))),
        match="PReLU's x must be of a floating-point type",
        code="S005",
        at="lint",
        name="integer",
    ),
    Error((T("boolean", (2,)), T("boolean", (2,))), match="PReLU's x must be", code="S005", at="lint", name="boolean"),
    Error(
        (T("f32", (2, 3)), T("f16", (3,))),
        match="x and slope must have one element type",
        code="S005",
        at="lint",
        name="slope of another type",
    ),
]

test_cases, test_errors = TABLE.pytest()
