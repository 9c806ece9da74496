"""RaggedToSparse (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

import numpy as np

from cases.rows import Case, Error, T, Table


def rows(begins, ends, shape=None):
    shape = shape or (len(begins),)
    return (T("i32", shape, begins), T("i32", shape, ends))


TABLE = Table(
    "RaggedToSparse",
    "extension",
    cases=[
        Case(rows([0, 3, 3, 5], [3, 3, 5, 9]), name="rows end to end, one empty"),
        Case(rows([2, 4], [4, 7]), name="rows end to end from an offset"),
        Case(rows([0, 1, 1, 4], [1, 1, 4, 6], shape=(2, 2)), name="rows in 2-D"),
        Case(rows([0, 0], [0, 0]), name="every row empty"),
        Case(
            rows([5, 0], [7, 3]),
            name="rows out of order",
            expect=([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]],),
            oracle=False,
            why="the extension sizes the output as ends[-1] - begins[0] (-2 here) and writes past it",
        ),
        Case(
            rows([0, 5], [2, 6]),
            name="rows with a gap",
            expect=([[0, 0], [0, 1], [1, 0]],),
            oracle=False,
            why="the extension sizes the output as ends[-1] - begins[0] (6 here) and leaves the rows past the "
            "elements' count unwritten",
        ),
        Case(
            rows([], []),
            name="no rows",
            expect=(np.zeros((0, 2), np.int32),),
            oracle=False,
            why="with no rows the extension reads ends[-1] and begins[0], before and past its inputs",
        ),
    ],
    errors=[
        Error(rows([0, 3], [3, 2]), match=r"RaggedToSparse's row 1 spans \[3, 2\): it ends before it begins", at="run"),
        Error(
            (T("i32", (2,), [0, 1]), T("i32", (3,), [1, 2, 3])),
            match=r"RaggedToSparse's begins and ends differ in shape: \[2\] and \[3\]",
            code="S005",
            at="lint",
        ),
        Error(
            (T("i64", (1,), [0]), T("i32", (1,), [1])),
            match=r"RaggedToSparse's begins must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
