"""ReverseSequence-1: cases against the CPU plugin.

batch_axis and seq_axis left out (0 and 1), swapped, negative, apart in rank 3 and 4; lengths 0,
1, partial and whole, of integer and float types (a float length counts as its integer part,
as the plugin takes it), as constants or at run time. A length beyond the sequence dim, or
negative, is refused (the plugin refuses it at run time too)."""

import numpy as np

from cases.rows import Case, Error, T, Table

X = T("f32", (3, 4), np.arange(1, 13).reshape(3, 4))


def vec(values, etype="i64", const=False):
    return T(etype, np.shape(values), np.asarray(values), const=const)


def axes(batch, seq):
    return {"batch_axis": str(batch), "seq_axis": str(seq)}


TABLE = Table(
    "ReverseSequence",
    "opset1",
    cases=[
        Case((X, vec([2, 3, 1])), name="axes left out"),
        Case((X, vec([0, 4, 1])), name="lengths 0, whole and 1"),
        Case((X, vec([2, 3, 1], const=True)), name="constant lengths"),
        Case((X, vec([3, 2, 0, 1], "i32")), axes(1, 0), name="batch 1, seq 0"),
        Case((X, vec([1, 3, 2])), axes(-2, -1), name="negative axes"),
        Case((X, vec([2, 3, 1, 0], "i32")), axes(-1, -2), name="negative axes, swapped"),
        Case((T("f32", (2, 3, 4)), vec([3, 2, 4])), axes(1, 2), name="rank 3, batch 1, seq 2"),
        Case((T("f32", (2, 3, 4)), vec([4, 1])), axes(0, 2), name="rank 3, apart"),
        Case((T("f32", (2, 3, 2, 2)), vec([1, 2], const=True)), axes(-1, 1), name="rank 4, batch after seq"),
        Case((X, vec([2.0, 3.0, 1.5], "f32")), name="f32 lengths"),
        Case((X, vec([1.75, 2.25, 3.875], "f32", const=True)), name="f32 lengths, fractions"),
        Case((X, vec([2, 3, 1], "f16"))),
        Case((X, vec([2, 3, 1], "u8"))),
        Case((X, vec([4, 0, 2], "i8", const=True))),
        Case((T("f32", (0, 3)), vec([], "i32")), name="no batch"),
        Case((T("f32", (2, 0)), vec([0, 0])), name="empty sequences"),
        Case((T("i32", (2, 3)), vec([3, 2]))),
        Case((T("i64", (3, 2)), vec([2, 1])), axes(1, 0)),
        Case((T("i8", (2, 2)), vec([2, 1]))),
        Case((T("u8", (2, 3)), vec([1, 3]))),
        Case((T("f16", (2, 3)), vec([3, 2]))),
        Case((T("bf16", (2, 3)), vec([2, 3]))),
        Case((T("boolean", (2, 3)), vec([3, 3]))),
    ],
)

TABLE.errors = [
    Error(
        (X, vec([2, 5, 1])),
        match=r"ReverseSequence's seq_lengths\[1\] = 5 is out of range \[0, 4\]",
        code="C004",
        name="length beyond the dim",
        at="run",
    ),
    Error(
        (X, vec([-1, 2, 1], "i32")),
        match=r"ReverseSequence's seq_lengths\[0\] = -1 is out of range \[0, 4\]",
        code="C004",
        name="negative length",
        at="run",
    ),
    Error(
        (X, vec([1.0, 2.0, 5.5], "f32")),
        match=r"seq_lengths\[2\] = 5.0 is out of range \[0, 4\]",
        code="C004",
        name="f32 length beyond the dim",
        at="run",
    ),
    Error(
        (X, vec([1, 2])),
        match=r"ReverseSequence's seq_lengths \[2\] need one length per index of batch dim 0 of "
        r"\[3,4\]",
        code="S005",
        name="too few lengths",
        at="lint",
    ),
    Error(
        (X, vec([[1, 2, 3]])),
        match=r"ReverseSequence's seq_lengths must be a 1-D tensor",
        code="S005",
        name="2-D lengths",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([1, 2, 3])),
        match=r"ReverseSequence's data must have rank 2 or more",
        code="S005",
        name="1-D data",
        at="lint",
    ),
    Error(
        (X, vec([1, 2, 3, 4])),
        attrs=axes(1, 1),
        match=r"batch_axis 1 and seq_axis 1 name one dim",
        code="S005",
        name="one axis",
        at="lint",
    ),
    Error(
        (X, vec([1, 2, 3, 4])),
        attrs=axes(-1, 1),
        match=r"batch_axis -1 and seq_axis 1 name one dim",
        code="S005",
        name="one axis, negative",
        at="lint",
    ),
    Error(
        (X, vec([1, 2, 3])),
        attrs=axes(2, 1),
        match=r"ReverseSequence batch_axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="batch_axis too large",
        at="lint",
    ),
    Error(
        (X, vec([1, 2, 3])),
        attrs=axes(0, -3),
        match=r"ReverseSequence seq_axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="seq_axis too small",
        at="lint",
    ),
    Error(
        (X, vec([True, False, True], "boolean")),
        match=r"ReverseSequence's seq_lengths must be numeric",
        code="S005",
        name="boolean lengths",
        at="lint",
    ),
    Error(
        (X, vec([1, 2, 3])),
        attrs={"seq_axis": "one"},
        match=r"attribute seq_axis='one' is not a valid int",
        code="O003",
        name="seq_axis not an integer",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
