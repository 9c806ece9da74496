"""FuzeRagged (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import ragged

ROWS = [["ab", "c"], ["", "de", "f"], ["ghi"]]

TABLE = Table(
    "FuzeRagged",
    "extension",
    outputs=2,
    cases=[
        Case(ragged(ROWS)[:4], name="rows of several strings"),
        Case(
            (
                T("i32", (3,), [0, 2, 2]),
                T("i32", (3,), [2, 2, 4]),
                T("i32", (4,), [0, 3, 5, 9]),
                T("i32", (4,), [3, 5, 9, 12]),
            ),
            name="a row between others, empty: the next row's first string, as the extension reads it",
            expect=([0, 5, 5], [5, 9, 12]),
        ),
        Case(
            (
                T("i32", (2, 2), [0, 1, 2, 2]),
                T("i32", (2, 2), [1, 2, 2, 3]),
                T("i32", (3,), [4, 0, 7]),
                T("i32", (3,), [6, 3, 7]),
            ),
            name="rows in 2-D, strings out of order in chars",
            expect=([[4, 0], [7, 7]], [[6, 3], [7, 7]]),
        ),
        Case(
            (T("i32", (2,), [0, 1]), T("i32", (2,), [1, 1]), T("i32", (1,), [2]), T("i32", (1,), [4])),
            name="an empty last row: past the strings' end, an empty string",
            expect=([2, 0], [4, 0]),
            oracle=False,
            why="the extension reads begins and ends past their end there",
        ),
        Case((T("i32", (0,)), T("i32", (0,)), T("i32", (0,)), T("i32", (0,))), name="no rows"),
    ],
    errors=[
        Error(
            (T("i32", (2,), [0, 1]), T("i32", (2,), [1, 5]), T("i32", (3,), [0, 1, 2]), T("i32", (3,), [1, 2, 3])),
            match=r"FuzeRagged's row 1 spans strings \[1, 5\), outside the 3 there are",
            at="run",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [1]), T("i32", (1, 1), [0]), T("i32", (1,), [1])),
            match=r"FuzeRagged's begins must be 1-D, got \[1,1\]",
            code="S005",
            at="lint",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [1]), T("i64", (1,), [0]), T("i32", (1,), [1])),
            match=r"FuzeRagged's begins must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
