"""Split-1: cases against the CPU plugin.

Split's output count is its num_splits: rows of another count than 2 say so (outputs=).
The axis comes as a constant (as converters write it) or at run time, of any integer type."""

import numpy as np

from cases.rows import Case, Error, T, Table


def axis(v, etype="i64", const=True):
    return T(etype, (), np.asarray(v, np.int64), const=const)


TWO = {"num_splits": "2"}

TABLE = Table(
    "Split",
    "opset1",
    outputs=2,
    cases=[
        Case((T("f32", (4, 3)), axis(0)), attrs=TWO, name="axis 0"),
        Case((T("f32", (3, 4)), axis(1)), attrs=TWO, name="axis 1"),
        Case((T("f32", (3, 4)), axis(-1)), attrs=TWO, name="axis -1"),
        Case((T("f32", (2, 3, 2)), axis(-3, "i32")), attrs=TWO, name="axis -3, i32"),
        Case((T("f32", (3, 4)), axis(1, const=False)), attrs=TWO, name="axis at run time"),
        Case((T("f32", (2, 6)), axis(-1, "i32", const=False)), attrs=TWO, name="negative axis at run time"),
        Case((T("f32", (2,)), axis(0, "u8")), attrs=TWO, name="1-D, u8 axis"),
        Case((T("f32", (0, 3)), axis(0)), attrs=TWO, name="empty dim split"),
        Case((T("f32", (2, 0)), axis(0, "i8")), attrs=TWO, name="empty data, i8 axis"),
        Case((T("i32", (2, 2)), axis(1)), attrs=TWO),
        Case((T("i64", (4,)), axis(0, "u64")), attrs=TWO),
        Case((T("i8", (2, 4)), axis(1)), attrs=TWO),
        Case((T("u8", (4, 1)), axis(0)), attrs=TWO),
        Case((T("f16", (2, 4)), axis(-1)), attrs=TWO),
        Case((T("bf16", (2, 2)), axis(0)), attrs=TWO),
        Case((T("boolean", (2, 6)), axis(1)), attrs=TWO),
        Case((T("f32", (2, 6)), axis(1)), attrs={"num_splits": "3"}, outputs=3),
        Case((T("i32", (3, 2, 2)), axis(0, const=False)), attrs={"num_splits": "3"}, name="run time axis", outputs=3),
        Case((T("u8", (3,)), axis(-1, "i32")), attrs={"num_splits": "3"}, outputs=3),
        Case((T("f32", (2, 3)), axis(1)), attrs={"num_splits": "1"}, name="one part", outputs=1),
        Case(
            (T("boolean", (2, 3)), axis(0, const=False)),
            attrs={"num_splits": "1"},
            name="one part, run time axis",
            outputs=1,
        ),
    ],
)

TABLE.errors = [
    Error(
        (T("f32", (3, 4)), axis(0, const=False)),
        attrs=TWO,
        match=r"Split: dim 3 at axis 0 is not divisible by "
        r"num_splits 2",
        code="S005",
        name="not divisible",
        at="run",
    ),
    Error(
        (T("f32", (3, 5)), axis(1)),
        attrs=TWO,
        match=r"not divisible by num_splits 2",
        code="S005",
        name="not divisible, constant axis",
        at="lint",
    ),
    Error(
        (T("f32", (3, 4)), axis(2, const=False)),
        attrs=TWO,
        match=r"Split axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis too large",
        at="run",
    ),
    Error(
        (T("f32", (3, 4)), axis(-3)),
        attrs=TWO,
        match=r"Split axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis too small, constant",
        at="lint",
    ),
    Error(
        (T("f32", (4,)), T("i64", (1,), [0], const=True)),
        attrs=TWO,
        match=r"Split's axis must be a scalar",
        code="S005",
        name="axis of shape [1]",
        at="lint",
    ),
    Error(
        (T("f32", ()), axis(0)),
        attrs=TWO,
        match=r"Split's data must have rank 1 or more",
        code="S005",
        name="scalar data",
        at="lint",
    ),
    Error(
        (T("f32", (4,)), T("f32", (), 0.0)),
        attrs=TWO,
        match=r"Split's axis must be of an integer type",
        code="S005",
        name="f32 axis",
        at="lint",
    ),
    Error(
        (T("f32", (4,)), axis(0)),
        attrs={"num_splits": "0"},
        match=r"num_splits must be positive, got 0",
        code="O003",
        name="num_splits 0",
        at="lint",
    ),
    Error(
        (T("f32", (4,)), axis(0)),
        match=r"required attribute 'num_splits' is missing",
        code="O003",
        name="num_splits left out",
        at="lint",
    ),
    Error(
        (T("f32", (4,)), axis(0)),
        attrs={"num_splits": "3"},
        match=r"Split has 3 output\(s\), the layer "
        r"declares 2",
        code="O004",
        name="num_splits other than the outputs",
        at="lint",
    ),
    Error(
        (T("f32", (2, 4)), axis(1, const=False)),
        attrs={"num_splits": "3"},
        match=r"not divisible by num_splits 3",
        code="S005",
        name="not divisible into 3",
        at="run",
        outputs=3,
    ),
]

test_cases, test_errors = TABLE.pytest()
