"""Inputs the embedding-bag tables share: a table, indices into it, offsets cutting them into
bags (one of them empty), and the rows and errors both versions of an op take."""

import numpy as np

from cases.rows import Case, Error, T

# The spec's example table; its rows are picked by exact indices below.
SPEC_TABLE = T("f32", (5, 2), [[-0.2, -0.6], [-0.1, -0.4], [-1.9, -1.8], [-1.0, 1.5], [0.8, -0.7]])
TOL = {"rtol": 1e-6, "atol": 1e-6}
# bf16 sums round once to bf16, as the plugin's CPU rounds (to nearest even, or up from an odd last
# bit on AVX2): within one unit of the last place.
BF16_TOL = {"rtol": 8e-3, "atol": 1e-6}


def table(rows=10, *inner, etype="f32", const=False, **kw):
    return T(etype, (rows,) + (inner or (3,)), const=const, **kw)


def ints(values, etype="i32", const=False):
    arr = np.asarray(values)
    return T(etype, arr.shape, values, const=const)


def weights(n, etype="f32", const=False):
    return T(etype, (n,), const=const)


def scalar(value, etype="i32", const=True):
    return T(etype, (), value, const=const)


IDX8 = ints([3, 0, 9, 3, 7, 1, 1, 5])
# Rows beyond i32: [2^40 + 2r, 2^40 + 2r + 1]; two of them sum to 2^41 + ...
BIG = T("i64", (4, 2), [[2**40 + 2 * r, 2**40 + 2 * r + 1] for r in range(4)])
BIG_SUMS = ([[2**41 + 2, 2**41 + 4], [2**41 + 10, 2**41 + 12]],)
BIG_WHY = "the plugin computes an i64 table as i32: values beyond i32 wrap"


def offsets_cases() -> list:
    """Cases every offsets version takes with its reduction sum (left out or set)."""
    return [
        Case(
            (SPEC_TABLE, ints([0, 2, 3, 4]), ints([0, 2, 2]), scalar(0), T("f32", (4,), [0.5] * 4)),
            name="the spec's example: default_index 0, weights",
            **TOL,
        ),
        Case((table(), IDX8, ints([0, 3, 3, 5])), name="default_index and weights left out"),
        Case((table(), IDX8, ints([0, 3, 3, 5]), scalar(-1), weights(8)), name="default_index -1, weights"),
        Case((table(), IDX8, ints([0, 0, 4, 4, 6]), scalar(7)), name="default_index 7, empty first bags"),
        Case(
            (table(), IDX8, ints([0, 2, 5]), scalar(4, const=False), weights(8, const=False)),
            name="default_index at run time, no empty bag",
        ),
        Case(
            (table(), ints([3, 0, 9, 3, 7, 1, 1, 5], "i64"), ints([0, 4, 4, 7], "i64", const=True), scalar(2, "i64")),
            name="i64 indices, constant offsets",
        ),
        Case(
            (table(), ints([3, 0, 9, 3, 7, 1, 1, 5], const=True), ints([0, 3, 3, 5]), scalar(8), weights(8)),
            name="constant indices",
        ),
        Case((table(), IDX8, ints([2, 5, 7])), name="indices before offsets[0] in no bag"),
        Case((table(6, 2, 3), ints([5, 0, 2, 2]), ints([0, 1, 1]), scalar(3), weights(4)), name="a 3-D table"),
        Case((table(4, 1), ints([3, 3, 3]), ints([0])), name="one bag, one column"),
        Case((table(etype="f16"), IDX8, ints([0, 3, 3, 5]), scalar(1), weights(8, "f16")), name="f16", **TOL),
        Case((table(etype="bf16"), IDX8, ints([0, 3, 3, 5]), scalar(1), weights(8, "bf16")), name="bf16", **BF16_TOL),
        Case(
            (table(etype="i32"), IDX8, ints([0, 3, 3, 5]), scalar(1), T("i32", (8,), low=-3, high=4)),
            name="i32 table and weights",
        ),
        Case((T("u8", (2, 1), [[250], [10]]), ints([0, 0, 1]), ints([0])), name="u8 sums wrap"),
        Case(
            (BIG, ints([0, 1, 2, 3]), ints([0, 2])),
            name="i64 table beyond i32",
            expect=BIG_SUMS,
            plugin=([[2, 4], [10, 12]],),
            why=BIG_WHY,
        ),
        Case((table(), IDX8, T("i32", (0,), [])), name="no bag"),
        Case(
            (T("f32", (4, 2), [[1, 2], [3, 4], [5, 6], [7, 8]]), ints([1, 2, 0]), ints([0, 3]), scalar(2)),
            name="an empty last bag (offset = num_indices)",
            oracle=False,
            expect=([[9, 12], [5, 6]],),
            why="the plugin refuses an offset equal to the number of indices",
        ),
        Case(
            (T("f32", (4, 2), [[1, 2], [3, 4], [5, 6], [7, 8]]), T("i32", (0,), []), ints([0, 0]), scalar(3)),
            name="no index: every bag empty",
            oracle=False,
            expect=([[7, 8], [7, 8]],),
            why="the plugin refuses an empty indices input",
        ),
    ]


def offsets_errors() -> list:
    X, I, O = table(5, 2), ints([0, 2, 3, 4]), ints([0, 2, 2])
    return [
        Error(
            (X, ints([0, 7, 3, 4]), O),
            match=r"indices: index 7 at position \[1\] is out of range \[0, 4\]",
            code="C004",
            at="run",
            name="index past the table",
        ),
        Error(
            (X, ints([0, 2, -1, 4], "i64"), ints([0, 2, 2], "i64")),
            match=r"index -1 at position \[2\] is out of range \[0, 4\]",
            code="C004",
            at="run",
            name="negative index",
        ),
        Error(
            (X, I, O, scalar(5, const=False)),
            match=r"default_index 5 is out of range -1 or \[0, 4\]",
            code="C004",
            at="run",
            name="default_index past the table",
        ),
        Error(
            (X, I, O, scalar(-2, const=False)),
            match=r"default_index -2 is out of range",
            code="C004",
            at="run",
            name="default_index -2",
        ),
        Error(
            (X, I, ints([0, 3, 2])),
            match=r"offsets must not decrease: offset 2 at position \[2\] follows 3",
            code="C004",
            at="run",
            name="decreasing offsets",
        ),
        Error(
            (X, I, ints([0, 2, 5])),
            match=r"offset 5 at position \[2\] is past the end of the 4 indices",
            code="C004",
            at="run",
            name="offset past the end",
        ),
        Error(
            (X, I, ints([-1, 2, 2])),
            match=r"offset -1 at position \[0\] is negative",
            code="C004",
            at="run",
            name="negative offset",
        ),
        Error(
            (X, ints([[0, 2], [3, 4]]), O),
            match=r"indices must be 1-D, got shape \[2,2\]",
            code="S005",
            at="lint",
            name="2-D indices",
        ),
        Error((X, I, ints([[0, 2]])), match=r"offsets must be 1-D", code="S005", at="lint", name="2-D offsets"),
        Error(
            (X, I, O, ints([1], const=True)),
            match=r"default_index must be a scalar, got shape \[1\]",
            code="S005",
            at="lint",
            name="default_index of shape [1]",
        ),
        Error(
            (X, I, O, scalar(1), weights(3)),
            match=r"indices and per_sample_weights must have one shape",
            code="S005",
            at="lint",
            name="weights of another length",
        ),
        Error(
            (X, I, O, scalar(1), weights(4, "f16")),
            match=r"must have one element type",
            code="S005",
            at="lint",
            name="weights of another type",
        ),
        Error(
            (X, I, ints([0, 2, 2], "i64")),
            match=r"indices and offsets must have one element type",
            code="S005",
            at="lint",
            name="i64 offsets with i32 indices",
        ),
        Error(
            (X, T("f32", (4,), [0.0, 2.0, 3.0, 4.0]), O),
            match=r"indices must be i32 or i64, got f32",
            code="S005",
            at="lint",
            name="f32 indices",
        ),
        Error(
            (T("f32", (), 1.0), I, O),
            match=r"emb_table must have rank 1 or more",
            code="S005",
            at="lint",
            name="scalar table",
        ),
    ]


IDX2x3 = ints([[3, 0, 9], [7, 7, 1]])


def packed_cases() -> list:
    """Cases every packed version takes with its reduction sum (left out or set)."""
    return [
        Case(
            (SPEC_TABLE, ints([[0, 2], [1, 2], [3, 4]]), T("f32", (3, 2), [[0.5] * 2] * 3)),
            name="the spec's example, weights",
            **TOL,
        ),
        Case((SPEC_TABLE, ints([[0, 2], [1, 2], [3, 4]])), name="the spec's example, weights left out", **TOL),
        Case((table(), IDX2x3), name="weights left out"),
        Case((table(), IDX2x3, T("f32", (2, 3))), name="weights"),
        Case(
            (table(), ints([[3, 0, 9], [7, 7, 1]], "i64", const=True), T("f32", (2, 3), const=True)),
            name="constant i64 indices and weights",
        ),
        Case((table(6, 2, 3), ints([[5], [0], [5]])), name="a 3-D table, one index a bag"),
        Case((table(etype="f16"), IDX2x3, T("f16", (2, 3))), name="f16", **TOL),
        Case((table(etype="bf16"), IDX2x3, T("bf16", (2, 3))), name="bf16", **BF16_TOL),
        Case((table(etype="i32"), IDX2x3, T("i32", (2, 3), low=-3, high=4)), name="i32 table and weights"),
        Case((T("u8", (2, 1), [[250], [10]]), ints([[0, 0, 1]])), name="u8 sums wrap"),
        Case(
            (BIG, ints([[0, 1], [2, 3]])),
            name="i64 table beyond i32",
            expect=BIG_SUMS,
            plugin=([[2, 4], [10, 12]],),
            why=BIG_WHY,
        ),
        Case((table(), T("i32", (0, 2), [])), name="no bag"),
        Case(
            (T("f32", (3, 2), [[1, 2], [3, 4], [5, 6]]), T("i32", (2, 0), [])),
            name="bags of no index",
            oracle=False,
            expect=([[0, 0], [0, 0]],),
            why="the plugin refuses indices of shape [2, 0]",
        ),
    ]


def packed_errors() -> list:
    X = table(5, 2)
    return [
        Error(
            (X, ints([[0, 2], [5, 1]])),
            match=r"indices: index 5 at position \[1, 0\] is out of range \[0, 4\]",
            code="C004",
            at="run",
            name="index past the table",
        ),
        Error(
            (X, ints([[0, -2], [3, 1]], "i64")),
            match=r"index -2 at position \[0, 1\] is out of range",
            code="C004",
            at="run",
            name="negative index",
        ),
        Error(
            (X, ints([0, 2, 3])),
            match=r"indices must be 2-D, got shape \[3\]",
            code="S005",
            at="lint",
            name="1-D indices",
        ),
        Error(
            (X, ints([[0, 2], [3, 1]]), T("f32", (2, 3))),
            match=r"indices and per_sample_weights must have one "
            r"shape, got \[2,2\] and \[2,3\]",
            code="S005",
            at="lint",
            name="weights of another shape",
        ),
        Error(
            (X, ints([[0, 2], [3, 1]]), T("f32", (4,))),
            match=r"per_sample_weights must be 2-D",
            code="S005",
            at="lint",
            name="1-D weights",
        ),
        Error(
            (X, ints([[0, 2], [3, 1]]), T("i32", (2, 2))),
            match=r"must have one element type",
            code="S005",
            at="lint",
            name="weights of another type",
        ),
        Error(
            (X, ints([[0, 2], [3, 1]], "u8")),
            match=r"indices must be i32 or i64, got u8",
            code="S005",
            at="lint",
            name="u8 indices",
        ),
        Error(
            (T("f32", (), 1.0), ints([[0]])),
            match=r"emb_table must have rank 1 or more",
            code="S005",
            at="lint",
            name="scalar table",
        ),
    ]
