"""ScatterUpdate-3: cases against the CPU plugin.

Targets are distinct in every case: with duplicates the plugin writes in parallel and an earlier
update sometimes wins. Indices out of range crash the plugin, and 0-D indices (allowed by the
spec) are refused by it, so those are irexec-only (error rows; 0-D indices in the old tests)."""

import numpy as np

from cases.rows import Case, Error, T, Table


def axis(value, etype="i64", const=True):
    return T(etype, np.shape(value), value, const=const)


def long_indices(n, size, bad, shape=None):
    """``n`` valid indices below ``size``, the last one ``bad``: more indices than the 64 whose
    values the sizing pass shows the rule at run time, so only compute can refuse them there."""
    values = np.arange(n) % size
    values[-1] = bad
    return values if shape is None else values.reshape(shape)


# Indices 0..39 shuffled (every row of data written) and 34 of 0..99 (a third of the rows): past
# the 32 distinct indices the kernel assigns at once, so its other two ways are taken.
ALL_ROWS = np.random.default_rng(3).permutation(40).tolist()
SOME_ROWS = np.random.default_rng(4).permutation(100)[:34].tolist()

TABLE = Table(
    "ScatterUpdate",
    "opset3",
    cases=[
        Case((T("f32", (4, 3)), T("i64", (2,), [3, 0]), T("f32", (2, 3)), axis(0)), name="axis 0"),
        Case(
            (T("f32", (2, 4, 3)), T("i32", (2, 2), [[3, 1], [0, 2]]), T("f32", (2, 2, 2, 3)), axis(1, "i32")),
            name="axis 1, 2-D indices",
        ),
        Case((T("f32", (2, 3, 4)), T("i64", (2,), [2, 0]), T("f32", (2, 3, 2)), axis(-1)), name="axis -1"),
        Case((T("f32", (3, 2, 2)), T("i64", (1,), [1]), T("f32", (1, 2, 2)), axis(-3)), name="axis -3"),
        Case((T("f32", (2, 3, 4)), T("i64", (2,), [1, 2]), T("f32", (2, 2, 4)), axis(-2)), name="axis -2"),
        Case(
            (T("f32", (3, 4)), T("i64", (2,), [1, 3]), T("f32", (3, 2)), axis(1, const=False)), name="axis at run time"
        ),
        Case(
            (T("f32", (3, 4)), T("i64", (1,), [2]), T("f32", (1, 4)), axis([0], "i32")), name="axis a 1-element tensor"
        ),
        Case(
            (T("i32", (4, 3)), T("i64", (2, 1), [[0], [2]], const=True), T("i32", (2, 1, 3)), axis(0)),
            name="constant indices",
        ),
        Case((T("f16", (5, 2)), T("u8", (3,), [4, 1, 0]), T("f16", (3, 2)), axis(0))),
        Case((T("bf16", (2, 5)), T("i16", (2,), [0, 3]), T("bf16", (2, 2)), axis(1))),
        Case((T("boolean", (4, 2)), T("i8", (2,), [2, 1]), T("boolean", (2, 2)), axis(0))),
        Case((T("i8", (6,)), T("u64", (3,), [5, 0, 2]), T("i8", (3,)), axis(0)), name="1-D data"),
        Case((T("i64", (3, 2)), T("u32", (1,), [1]), T("i64", (1, 2)), axis(0))),
        Case((T("f32", (1, 3)), T("i32", (1,), [0]), T("f32", (1, 3)), axis(0)), name="axis of size 1"),
        Case((T("f32", (4, 3)), T("i64", (0,)), T("f32", (0, 3)), axis(0)), name="no indices"),
        Case((T("f32", (40, 2)), T("i64", (40,), ALL_ROWS), T("f32", (40, 2)), axis(0)), name="every row written"),
        Case((T("f32", (2, 100)), T("i32", (34,), SOME_ROWS), T("f32", (2, 34)), axis(1)), name="34 of 100 columns"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [1, 4]), T("f32", (2, 3)), axis(0)),
        match=r"index 4 at position \[1\] is out of range \[0, 3\]",
        code="C004",
        name="index too large",
        at="run",
    ),
    Error(
        (T("f32", (2, 4)), T("i32", (2, 2), [[0, 1], [2, 1000]]), T("f32", (2, 2, 2)), axis(-1)),
        match=r"index 1000 at position \[1, 1\] is out of range \[0, 3\]",
        code="C004",
        name="2-D indices too large",
        at="run",
    ),
    Error(
        (T("f32", (80, 2)), T("i64", (70,), long_indices(70, 80, 80)), T("f32", (70, 2)), axis(0)),
        match=r"index 80 at position \[69\] is out of range \[0, 79\]",
        code="C004",
        name="70 indices, one too large",
        at="run",
    ),
    Error(
        (T("f32", (2, 80)), T("i32", (70,), long_indices(70, 80, -1)), T("f32", (2, 70)), axis(1)),
        match=r"index -1 at position \[69\] is out of range \[0, 79\].*negative",
        code="C004",
        name="70 indices, one negative",
        at="run",
    ),
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [-1, 0]), T("f32", (2, 3)), axis(0)),
        match=r"index -1 at position \[0\] is out of range \[0, 3\].*negative indices are not allowed",
        code="C004",
        name="negative index",
        at="run",
    ),
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [0, 1]), T("f32", (3, 3)), axis(0)),
        match=r"updates shape \[3,3\] should be \[2,3\]",
        code="S005",
        name="updates shape",
        at="lint",
    ),
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [0, 1]), T("f32", (2, 3)), axis(1)),
        match=r"updates shape \[2,3\] should be \[4,2\]",
        code="S005",
        name="updates shape for axis 1",
        at="lint",
    ),
    Error(
        (T("f32", (4, 3)), T("f32", (2,), [0.0, 1.0]), T("f32", (2, 3)), axis(0)),
        match="indices must be of an integer type",
        code="S005",
        name="f32 indices",
        at="lint",
    ),
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [0, 1]), T("f16", (2, 3)), axis(0)),
        match="data and updates must have one element type",
        code="S005",
        name="updates type",
        at="lint",
    ),
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [0, 1]), T("f32", (2, 3)), axis(2)),
        match=r"axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis out of range",
        at="lint",
    ),
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [0, 1]), T("f32", (2, 3)), axis([0, 1])),
        match="axis must be a scalar or a 1-element tensor",
        code="S005",
        name="axis of 2 elements",
        at="lint",
    ),
    Error(
        (T("f32", (4, 3)), T("i64", (2,), [0, 1]), T("f32", (2, 3)), T("f32", (), 0.0, const=True)),
        match="axis must be of an integer type",
        code="S005",
        name="f32 axis",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
