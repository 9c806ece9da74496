"""RaggedToDense (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from .test_combine_segments import seq

A = [[101, 7, 8, 102], [101, 102], [], [101, 9, 9, 9, 9, 9, 102]]


def pad(width, value=0, etype="i32", const=False, shape=()):
    """The dense length (at run time, as openvino_tokenizers' ReduceMax gives it) and the pad value."""
    return (T(etype, shape, width, const=const), T("i32", (), value, const=True))


TABLE = Table(
    "RaggedToDense",
    "extension",
    outputs=2,
    cases=[
        # As openvino_tokenizers writes it: the longest row's length.
        Case(seq(A) + pad(7), attrs={"pad_right": "true", "m_pad_max_length": "false"}, name="pad right"),
        Case(seq(A) + pad(7, 3), attrs={"pad_right": "false", "m_pad_max_length": "false"}, name="pad left"),
        Case(seq(A) + pad(5), name="rows longer than target, attributes left out"),
        Case(seq(A) + pad(5, 1), attrs={"pad_right": "false"}, name="left, rows longer than target keep their start"),
        Case(seq(A) + pad(9, const=True), name="a Const target, longer than every row"),
        Case(seq(A) + pad([4], etype="i64", const=True, shape=(1,)), name="a one-element i64 target"),
        Case(seq(A) + pad(0), name="target 0"),
        Case(seq([]) + pad(3), name="empty batch"),
        Case(seq([[], []]) + pad(2), name="empty rows"),
        Case(
            (
                T("i32", (2, 2), [5, 0, 2, 2]),
                T("i32", (2, 2), [9, 2, 4, 2]),
                T("f32", (9,), [0.5 * i for i in range(9)]),
            )
            + (T("i32", (), 3), T("f32", (), -1.0, const=True)),
            name="rows in 2-D, f32 data",
        ),
        Case(
            (T("i32", (3,), [0, 2, 3]), T("i32", (3,), [2, 3, 4]), T("i64", (6,), [1, 2, 3, 4, 5, 6]))
            + (T("i32", (), 2), T("i64", (), 0, const=True)),
            attrs={"m_pad_max_length": "true"},
            name="m_pad_max_length true",
            expect=([[1, 2], [3, 0], [4, 0]], [[True, True], [True, False], [True, False]]),
            plugin=([[1, 2], [3, 4], [4, 5]], [[True, True], [True, True], [True, True]]),
            why="with m_pad_max_length true the extension copies target elements from each row's begin whatever "
            "the row's length (the next rows' elements) and marks them all in the mask",
        ),
        Case(
            (T("i32", (3,), [0, 2, 3]), T("i32", (3,), [2, 3, 4]), T("i64", (6,), [1, 2, 3, 4, 5, 6]))
            + (T("i32", (), 2), T("i64", (), 0, const=True)),
            attrs={"m_pad_max_length": "true", "pad_right": "false"},
            name="m_pad_max_length true, pad left",
            expect=([[1, 2], [0, 3], [0, 4]], [[True, True], [False, True], [False, True]]),
            plugin=([[1, 2], [3, 4], [4, 5]], [[True, True], [True, True], [True, True]]),
            why="with m_pad_max_length true the extension copies target elements from each row's begin whatever "
            "the row's length (the next rows' elements) and marks them all in the mask",
        ),
    ],
    errors=[
        Error(
            (T("i32", (2,), [0, 2]), T("i32", (2,), [2, 4])) + (T("i32", (3,), [1, 2, 3]),) + pad(3),
            match=r"RaggedToDense's row 1 spans \[2, 4\), outside the 3 it ranges over",
            at="run",
        ),
        Error(
            (T("i32", (2,), [0, 2]), T("i32", (2,), [2, 1])) + (T("i32", (3,), [1, 2, 3]),) + pad(3),
            match=r"RaggedToDense's row 1 spans \[2, 1\)",
            at="run",
        ),
        Error(seq(A) + pad(-1), match=r"RaggedToDense's target is -1: a length cannot be negative", at="run"),
        Error(
            seq(A) + pad([2, 3], shape=(2,)),
            match=r"RaggedToDense's target must be a scalar or hold one element, got \[2\]",
            code="S005",
            at="lint",
        ),
        Error(
            seq(A)[:3] + (T("i32", (), 2), T("i64", (), 0)),
            match=r"RaggedToDense's data and value must have one element type, got i32, i64",
            code="S005",
            at="lint",
        ),
        Error(
            seq(A)[:3] + (T("i32", (), 2), T("i32", (1,), [0])),
            match=r"RaggedToDense's value must be a scalar, got \[1\]",
            code="S005",
            at="lint",
        ),
        Error(
            seq(A)[:3] + (T("f32", (), 2.0), T("i32", (), 0)),
            match=r"RaggedToDense's target must be of an integer type, got f32",
            code="S005",
            at="lint",
        ),
        Error(
            (T("i64", (4,)),) + seq(A)[1:] + pad(2),
            match=r"RaggedToDense's begins must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
