"""Inverse-14: cases against the CPU plugin: one matrix and batches, adjoint left out and set,
constants, 1x1 and empty, f16 and bf16. The plugin's f32 results differ from LAPACK's by a few
ulp of the largest entry. A singular matrix is refused at run time (the spec leaves the result
undefined; the plugin gives inf or NaN): an error row."""

import numpy as np

from cases.rows import Case, Error, T, Table

F32 = {"rtol": 1e-4, "atol": 1e-5}


def well(n, batch=(), seed=0):
    """Matrices far from singular: random eighths plus n on the diagonal."""
    rng = np.random.default_rng(seed)
    a = rng.integers(-8, 8, batch + (n, n)) / 8 + n * np.eye(n)
    return a.astype(np.float32)


A2 = np.array([[2, 1], [7, 4]], np.float32)

TABLE = Table(
    "Inverse",
    "opset14",
    cases=[
        Case((T("f32", (2, 2), A2),), **F32, name="2x2"),
        Case((T("f32", (2, 2), A2),), {"adjoint": "true"}, **F32, name="2x2 adjoint"),
        Case((T("f32", (2, 2), A2),), {"adjoint": "false"}, **F32, name="2x2 adjoint false"),
        Case((T("f32", (3, 3), [[0, 1, 2], [1, 0, 3], [4, -3, 8]]),), **F32, name="needs pivoting"),
        Case((T("f32", (4, 4), well(4)),), **F32, name="4x4"),
        Case((T("f32", (3, 3, 3), well(3, (3,), 1)),), **F32, name="batch"),
        Case((T("f32", (2, 2, 3, 3), well(3, (2, 2), 2)),), {"adjoint": "true"}, **F32, name="two batch dims, adjoint"),
        Case((T("f32", (3, 3), well(3, seed=3), const=True),), **F32, name="constant"),
        Case((T("f32", (1, 1), [[4.0]]),), name="1x1"),
        Case((T("f32", (2, 1, 1), [[[-0.5]], [[8.0]]]),), {"adjoint": "true"}, name="1x1 batch"),
        Case((T("f32", (2, 0, 0)),), name="0x0 matrices"),
        Case((T("f32", (0, 2, 2)),), name="empty batch"),
        Case((T("f16", (3, 3), well(3, seed=4)),), rtol=4e-3, atol=2e-3),
        Case((T("bf16", (2, 2, 2), well(2, (2,), 5)),), rtol=2**-6, atol=2**-7),
        Case((T("f64", (3, 3), well(3, seed=6)),), rtol=1e-5, atol=1e-6),
    ],
)
TABLE.errors = [
    Error((T("f32", (2, 2), [[1, 2], [2, 4]]),), match="a matrix is singular", name="singular", at="run"),
    Error(
        (T("f32", (2, 2, 2), [[[1, 0], [0, 1]], [[0, 0], [0, 0]]]),),
        attrs={"adjoint": "true"},
        match="a matrix is singular",
        name="one singular in a batch",
        at="run",
    ),
    Error(
        (T("f32", (3,)),),
        match=r"Inverse input must have rank 2 or more, got \[3\]",
        code="S005",
        name="1-D",
        at="lint",
    ),
    Error((T("f32", (2, 3)),), match=r"Inverse needs square matrices, got \[2,3\]", code="S005", name="2x3", at="lint"),
    Error(
        (T("i32", (2, 2)),),
        match="Inverse's input must be of a floating-point type",
        code="S005",
        name="i32",
        at="lint",
    ),
    Error(
        (T("f32", (2, 2)),),
        attrs={"adjoint": "maybe"},
        match="adjoint",
        code="O003",
        name="adjoint not a bool",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
