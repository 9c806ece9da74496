"""Gather-1, -7 and -8: cases against the CPU plugin.

Indices >= size give zeros (Gather-8's spec; the plugin does the same for -1 and -7), and -8
counts negative indices from the end (below -size: zeros). Kept away from the plugin, which
goes wrong there (tests/ops/test_diff_movement.py pins the first three): out-of-range indices into
1-D data of 16- to 64-bit integers (it returns garbage), batch_dims > 0 with a single batch
element (it crashes), an out-of-range index with batch_dims over an axis of size 1 (its
constant folding reads the next batch), and empty indices or data (the process dies of a
floating point exception). It will not compile a Gather whose axis comes at run time (its
EliminateGather pass needs a constant): every axis here is a constant. Negative indices in -1
and -7 give two answers in the plugin (its kernel zero-fills them, its constant folding counts
them from the end): irexec refuses them, error rows at run time and as constants."""

import numpy as np

from cases.rows import Case, Error, T, Table

V78 = ("opset7", "opset8")
V8 = ("opset8",)


def axis(value, etype="i64", const=True):
    return T(etype, np.shape(value), value, const=const)


def idx(etype, shape, high, low=0, const=False):
    return T(etype, shape, low=low, high=high, const=const)


def long_indices(n, size, bad, shape=None):
    """``n`` valid indices below ``size``, the last one ``bad``: more indices than the 64 whose
    values the sizing pass shows the rule at run time, so only compute can refuse them there."""
    values = np.arange(n) % size
    values[-1] = bad
    return values if shape is None else values.reshape(shape)


TABLE = Table(
    "Gather",
    ("opset1", "opset7", "opset8"),
    cases=[
        # batch_dims left out
        Case((T("f32", (5, 3)), idx("i64", (2, 2), 5), axis(0)), name="axis 0"),
        Case((T("f32", (2, 4, 3)), idx("i32", (3,), 4), axis(1, "i32")), name="axis 1"),
        Case((T("f32", (2, 3, 4)), idx("i64", (2, 1), 4), axis(-1)), name="axis -1"),
        Case((T("f32", (3, 2, 2)), idx("i64", (2,), 3), axis(-3)), name="axis -3"),
        Case((T("f32", (2, 3, 4)), T("i64", (), 2), axis(1)), name="0-D indices"),
        Case(
            (T("f32", (2, 3, 4)), T("i32", (), 1, const=True), axis([-1], "i32")),
            name="constant 0-D index, axis a 1-element tensor",
        ),
        Case((T("i32", (4, 3)), idx("i64", (3, 2), 4, const=True), axis(0)), name="constant indices"),
        Case((T("f16", (3, 5)), idx("u8", (4,), 5), axis(1))),
        Case((T("bf16", (4, 2)), idx("i16", (3,), 4), axis(0))),
        Case((T("boolean", (2, 5)), idx("u64", (2, 2), 5), axis(-1))),
        Case((T("i8", (6,)), idx("i8", (4,), 6), axis(0)), name="1-D data"),
        Case((T("i64", (3, 2)), idx("u32", (2,), 3), axis(0))),
        Case((T("f32", (1, 3)), T("i32", (3,), [0, 0, 0]), axis(0)), name="axis of size 1"),
        # Indices >= size: zeros, in every version, at run time and as constants.
        Case((T("f32", (5, 3)), T("i64", (3, 2), [[5, 0], [7, 4], [1000, 2]]), axis(0)), name="indices too large"),
        Case(
            (T("f32", (3, 4)), T("i32", (2, 2), [[4, 1], [3, 9]], const=True), axis(1)),
            name="constant indices too large",
        ),
        Case((T("i8", (5,)), T("i64", (3,), [5, 0, 6]), axis(0)), name="indices too large, 1-D i8 data"),
        # batch_dims (-7 and -8)
        Case(
            (T("f32", (2, 4, 3)), idx("i64", (2, 3), 4), axis(1)),
            attrs={"batch_dims": "1"},
            versions=V78,
            name="batch_dims 1",
        ),
        Case(
            (T("f32", (2, 4, 3)), idx("i32", (2, 3), 4), axis(1)),
            attrs={"batch_dims": "-1"},
            versions=V78,
            name="batch_dims -1",
        ),
        Case(
            (T("f32", (2, 3, 4)), idx("i64", (2, 2), 4), axis(-1)),
            attrs={"batch_dims": "1"},
            versions=V78,
            name="batch_dims 1, axis 2",
        ),
        Case(
            (T("f32", (2, 3, 4)), idx("i64", (2, 3, 2), 4), axis(2)),
            attrs={"batch_dims": "2"},
            versions=V78,
            name="batch_dims 2 = axis",
        ),
        Case(
            (T("i32", (3, 2, 4)), idx("i64", (3, 2, 2), 2, const=True), axis(1)),
            attrs={"batch_dims": "-2"},
            versions=V78,
            name="batch_dims -2, constant indices",
        ),
        Case(
            (T("f32", (2, 4)), idx("i64", (2, 3), 4), axis(1)),
            attrs={"batch_dims": "0"},
            versions=V78,
            name="batch_dims 0",
        ),
        Case(
            (T("f32", (2, 4, 3)), T("i32", (2, 3), [[3, 4, 0], [9, 1, 2]]), axis(1)),
            attrs={"batch_dims": "1"},
            versions=V78,
            name="batch_dims 1, indices too large",
        ),
        # -8: negative indices count from the end; below -size gives zeros.
        Case(
            (T("f32", (5, 3)), T("i64", (3, 2), [[-1, 0], [-5, -6], [2, 9]]), axis(0)),
            versions=V8,
            name="negative indices",
        ),
        Case(
            (T("f32", (2, 4, 3)), T("i32", (2, 3), [[3, -4, 4], [-5, 1, -1]], const=True), axis(1)),
            {"batch_dims": "1"},
            versions=V8,
            name="batch_dims 1, constant negative indices",
        ),
        Case((T("f32", (3, 4)), T("i64", (), -1), axis(1)), versions=V8, name="0-D negative index"),
    ],
)

BASE = (T("f32", (5, 3)), T("i64", (2,), [1, 0]), axis(0))
TABLE.errors = [
    Error(
        (BASE[0], T("i64", (2,), [-1, 0]), BASE[2]),
        versions=("opset1", "opset7"),
        match=r"index -1 at position \[0\] is negative: Gather-1 and Gather-7 take indices in \[0, 4\]",
        code="C004",
        name="negative index in -1/-7",
        at="run",
    ),
    Error(
        (T("f32", (2, 4, 3)), T("i32", (2, 2), [[0, 3], [-4, 1]]), axis(1)),
        attrs={"batch_dims": "1"},
        versions=("opset7",),
        match=r"index -4 at position \[1, 0\] is negative",
        code="C004",
        name="negative index with batch_dims",
        at="run",
    ),
    Error(
        (BASE[0], T("i64", (70,), long_indices(70, 5, -2)), BASE[2]),
        versions=("opset1", "opset7"),
        code="C004",
        name="70 indices, one negative",
        match=r"index -2 at position \[69\] is negative: Gather-1 and Gather-7 take indices in \[0, 4\]",
        at="run",
    ),
    Error(
        (BASE[0], BASE[1], axis(2)),
        match=r"axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis out of range",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), idx("i64", (2, 3), 3), axis(0)),
        attrs={"batch_dims": "1"},
        versions=V78,
        match=r"batch_dims 1 must be in \[0, min\(data rank, indices rank\)\] and not above axis 0",
        code="S005",
        name="batch_dims above axis",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), idx("i64", (2, 3), 3), axis(2)),
        attrs={"batch_dims": "3"},
        versions=V78,
        match=r"batch_dims 3 must be in \[0, min",
        code="S005",
        name="batch_dims above the ranks",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), idx("i64", (2, 3), 3), axis(2)),
        attrs={"batch_dims": "-3"},
        versions=V78,
        match=r"batch_dims -1 must be in \[0, min",
        code="S005",
        name="batch_dims below -rank",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), idx("i64", (3, 2), 3), axis(1)),
        attrs={"batch_dims": "1"},
        versions=V78,
        match=r"batch dim 0 differs: data \[2,3\], indices \[3,2\]",
        code="S005",
        name="batch dims differ",
        at="lint",
    ),
    Error(
        BASE,
        attrs={"batch_dims": "one"},
        versions=V78,
        match="batch_dims='one' is not a valid int",
        code="O003",
        name="batch_dims not an integer",
        at="lint",
    ),
    Error(
        (BASE[0], T("f32", (2,), [1.0, 0.0]), BASE[2]),
        match="indices must be of an integer type",
        code="S005",
        name="f32 indices",
        at="lint",
    ),
    Error(
        (BASE[0], BASE[1], T("f32", (), 0.0, const=True)),
        match="axis must be of an integer type",
        code="S005",
        name="f32 axis",
        at="lint",
    ),
    Error(
        (BASE[0], BASE[1], axis([0, 1])),
        match="axis must be a scalar or a 1-element tensor",
        code="S005",
        name="axis of 2 elements",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
