"""Transpose-1: cases against the CPU plugin.

The order as a constant (as converters write it) or at run time; an empty order reverses the
dims. Negative entries are refused, as OpenVINO refuses them."""

import numpy as np

from cases.rows import Case, Error, T, Table


def order(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


TABLE = Table(
    "Transpose",
    "opset1",
    cases=[
        Case((T("f32", (2, 3, 4)), order([2, 0, 1])), name="rotate"),
        Case((T("f32", (2, 3, 4)), order([1, 0, 2], "i32")), name="swap the first two"),
        Case((T("f32", (2, 3, 4)), order([0, 1, 2])), name="identity"),
        Case((T("f32", (2, 3, 4)), order([2, 1, 0])), name="reverse given"),
        Case((T("f32", (2, 3, 4, 5, 1)), order([4, 2, 0, 3, 1])), name="rank 5"),
        Case((T("f32", (3, 1)), order([1, 0])), name="a 1"),
        Case((T("f32", (0, 3)), order([1, 0])), name="empty data"),
        # An empty order reverses the dims.
        Case((T("f32", (2, 3, 4)), order([])), name="empty order"),
        Case((T("f32", (5,)), order([])), name="empty order, 1-D"),
        Case((T("f32", ()), order([])), name="empty order, scalar"),
        Case((T("f32", (2, 3)), order([], "i32", const=False)), name="empty order at run time"),
        # The order at run time.
        Case((T("f32", (2, 3, 4)), order([2, 0, 1], "i32", const=False)), name="run time"),
        Case((T("f32", (2, 3, 4, 5)), order([3, 1, 2, 0], const=False)), name="run time, rank 4"),
        Case((T("f32", (4,)), order([0], const=False)), name="run time, 1-D"),
        # Element types.
        Case((T("i32", (2, 3)), order([1, 0]))),
        Case((T("i64", (2, 1, 3)), order([2, 0, 1], "i32"))),
        Case((T("i8", (3, 2)), order([1, 0], "u8"))),
        Case((T("u8", (2, 2, 2)), order([1, 2, 0], "i16"))),
        Case((T("f16", (2, 3)), order([1, 0]))),
        Case((T("bf16", (3, 2)), order([1, 0]))),
        Case((T("boolean", (2, 3, 1)), order([2, 1, 0]))),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3, 4)), order([0, 0, 1], const=False)),
        match=r"Transpose order \[0, 0, 1\] is not a permutation of 0..2",
        code="S005",
        name="repeated entry",
        at="run",
    ),
    Error(
        (T("f32", (2, 3, 4)), order([-1, 0, 1], const=False)),
        match=r"Transpose order \[-1, 0, 1\] is not a permutation",
        code="S005",
        name="negative entry",
        at="run",
    ),
    Error(
        (T("f32", (2, 3, 4)), order([1, 0], const=False)),
        match=r"Transpose order has 2 entries for a rank-3 input: it is not a permutation of 0..2",
        code="S005",
        name="too short",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), order([0, 1, 2], const=False)),
        match=r"Transpose order has 3 entries for a rank-2 input: it is not a permutation of 0..1",
        code="S005",
        name="too long",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), order([1, 2], const=False)),
        match=r"is not a permutation",
        code="S005",
        name="entry out of range",
        at="run",
    ),
    Error(
        (T("f32", (2, 3)), order([[1, 0]], const=False)),
        match=r"order must be a 1-D tensor",
        code="S005",
        name="2-D order",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2,), [1.0, 0.0])),
        match=r"Transpose's order must be of an integer type",
        code="S005",
        name="f32 order",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
