"""CTCGreedyDecoderSeqLen-6: cases against the CPU plugin. Random data are eighths, so ties
between classes are common (the first class wins). Sequence lengths outside [0, T]: error rows
(the plugin refuses one over T)."""

import numpy as np

from cases.rows import Case, Error, T, Table

NAN = float("nan")


def lengths(values, etype="i32", const=False):
    return T(etype, (len(values),), values, const=const)


def blank(value, etype="i32", shape=(), const=True):
    return T(etype, shape, value, const=const)


# [N=1, T=7, C=3]: best path 0 0 2 0 1 1 2, by one-hot rows.
PATH = [0, 0, 2, 0, 1, 1, 2]
HOT = T("f32", (1, 7, 3), [[[1.0 if c == k else 0.0 for c in range(3)] for k in PATH]])

TABLE = Table(
    "CTCGreedyDecoderSeqLen",
    "opset6",
    outputs=2,
    cases=[
        Case((T("f32", (2, 6, 4)), lengths([6, 4])), name="attributes and blank_index left out"),
        Case(
            (T("f32", (2, 6, 4)), lengths([6, 4])),
            {"merge_repeated": "true", "classes_index_type": "i32", "sequence_length_type": "i32"},
            name="all set to defaults",
        ),
        Case(
            (T("f32", (3, 6, 4)), lengths([2, 6, 0], "i64", const=True)),
            {"merge_repeated": "false", "classes_index_type": "i64", "sequence_length_type": "i64"},
            name="no merge, i64 outputs, constant i64 lengths, an empty sequence",
        ),
        Case((T("f32", (2, 6, 4)), lengths([5, 6]), blank(0)), {"classes_index_type": "i64"}, name="blank 0"),
        Case(
            (T("f32", (2, 6, 4)), lengths([5, 6]), blank([1], "i64", (1,), const=False)),
            {"merge_repeated": "false", "sequence_length_type": "i64"},
            name="blank of shape [1] at run time, i64",
        ),
        Case((T("f32", (2, 6, 4), const=True), lengths([6, 3]), blank(3, "i64")), name="constant data, blank C - 1"),
        Case((HOT, lengths([7])), name="merge by hand", expect=([[0, 0, 1, -1, -1, -1, -1]], [3])),
        Case(
            (HOT, lengths([7])),
            {"merge_repeated": "false"},
            name="no merge by hand",
            expect=([[0, 0, 0, 1, 1, -1, -1]], [5]),
        ),
        Case((HOT, lengths([7]), blank(0)), name="blank 0 by hand", expect=([[2, 1, 2, -1, -1, -1, -1]], [3])),
        Case((HOT, lengths([7]), blank(-1)), name="blank -1: no class", expect=([[0, 2, 0, 1, 2, -1, -1]], [5])),
        Case((T("f32", (2, 5, 3)), lengths([5, 5]), blank(7)), name="blank past the classes"),
        Case((T("f16", (2, 5, 4)), lengths([5, 3])), name="f16"),
        Case((T("bf16", (2, 5, 4)), lengths([4, 5], "i64")), name="bf16"),
        Case(
            (
                T("f32", (2, 3, 3), [[[NAN, 1, 0], [2, NAN, 3], [0, 0, 0]], [[0, NAN, 1], [NAN, NAN, NAN], [1, 1, 5]]]),
                lengths([3, 3]),
            ),
            name="NaN",
            expect=([[0, 0, -1], [0, -1, -1]], [2, 1]),
        ),
        Case((T("f32", (2, 4, 1)), lengths([4, 2])), name="one class: the blank alone"),
        Case((T("f32", (0, 4, 3)), lengths([])), name="no sequence"),
        Case(
            (T("f32", (2, 0, 3)), lengths([0, 0])),
            name="no time steps",
            oracle=False,
            expect=(np.zeros((2, 0), np.int32), [0, 0]),
            why="with no time step the plugin leaves decoded_length unwritten (what the buffer held)",
        ),
    ],
)

D, L = T("f32", (2, 4, 3)), lengths([4, 2])
TABLE.errors = [
    Error(
        (D, lengths([5, 2])), match=r"sequence_length\[0\] = 5 is out of range \[0, 4\]", at="run", name="length past T"
    ),
    Error(
        (D, lengths([4, -1], "i64")),
        match=r"sequence_length\[1\] = -1 is out of range \[0, 4\]",
        at="run",
        name="negative length",
    ),
    Error((T("f32", (2, 4)), L), match=r"data must be 3-D, got shape \[2,4\]", code="S005", at="lint"),
    Error(
        (D, T("i32", (2, 1), [[4], [2]])),
        match=r"sequence_length must be 1-D, got shape \[2,1\]",
        code="S005",
        at="lint",
    ),
    Error((D, lengths([4, 2, 1])), match="sequence_length must have one entry per sequence", code="S005", at="lint"),
    Error(
        (D, L, blank([1, 1], shape=(2,))),
        match=r"blank_index must be a scalar or have 1 element, got shape \[2\]",
        code="S005",
        at="lint",
    ),
    Error((T("i32", (2, 4, 3)), L), match="data must be of a floating-point type, got i32", code="S005", at="lint"),
    Error((D, T("f32", (2,), [4.0, 2.0])), match="sequence_length must be i32 or i64, got f32", code="S005", at="lint"),
    Error((D, L, blank(1, "u8")), match="blank_index must be i32 or i64, got u8", code="S005", at="lint"),
    Error(
        (D, L),
        attrs={"classes_index_type": "u8"},
        match="classes_index_type must be i32 or i64, got u8",
        code="O003",
        at="lint",
    ),
    Error(
        (D, L),
        attrs={"sequence_length_type": "f32"},
        match="sequence_length_type must be i32 or i64, got f32",
        code="O003",
        at="lint",
    ),
    Error(
        (D, L), attrs={"merge_repeated": "2"}, match="merge_repeated='2' is not a valid bool", code="O003", at="lint"
    ),
]

test_cases, test_errors = TABLE.pytest()
