"""Truncate (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars
from .test_combine_segments import seq


def limits(max_length: int, side: str = "right", mode: str = "longest_first", const: bool = True) -> tuple:
    """max_length (at run time, as openvino_tokenizers' Select gives it), side and mode (Consts)."""
    return (T("i32", (), max_length), chars(side, const), chars(mode, const))


A = [[1, 2, 3, 4, 5, 6], [], [7, 8], [9, 10, 11, 12, 13, 14, 15, 16, 17]]
# Rows for the pair's cases: each (first, second) pair of lengths hits one branch of
# longest_first at max_length 5 and 6 (and stays under it).
PAIRS = [(6, 1), (1, 6), (4, 4), (5, 3), (3, 5), (2, 2), (0, 9), (9, 0), (3, 3)]
FIRST = seq([list(range(100 * i, 100 * i + a)) for i, (a, _) in enumerate(PAIRS)])
SECOND = seq([list(range(100 * i + 50, 100 * i + 50 + b)) for i, (_, b) in enumerate(PAIRS)])


def pair(max_length, side="right", mode="longest_first", **kw):
    return Case(
        FIRST + SECOND + limits(max_length, side, mode),
        attrs={"m_num_inputs": "2"},
        outputs=6,
        name=f"pair, {max_length}, {side}, {mode}",
        **kw,
    )


TABLE = Table(
    "Truncate",
    "extension",
    outputs=3,
    cases=[
        Case(seq(A) + limits(4), attrs={"m_num_inputs": "1"}, name="right"),
        Case(seq(A) + limits(4, "left"), attrs={"m_num_inputs": "1"}, name="left"),
        Case(seq(A) + limits(0), name="max_length 0, m_num_inputs left out"),
        # Truncation switched off: openvino_tokenizers' Select gives 2^31 - 1.
        Case(seq(A) + limits(2**31 - 1), name="no truncation"),
        Case(seq(A) + limits(3, "left", "only_second"), name="the mode has no effect on one input"),
        Case(seq(A) + limits(3, "left", const=False), name="side and mode at run time"),
        Case(
            (T("i32", (2, 2), [5, 0, 2, 2]), T("i32", (2, 2), [9, 2, 4, 2]), T("i32", (9,), list(range(9))))
            + limits(3),
            name="rows in 2-D, out of order",
            expect=([[5, 0], [2, 2]], [[8, 2], [4, 2]], list(range(9))),
        ),
        Case(seq([]) + limits(3), name="empty batch"),
        pair(5),
        pair(6),
        pair(5, "left"),
        pair(6, "left"),
        pair(5, mode="only_first"),
        pair(5, mode="only_second"),
        pair(5, "left", "only_first"),
        pair(5, "left", "only_second"),
        pair(0),
        pair(1, "left"),
        # m_num_inputs is not read: the triples are counted.
        Case(FIRST + SECOND + limits(7), attrs={"m_num_inputs": "1"}, outputs=6, name="pair, m_num_inputs 1"),
        Case(FIRST + SECOND + limits(7), outputs=6, name="pair, m_num_inputs left out"),
    ],
    errors=[
        Error(
            FIRST + SECOND + limits(5),
            match=r"Truncate of 2 input\(s\) has 6 outputs, the layer declares 3",
            code="S005",
            at="lint",
        ),
        Error(seq(A) + limits(3, "up"), match=r"Truncate's side is 'up', not right or left", at="run"),
        Error(seq(A) + limits(3, "Right"), match=r"Truncate's side is 'Right', not right or left", at="run"),
        Error(
            seq(A) + limits(3, "right", "longest"),
            match=r"Truncate's mode is 'longest', not longest_first, only_first or only_second",
            at="run",
        ),
        Error(seq(A) + limits(-1), match=r"Truncate's max_length is -1: it cannot be negative", at="run"),
        Error(
            (T("i32", (2,), [0, 2]), T("i32", (2,), [2, 4]), T("i32", (3,), [1, 2, 3])) + limits(3),
            match=r"Truncate's first input's row 1 spans \[2, 4\), outside the 3 it ranges over",
            at="run",
        ),
        Error(
            seq([[1], [2]]) + seq([[3]]) + limits(3),
            match=r"Truncate's begins and ends must all have one shape, got \[2\] and \[1\]",
            code="S005",
            at="lint",
            outputs=6,
        ),
        Error(
            seq([[1]]) + (T("i32", (1,), [3]),) + limits(3)[1:],
            match=r"Truncate's max_length must be 0-D, got \[1\]",
            code="S005",
            at="lint",
        ),
        Error(
            seq([[1]]) + (T("i64", (), 3),) + limits(3)[1:],
            match=r"Truncate's max_length must be i32, got i64",
            code="S005",
            at="lint",
        ),
        Error(
            seq([[1]])[:2] + (T("i64", (1,), [3]),) + limits(3),
            match=r"Truncate's data of first input must be i32, got i64",
            code="S005",
            at="lint",
        ),
        Error(
            seq([[1]]) + limits(3)[:2],
            match=r"Truncate takes one or two begins, ends and data triples, then max_length, side and mode: 6 or 9 "
            r"inputs, got 5",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
