"""SearchSorted-15: cases against the CPU plugin: a 1-D sequence with values of any shape (a
scalar too) and an N-D one searched row by row, right_mode and output_type left out and set,
values equal to the sequence's (where left and right differ), below and above it, repeats,
empty inputs, the numeric types. With empty rows in the sequence every index is 0; the plugin
reads past them and gives indices that vary: that case runs in irexec alone."""

import numpy as np

from cases.rows import Case, Error, T, Table

RIGHT = {"right_mode": "true"}
SEQ = [-3.0, -1.0, 0.0, 0.0, 2.5, 4.0]
VALS = [-5.0, -3.0, -2.0, 0.0, 1.0, 2.5, 4.0, 9.0]
ROWS = np.array([[[0, 1, 1, 3], [2, 2, 2, 2]], [[-5, 0, 5, 10], [1, 2, 3, 4]]], np.float32)
ROW_VALS = np.array([[[1, 3, -1], [2, 1, 3]], [[5, 6, 10], [0, 4, 2]]], np.float32)


def seq(values, etype="f32", const=False):
    values = np.asarray(values)
    return T(etype, values.shape, values, const=const)


TABLE = Table(
    "SearchSorted",
    "opset15",
    cases=[
        Case((seq(SEQ), seq(VALS)), name="1-D, left"),
        Case((seq(SEQ), seq(VALS)), RIGHT, name="1-D, right"),
        Case((seq(SEQ), seq(VALS)), {"right_mode": "false", "output_type": "i32"}, name="1-D, i32 output"),
        Case((seq(SEQ), seq(np.reshape(VALS, (2, 2, 2)))), RIGHT, name="1-D sequence, 3-D values"),
        Case((seq(SEQ), T("f32", (), 0.0)), name="scalar value"),
        Case((seq(SEQ), T("f32", (), 0.0)), RIGHT, name="scalar value, right"),
        Case((seq(ROWS), seq(ROW_VALS)), name="3-D, left"),
        Case((seq(ROWS), seq(ROW_VALS)), RIGHT | {"output_type": "i64"}, name="3-D, right"),
        Case((seq(ROWS, const=True), seq(ROW_VALS)), name="constant sequence"),
        Case((seq(ROWS[:, :, :2]), seq(ROW_VALS, const=True)), RIGHT, name="constant values"),
        Case((seq([[1, 2, 2, 5]], "i32"), seq([[2, 0, 7, 5, 3]], "i32")), name="i32"),
        Case((seq([[1, 2, 2, 5]], "i64"), seq([[2, 0, 7, 5, 3]], "i64")), RIGHT, name="i64"),
        Case((seq([0, 3, 200, 255], "u8"), seq([255, 0, 100], "u8")), name="u8"),
        Case((seq([0.5, 1.5, 1.5, 8], "f16"), seq([1.5, -1, 9], "f16")), RIGHT, name="f16"),
        Case((seq([0.5, 1.5, 1.5, 8], "bf16"), seq([1.5, -1, 9], "bf16")), name="bf16"),
        Case(
            (seq(np.zeros((2, 0), np.float32)), T("f32", (2, 3))),
            name="empty rows",
            oracle=False,
            expect=(np.zeros((2, 3), np.int64),),
            why="the plugin reads past the empty rows: its indices vary",
        ),
        Case((seq(SEQ), T("f32", (0, 2))), name="no values"),
        Case((T("f32", (0, 3)), T("f32", (0, 4))), name="no rows"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", ()), T("f32", (3,))),
        match="sorted_sequence cannot be a scalar",
        code="S005",
        name="scalar sequence",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", ())),
        match="values can be a scalar only with a 1-D sorted_sequence",
        code="S005",
        name="scalar value, 2-D sequence",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2, 2, 2))),
        match="values must have sorted_sequence's rank",
        code="S005",
        name="ranks differ",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (3, 3))),
        match="must agree in every dim but the last",
        code="S005",
        name="leading dims differ",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), T("i32", (3,))),
        match="sorted_sequence and values must have one element type",
        code="S005",
        name="types differ",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), T("f32", (3,))),
        attrs={"output_type": "f32"},
        match="output_type must be i32 or i64",
        code="O003",
        name="f32 output_type",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
