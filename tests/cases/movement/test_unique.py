"""Unique-10: cases against the CPU plugin (four outputs). The axis is always a constant (the
spec wants one; OpenVINO refuses a Unique whose axis is not). Plugin rows: i64 beyond i32
(narrowed) and slices along axis 1 that the plugin fails to see equal. Checked against the spec
alone: NaN with sorted=true and rows holding NaN (OpenVINO's plugin and constant folding give
different answers there, neither the spec's), and empty data (the plugin fails or crashes). Empty data
without an axis, which the plugin cannot run, is checked against the spec's values alone."""

import numpy as np

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
UNSORTED = {"sorted": "false"}
GRID = T("f32", (3, 3), [[3, 1, 3], [2, 1, 2], [3, 1, 3]])


def axis(value, etype="i64", shape=()):
    return T(etype, shape, value, const=True)


TABLE = Table(
    "Unique",
    "opset10",
    outputs=4,
    cases=[
        Case((GRID,), name="attributes left out"),
        Case((GRID,), UNSORTED, name="first-occurrence order"),
        Case((GRID, axis(0)), name="rows"),
        Case((GRID, axis(1, "i32")), UNSORTED, name="columns, unsorted"),
        Case((GRID, axis(-1)), {"sorted": "true", "index_element_type": "i32"}, name="axis -1, i32 indices"),
        Case((GRID, axis([0], shape=(1,))), {"count_element_type": "i32"}, name="axis of shape [1], i32 counts"),
        Case((T("i32", (4, 5), low=0, high=4),), {"index_element_type": "i32", "count_element_type": "i32"}),
        Case(
            (T("i32", (4, 5), low=0, high=4),), {**UNSORTED, "index_element_type": "i64", "count_element_type": "i64"}
        ),
        Case(
            (T("f32", (3, 3), [[3, 1, 3], [2, 1, 2], [3, 1, 3]], const=True), axis(0)), UNSORTED, name="constant data"
        ),
        Case(
            (T("i32", (2, 6), [[1, 0, 1, 1, 0, 1], [0, 0, 0, 1, 0, 1]]), axis(1)),
            UNSORTED,
            name="equal columns apart",
            expect=([[1, 0, 1], [0, 0, 1]], [0, 1, 3], [0, 1, 0, 2, 1, 2], [2, 2, 2]),
            plugin=([[1, 0, 1, 1], [0, 0, 1, 1]], [0, 1, 3, 5], [0, 1, 0, 2, 1, 3], [2, 2, 1, 1]),
            why="the plugin misses that columns 3 and 5 are equal (its slices along axis 1 compare wrongly; with "
            "constant data it refuses to compile, its folded shape disagreeing)",
        ),
        Case(
            (T("i32", (3, 2, 2), [[[1, 2], [3, 4]], [[0, 2], [3, 4]], [[1, 2], [3, 4]]]), axis(0)),
            name="rank 3, axis 0",
        ),
        Case((T("i32", (2, 2, 2), [[[3, 2], [1, 4]], [[0, 2], [3, 4]]]), axis(1)), name="rank 3, axis 1"),
        Case((T("f32", (6,), [0.0, -0.0, 2, -0.0, INF, -INF]),), name="-0 and 0 are one, inf"),
        Case((T("f32", (6,), [-0.0, 0.0, 2, 0.0, INF, -INF]),), UNSORTED, name="-0 first"),
        Case((T("f32", (9,), [2, NAN, 1, NAN, -0.0, 0.0, 2, INF, -INF]),), UNSORTED, name="each NaN its own, unsorted"),
        Case(
            (T("f32", (3, 2), [[1, NAN], [1, NAN], [0, 5]]), axis(0)),
            name="rows with NaN",
            oracle=False,
            expect=([[0, 5], [1, NAN], [1, NAN]], [2, 0, 1], [1, 2, 0], [1, 1, 1]),
            why="OpenVINO disagrees with itself: its constant folding takes the two NaN rows as one (2 rows), its "
            "plugin keeps them apart at run time (these values)",
        ),
        Case((T("boolean", (5,), [True, False, True, True, False]),), UNSORTED),
        Case((T("i8", (4,), [5, -3, 5, -128]),)),
        Case((T("u8", (2, 3), low=0, high=3),), UNSORTED),
        Case((T("i64", (5,), [7, -2, 7, 0, -2]),), name="i64 within i32"),
        Case((T("f16", (3,), [0.5, 2, 0.5]),)),
        Case((T("bf16", (2, 2), [[1.5, -1], [1.5, 0]]), axis(0)), UNSORTED),
        Case((T("f32", (), 4.0),), name="0-D data"),
        Case((T("f32", (1,), [4.0]),), UNSORTED, name="one element"),
        Case(
            (T("f32", (0, 3), []), axis(0)),
            name="empty data, axis of size 0",
            oracle=False,
            expect=(np.zeros((0, 3), np.float32), np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)),
            why="OpenVINO crashes (a segmentation fault) reading this Unique with constant data (the table's "
            "all-constant run); fed at run time the plugin gives these values",
        ),
        Case(
            (T("f32", (0, 3), []),),
            name="empty data, no axis",
            oracle=False,
            expect=(np.zeros(0, np.float32), np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)),
            why="the plugin cannot run Unique on empty data without an axis (Cannot get dims for non static shape)",
        ),
        Case(
            (T("f32", (9,), [2, NAN, 1, NAN, -0.0, 0.0, 2, INF, -INF]),),
            name="each NaN its own, sorted",
            expect=(
                [-INF, -0.0, 1, 2, INF, NAN, NAN],
                [8, 4, 2, 0, 7, 1, 3],
                [3, 5, 2, 6, 1, 1, 3, 4, 0],
                [1, 2, 1, 2, 1, 1, 1],
            ),
            oracle=False,
            why="OpenVINO's sorted Unique breaks on NaN: its plugin returns 9 elements (-inf, -0, 1, 2, NaN, NaN, 0, "
            "2, inf, counts 1, 2, 1, 2, 0, 0, 2, 2, 1), its constant folding 4",
        ),
        Case(
            (T("i64", (4,), [2**40, 2**40 + 1, 1, 2**40]),),
            name="i64 beyond i32",
            expect=([1, 2**40, 2**40 + 1], [2, 0, 1], [1, 2, 0, 1], [1, 2, 1]),
            plugin=([0, 1], [0, 1], [0, 1, 1, 0], [2, 2]),
            why="the plugin narrows i64 data to i32",
        ),
    ],
)

TABLE.errors = [
    Error((GRID, axis(2)), match=r"axis 2 is out of range \[-2, 1\]", code="S006", name="axis out of range", at="lint"),
    Error(
        (GRID, axis(-3, "i32")),
        match=r"axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis below -rank",
        at="lint",
    ),
    Error(
        (T("f32", (), 1.0), axis(0)),
        match=r"axis 0 is out of range \[0, -1\]",
        code="S006",
        name="axis of a scalar",
        at="lint",
    ),
    Error(
        (GRID, axis([0, 1], shape=(2,))),
        match=r"axis must be a scalar or hold one element, got shape \[2\]",
        code="S005",
        name="two axes",
        at="lint",
    ),
    Error(
        (GRID, axis([[0]], shape=(1, 1))),
        match=r"axis must be a scalar or hold one element, got shape \[1,1\]",
        code="S005",
        name="axis of rank 2",
        at="lint",
    ),
    Error(
        (GRID, T("f32", (), 0.0, const=True)),
        match="axis must be i32 or i64, got f32",
        code="S005",
        name="f32 axis",
        at="lint",
    ),
    Error(
        (GRID,),
        attrs={"index_element_type": "u8"},
        match="index_element_type must be i32 or i64, got u8",
        code="O003",
        name="u8 indices",
        at="lint",
    ),
    Error(
        (GRID,),
        attrs={"count_element_type": "f32"},
        match="count_element_type must be i32 or i64, got f32",
        code="O003",
        name="f32 counts",
        at="lint",
    ),
    Error(
        (GRID,),
        attrs={"sorted": "yes"},
        match="sorted='yes' is not a valid bool",
        code="O003",
        name="bad sorted",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
