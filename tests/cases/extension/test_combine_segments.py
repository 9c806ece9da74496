"""CombineSegments (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table


def seq(rows: list, shape=None) -> tuple:
    """begins, ends, data of rows of token ids laid end to end."""
    ends, at = [], 0
    for r in rows:
        at += len(r)
        ends.append(at)
    begins = [e - len(r) for e, r in zip(ends, rows)]
    flat = [t for r in rows for t in r]
    shape = shape or (len(rows),)
    return (T("i32", shape, begins), T("i32", shape, ends), T("i32", (len(flat),), flat))


def special(token: int, on: bool = True) -> tuple:
    """A special token's segment as openvino_tokenizers writes it: scalar Consts 0 and 1 (0 when
    special tokens are off) over a one-element data Const."""
    return (T("i32", (), 0, const=True), T("i32", (), int(on), const=True), T("i32", (1,), [token], const=True))


def ids(*values, etype="i32") -> T:
    return T(etype, (len(values),), list(values), const=True)


A = [[10, 11, 12], [], [13]]
B = [[20], [21, 22], []]

TABLE = Table(
    "CombineSegments",
    "extension",
    outputs=6,
    cases=[
        # Byte-level BPE with no post-processor: the one sequence, ids [0].
        Case(seq(A) + (ids(0),), name="one sequence"),
        # BERT, single: [CLS] A [SEP].
        Case(special(101) + seq(A) + special(102) + (ids(0, 0, 0),), name="[CLS] A [SEP]"),
        # BERT, pair: [CLS] A [SEP] B [SEP], token types 0 0 0 1 1.
        Case(
            special(101) + seq(A) + special(102) + seq(B) + special(102) + (ids(0, 0, 0, 1, 1),),
            name="[CLS] A [SEP] B [SEP]",
            expect=(
                [0, 7, 12],
                [7, 12, 16],
                [101, 10, 11, 12, 102, 20, 102, 101, 102, 21, 22, 102, 101, 13, 102, 102],
                [0, 7, 12],
                [7, 12, 16],
                [0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1],
            ),
        ),
        # As a pair's IR holds the last [SEP]: ends of shape [1], special tokens switchable (a Multiply).
        Case(
            special(101)
            + seq(A)
            + special(102)
            + seq(B)
            + (T("i32", (), 0, const=True), T("i32", (1,), [1]), T("i32", (1,), [102], const=True))
            + (ids(0, 0, 0, 1, 1),),
            name="a scalar begins with ends of shape [1]",
        ),
        Case(special(101, on=False) + seq(A) + special(102, on=False) + (ids(0, 0, 0),), name="special tokens off"),
        # Several special tokens in one segment (a template's "<s> <s>"), ids as i64.
        Case(
            (T("i32", (), 0, const=True), T("i32", (), 2, const=True), T("i32", (2,), [1, 1], const=True))
            + seq(A)
            + (ids(0, 1, etype="i64"),),
            name="two tokens in one special segment, i64 ids",
        ),
        # Ranges that skip and revisit data, in 2-D rows.
        Case(
            (T("i32", (2, 2), [4, 0, 2, 2]), T("i32", (2, 2), [6, 1, 4, 2]), T("i32", (6,), [1, 2, 3, 4, 5, 6]))
            + special(7)
            + (ids(3, 4),),
            name="rows in 2-D, ranges out of order",
        ),
        Case(seq([[], []]) + seq([[], [5]]) + (ids(0, 1),), name="empty rows"),
        # A one-element begins is broadcast as a scalar is.
        Case(
            (T("i32", (1,), [0]), T("i32", (1,), [2]), T("i32", (2,), [8, 9])) + seq([[1]]) + (ids(0, 1),),
            name="one row each",
        ),
        Case(special(5) + special(6) + (ids(0, 1),), name="only special tokens: a scalar row"),
        Case(seq([]) + seq([]) + (ids(0, 1),), name="empty batch"),
        Case(
            special(101) + seq([]) + special(102) + (ids(0, 0, 0),),
            name="empty batch with special tokens",
            expect=([], [], [], [], [], []),
            oracle=False,
            why="the extension refuses the run: it counts the rows as the longest segment's, 1 (a special "
            "token's), against the empty batch's shape",
        ),
    ],
    errors=[
        Error(
            seq([[1], [2]])
            + (T("i32", (2,), [0, 3]), T("i32", (2,), [1, 4]), T("i32", (3,), [7, 8, 9]))
            + (ids(0, 1),),
            match=r"CombineSegments's segment 1's element range 1 spans \[3, 4\), outside the 3 it ranges over",
            at="run",
        ),
        Error(
            seq([[1], [2]])
            + (T("i32", (2,), [2, 0]), T("i32", (2,), [1, 1]), T("i32", (3,), [7, 8, 9]))
            + (ids(0, 1),),
            match=r"CombineSegments's segment 1's element range 0 spans \[2, 1\)",
            at="run",
        ),
        Error(
            seq([[1], [2]]) + seq([[1], [2], [3]]) + (ids(0, 1),),
            match=r"CombineSegments's segments that are not scalars must have one shape, got \[2\] and \[3\]",
            code="S005",
            at="lint",
        ),
        Error(
            seq([[1]]) + (ids(0, 1),),
            match=r"CombineSegments's ids hold 2 entries for 1 segments",
            code="S005",
            at="lint",
        ),
        Error(
            seq([[1]])[:2] + (ids(0),),
            match=r"CombineSegments takes a begins, ends and data triple per segment and the ids: 3n \+ 1 inputs \(n >= 1\), got 3",
            code="S005",
            at="lint",
        ),
        Error(
            (T("i64", (1,), [0]),) + seq([[1]])[1:] + (ids(0),),
            match=r"CombineSegments's begins of segment 0 must be i32, got i64",
            code="S005",
            at="lint",
        ),
        Error(
            seq([[1]])[:2] + (T("i64", (1,), [5]),) + (ids(0),),
            match=r"CombineSegments's data of segment 0 must be i32, got i64",
            code="S005",
            at="lint",
        ),
        Error(
            seq([[1]])[:2] + (T("i32", (1, 1), [5]),) + (ids(0),),
            match=r"CombineSegments's data of segment 0 must be 1-D, got \[1,1\]",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
