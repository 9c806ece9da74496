"""GatherElements-6: cases against the CPU plugin.

Negative indices count from the end (the spec is silent; the plugin and irexec agree). Indices
out of range make the plugin read past the data: error rows, which only irexec runs."""

import numpy as np

from cases.rows import Case, Error, T, Table


def idx(etype, shape, size, const=False, negative=False):
    return T(etype, shape, low=-size if negative else 0, high=size, const=const)


def long_indices(n, size, bad, shape=None):
    """``n`` valid indices below ``size``, the last one ``bad``: more indices than the 64 whose
    values the sizing pass shows the rule at run time, so only compute can refuse them there."""
    values = np.arange(n) % size
    values[-1] = bad
    return values if shape is None else values.reshape(shape)


TABLE = Table(
    "GatherElements",
    "opset6",
    cases=[
        # axis has no default: it is never left out (an error row)
        Case((T("f32", (3, 4)), idx("i64", (2, 4), 3)), {"axis": "0"}, name="axis 0"),
        Case((T("f32", (3, 4)), idx("i32", (3, 2), 4)), {"axis": "1"}, name="axis 1"),
        Case((T("f32", (3, 4)), idx("i32", (3, 6), 4)), {"axis": "-1"}, name="axis -1, indices longer"),
        Case(
            (T("f32", (2, 3, 4)), idx("i64", (2, 3, 5), 4, negative=True)),
            {"axis": "2"},
            name="axis 2, negative indices",
        ),
        Case((T("f32", (2, 3, 4)), idx("i64", (2, 1, 4), 3)), {"axis": "-2"}, name="axis -2"),
        Case((T("f32", (2, 3, 4)), idx("i32", (4, 3, 4), 2, negative=True)), {"axis": "-3"}, name="axis -3"),
        Case((T("f32", (2, 3, 4)), idx("i64", (2, 3, 4), 3)), {"axis": "1"}, name="same shape"),
        Case(
            (T("i32", (3, 4)), T("i64", (2, 4), [[0, -1, 2, 1], [-3, 0, 0, 2]], const=True)),
            {"axis": "0"},
            name="constant indices",
        ),
        Case((T("f16", (5,)), idx("i32", (7,), 5, negative=True)), {"axis": "0"}, name="1-D data"),
        Case((T("bf16", (2, 3)), idx("i64", (2, 2), 3)), {"axis": "1"}),
        Case((T("boolean", (3, 2)), idx("i32", (2, 2), 3)), {"axis": "0"}),
        Case((T("i8", (2, 2)), idx("i64", (2, 2), 2)), {"axis": "-1"}),
        Case((T("i64", (4, 2)), idx("i32", (3, 2), 4)), {"axis": "0"}),
        Case((T("f32", (1, 3)), T("i64", (1, 3), [[0, 0, -1]])), {"axis": "0"}, name="axis of size 1"),
        Case((T("f32", (3, 4)), T("i64", (3, 0))), {"axis": "1"}, name="no indices"),
    ],
)

BASE = (T("f32", (2, 3)), T("i64", (2, 2), [[0, 2], [1, 0]]))
TABLE.errors = [
    Error(
        (BASE[0], T("i64", (2, 2), [[0, 3], [0, 0]])),
        attrs={"axis": "1"},
        match=r"index 3 at position \[0, 1\] is out of range \[-3, 2\] along dim 1",
        code="C004",
        name="index too large",
        at="run",
    ),
    Error(
        (BASE[0], T("i32", (2, 2), [[-4, 0], [0, 0]])),
        attrs={"axis": "-1"},
        match=r"index -4 at position \[0, 0\] is out of range \[-3, 2\] along dim 1",
        code="C004",
        name="index below -size",
        at="run",
    ),
    Error(
        (BASE[0], T("i64", (3, 3), [[0, 1, 1], [1, 0, 0], [2, 0, 1]])),
        attrs={"axis": "0"},
        match=r"index 2 at position \[2, 0\] is out of range \[-2, 1\] along dim 0",
        code="C004",
        name="index too large along axis 0",
        at="run",
    ),
    Error(
        (T("f32", (80,)), T("i64", (70,), long_indices(70, 80, 80))),
        attrs={"axis": "0"},
        match=r"index 80 at position \[69\] is out of range \[-80, 79\]",
        code="C004",
        name="70 indices, one too large",
        at="run",
    ),
    Error(
        (BASE[0], T("i64", (2,), [0, 1])),
        attrs={"axis": "0"},
        match="must have one rank",
        code="S005",
        name="ranks differ",
        at="lint",
    ),
    Error(
        (BASE[0], T("i64", (2, 4), np.zeros((2, 4), int))),
        attrs={"axis": "0"},
        match=r"data \[2,3\] and indices \[2,4\] must match except at axis 0",
        code="S005",
        name="dims differ off the axis",
        at="lint",
    ),
    Error(
        (BASE[0], T("i8", (2, 2), [[0, 2], [1, 0]])),
        attrs={"axis": "1"},
        match="indices must be i32 or i64, got i8",
        code="S005",
        name="i8 indices",
        at="lint",
    ),
    Error(
        (BASE[0], T("f32", (2, 2), np.zeros((2, 2)))),
        attrs={"axis": "1"},
        match="indices must be i32 or i64, got f32",
        code="S005",
        name="f32 indices",
        at="lint",
    ),
    Error(
        BASE,
        attrs={"axis": "2"},
        match=r"axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis out of range",
        at="lint",
    ),
    Error(BASE, match="required attribute 'axis' is missing", code="O003", name="axis left out", at="lint"),
    Error(
        BASE,
        attrs={"axis": "x"},
        match="axis='x' is not a valid int",
        code="O003",
        name="axis not an integer",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
