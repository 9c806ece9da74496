"""GRN-1: cases against the CPU plugin, for ranks 2 to 4, bias small and large, f32, f16 and
bf16, zeros (0 / sqrt(bias)), values whose squares overflow f32, and the plugin's f32 results
within a few ulp. The plugin crashes compiling GRN on constant data: that case is irexec's alone."""

import numpy as np

from cases.rows import Case, Error, T, Table

F32 = {"rtol": 1e-5, "atol": 1e-6}


def bias(value="0.5"):
    return {"bias": value}


TABLE = Table(
    "GRN",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)),), bias(), **F32, name="rank 2"),
        Case((T("f32", (2, 4, 3)),), bias("1e-6"), **F32, name="rank 3"),
        Case((T("f32", (1, 5, 2, 3)),), bias("1"), **F32, name="rank 4"),
        Case((T("f32", (2, 1, 3)),), bias("0.25"), **F32, name="one channel"),
        # The plugin crashes compiling GRN on constant data: that case runs in irexec alone.
        Case(
            (T("f32", (1, 2, 2), [[[3, 0], [4, 1]]], const=True),),
            bias("0"),
            expect=([[[0.6, 0], [0.8, 1]]],),
            oracle=False,
            why="the plugin crashes (segmentation fault) compiling GRN on constant data",
            name="constant data",
        ),
        Case((T("f32", (2, 3), [0, 0, 0, 1e-3, 0, 0]),), bias("1e-4"), **F32, name="zeros and a small value"),
        Case((T("f32", (1, 2), [3, 4]),), bias("0"), **F32, name="bias 0"),
        Case((T("f32", (2, 0, 3)),), bias(), name="no channels"),
        Case((T("f32", (0, 3)),), bias(), name="empty batch"),
        Case((T("f32", (1, 2, 2), [[[1e20, 1], [-1e20, 2]]]),), bias(), **F32, name="large values"),
        Case((T("f16", (2, 4, 3)),), bias(), rtol=2e-3, atol=1e-3),
        Case((T("bf16", (2, 3, 2)),), bias("1e-3"), rtol=2**-7, atol=2**-8),
        Case((T("f64", (2, 3)),), bias(), **F32),
        Case((T("f32", (1, 2), [0, 0]),), bias("0"), expect=([[np.nan, np.nan]],), name="0 / 0 with bias 0"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (3,)),),
        attrs=bias(),
        match=r"GRN data must have rank 2 to 4, got \[3\]",
        code="S005",
        name="rank 1",
        at="lint",
    ),
    Error(
        (T("f32", (1, 2, 1, 1, 2)),),
        attrs=bias(),
        match=r"GRN data must have rank 2 to 4",
        code="S005",
        name="rank 5",
        at="lint",
    ),
    Error(
        (T("i32", (2, 3)),),
        attrs=bias(),
        match="GRN's data must be of a floating-point type",
        code="S005",
        name="i32 data",
        at="lint",
    ),
    Error((T("f32", (2, 3)),), match="required attribute 'bias'", code="O003", name="no bias", at="lint"),
    Error(
        (T("f32", (2, 3)),),
        attrs=bias("-1"),
        match="bias must be a non-negative",
        code="O003",
        name="negative bias",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
