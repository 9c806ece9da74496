"""RaggedToRagged (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table


def ids(values, n, shape=()):
    return (T("i32", (len(values),), values), T("i32", shape, n if shape == () else [n]))


TABLE = Table(
    "RaggedToRagged",
    "extension",
    outputs=2,
    cases=[
        Case(ids([0, 0, 1, 3, 3, 3], 4), name="a row with no elements"),
        Case(ids([1, 1, 2], 5), name="rows before and after the elements empty"),
        Case(ids([0, 1, 2], 3, shape=(1,)), name="one element a row, a one-element count"),
        Case(ids([], 3), name="no elements"),
        Case(ids([], 0), name="no rows"),
        Case(ids([0, 0, 1, 1], 2), name="the last row full"),
        Case(
            ids([0, 0, 1, 3, 3], 2),
            name="row ids past the rows",
            expect=([0, 2], [2, 3]),
            oracle=False,
            why="the extension stops at the first row id past the rows but leaves the row it was reading "
            "unwritten (uninitialised memory)",
        ),
    ],
    errors=[
        Error(
            ids([0, 2, 1], 3), match=r"RaggedToRagged's rowids\[2\] is 1, after 2: row ids must not decrease", at="run"
        ),
        Error(ids([-1, 0], 3), match=r"RaggedToRagged's rowids\[0\] is -1: a row id cannot be negative", at="run"),
        Error(ids([0], -2), match=r"RaggedToRagged's first_dim_size is -2: a row count cannot be negative", at="run"),
        Error(
            (T("i32", (1, 1), [0]), T("i32", (), 1)),
            match=r"RaggedToRagged's rowids must be 1-D, got \[1,1\]",
            code="S005",
            at="lint",
        ),
        Error(
            (T("i64", (1,), [0]), T("i32", (), 1)),
            match=r"RaggedToRagged's rowids must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
