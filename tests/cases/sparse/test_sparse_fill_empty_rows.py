"""SparseFillEmptyRows-16: cases against the CPU plugin. Rows or columns out of range crash the
plugin's process: only irexec's error rows hold them. Among entries at one position, irexec keeps
the input's order; the plugin's sort does not for more than a few entries, and it narrows i64
values to i32 (plugin rows)."""

import numpy as np

from cases.rows import Case, Error, T, Table


def ints(values, etype="i32", const=False):
    return T(etype, np.asarray(values).shape, values, const=const)


def shape(rows, cols, etype="i32", const=True):
    return T(etype, (2,), [rows, cols], const=const)


def default(value, etype="f32", const=False):
    return T(etype, (), value, const=const)


SPEC_IDX = [[0, 1], [0, 3], [2, 0], [3, 1]]
# Ten positions (rows 0-9 of 12: rows 10 and 11 empty), each four times, in a shuffled order.
DUPS = np.random.default_rng(7).permutation([[r, r % 3] for r in range(10)] * 4).tolist()
# The spec's output for them: sorted by (row, column), entries at one position in the input's order
# (Python's sort is stable), then rows 10 and 11 filled.
_ENTRIES = sorted([(tuple(p), i / 8) for i, p in enumerate(DUPS)], key=lambda e: e[0]) + [
    ((10, 0), -1.0),
    ((11, 0), -1.0),
]
DUPS_SORTED = ([list(p) for p, _ in _ENTRIES], [v for _, v in _ENTRIES], [False] * 10 + [True] * 2)
# The plugin's values for them, in eighths.
PLUGIN_DUPS = [
    1,
    3,
    4,
    5,
    26,
    36,
    38,
    39,
    6,
    11,
    35,
    7,
    14,
    27,
    18,
    32,
    37,
    10,
    15,
    0,
    33,
    28,
    22,
    34,
    30,
    31,
    21,
    17,
    25,
    23,
    19,
    12,
    24,
    20,
    13,
    2,
    29,
    16,
    9,
    8,
]
V4 = T("f32", (4,), [1.5, -2.0, 3.25, 4.0])

TABLE = Table(
    "SparseFillEmptyRows",
    "opset16",
    outputs=3,
    cases=[
        Case((V4, shape(5, 6), ints(SPEC_IDX), default(9.0)), name="the spec's example: rows 1 and 4 empty"),
        Case(
            (T("f32", (2,), [1, 3]), shape(3, 3), ints([[0, 0], [2, 2]]), default(42.0)), name="the spec's IR example"
        ),
        Case((V4, shape(5, 6, const=False), ints(SPEC_IDX), default(9.0)), name="dense_shape at run time"),
        Case((V4, shape(5, 6), ints(SPEC_IDX, const=True), default(9.0, const=True)), name="constant indices"),
        Case((V4, shape(5, 6), ints([[3, 1], [0, 3], [2, 0], [0, 1]]), default(-1.0)), name="unsorted indices"),
        Case(
            (V4, shape(4, 6), ints([[3, 1], [0, 3], [0, 3], [0, 1]]), default(-1.0)),
            name="a position given twice keeps the input's order",
        ),
        Case(
            (T("f32", (40,), np.arange(40) / 8), shape(12, 3), ints(DUPS), default(-1.0)),
            name="40 entries in 10 positions, unsorted",
            expect=DUPS_SORTED,
            plugin=(DUPS_SORTED[0], np.array(PLUGIN_DUPS + [-8, -8]) / 8, DUPS_SORTED[2]),
            why="the plugin's sort is not stable: entries at one position come out in another order than the "
            "input's (the spec gives them no order; irexec keeps the input's)",
        ),
        Case((V4, shape(4, 6), ints([[0, 5], [1, 0], [2, 2], [3, 4]]), default(7.0)), name="no empty row"),
        Case(
            (T("f32", (0,), []), shape(3, 6, "i64"), T("i64", (0, 2), []), default(9.0)),
            name="no entry: every row filled, i64",
        ),
        Case((T("f32", (0,), []), shape(0, 6, "i64"), T("i64", (0, 2), []), default(9.0)), name="no row"),
        Case(
            (T("i32", (2,), [5, 7]), shape(3, 2, "i64"), ints([[2, 1], [0, 0]], "i64"), default(-1, "i32")),
            name="i32 values, i64 indices",
        ),
        Case(
            (T("f16", (3,), [0.5, 1.5, -2.5]), shape(4, 3), ints([[1, 2], [1, 0], [3, 1]]), default(0.25, "f16")),
            name="f16 values",
        ),
        Case(
            (T("bf16", (3,), [0.5, 1.5, -2.5]), shape(4, 3), ints([[1, 2], [1, 0], [3, 1]]), default(0.25, "bf16")),
            name="bf16 values",
        ),
        Case(
            (T("i64", (3,), [5, -6, 7]), shape(6, 1), ints([[5, 0], [1, 0], [3, 0]]), default(0, "i64")),
            name="i64 values, one column",
        ),
        Case(
            (T("i64", (1,), [2**40]), shape(2, 2, "i64"), ints([[1, 1]], "i64"), default(2**41, "i64")),
            name="i64 values beyond i32",
            expect=([[0, 0], [1, 1]], [2**41, 2**40], [True, False]),
            plugin=([[0, 0], [1, 1]], [0, 0], [True, False]),
            why="the plugin computes i64 values as i32: values beyond i32 wrap",
        ),
        Case((T("u8", (2,), [5, 200]), shape(3, 4), ints([[1, 3], [1, 2]]), default(255, "u8")), name="u8 values"),
    ],
)

V, D, I, X = T("f32", (2,), [1.0, 2.0]), shape(3, 3, const=False), ints([[0, 0], [2, 2]]), default(0.0)
TABLE.errors = [
    Error(
        (V, D, ints([[0, 0], [3, 1]]), X),
        match=r"indices: row 3 at position \[1, 0\] is out of range \[0, 2\]",
        code="C004",
        at="run",
        name="row past dense_shape",
    ),
    Error(
        (V, D, ints([[0, 0], [2, -1]]), X),
        match=r"indices: column -1 at position \[1, 1\] is out of range",
        code="C004",
        at="run",
        name="negative column",
    ),
    Error(
        (V, D, ints([[0, 3], [2, 2]]), X),
        match=r"column 3 at position \[0, 1\] is out of range \[0, 2\]",
        code="C004",
        at="run",
        name="column past dense_shape",
    ),
    Error(
        (V, shape(-1, 3, const=False), I, X),
        match=r"dense_shape must not be negative, got \[-1, 3\]",
        code="S005",
        at="run",
        name="negative dense_shape",
    ),
    Error(
        (V, T("i32", (3,), [3, 3, 1]), I, X),
        match=r"dense_shape must be \[2\]",
        code="S005",
        at="lint",
        name="3-D dense_shape",
    ),
    Error(
        (V, D, ints([[0, 0, 0], [2, 2, 0]]), X),
        match=r"indices must be \[M, 2\], got shape \[2,3\]",
        code="S005",
        at="lint",
        name="indices [2, 3]",
    ),
    Error(
        (T("f32", (3,), [1.0, 2.0, 3.0]), D, I, X),
        match=r"values and indices must have one entry each",
        code="S005",
        at="lint",
        name="3 values, 2 indices",
    ),
    Error(
        (T("f32", (2, 1), [[1.0], [2.0]]), D, I, X),
        match=r"values must be 1-D",
        code="S005",
        at="lint",
        name="2-D values",
    ),
    Error(
        (V, D, I, T("f32", (1,), [0.0])),
        match=r"default_value must be a scalar",
        code="S005",
        at="lint",
        name="default_value of shape [1]",
    ),
    Error(
        (V, D, ints([[0, 0], [2, 2]], "i64"), X),
        match=r"dense_shape and indices must have one element type",
        code="S005",
        at="lint",
        name="i64 indices, i32 dense_shape",
    ),
    Error(
        (V, D, I, default(0, "i32")),
        match=r"values and default_value must have one element type",
        code="S005",
        at="lint",
        name="default_value of another type",
    ),
]

test_cases, test_errors = TABLE.pytest()
