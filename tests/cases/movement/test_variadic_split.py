"""VariadicSplit-1: cases against the CPU plugin.

VariadicSplit's output count is the length of split_lengths: rows of another count than 3 say so
(outputs=). The axis (a scalar or a [1] tensor) and the lengths come as constants (as
converters write them) or at run time; a -1 length takes what the others leave, a 0 length gives
an empty output."""

import numpy as np

from cases.rows import Case, Error, T, Table


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def axis(v, etype="i64", const=True):
    return T(etype, np.shape(v), np.asarray(v, np.int64), const=const)


X = T("f32", (3, 6))

TABLE = Table(
    "VariadicSplit",
    "opset1",
    outputs=3,
    cases=[
        Case((X, axis(1), vec([1, 2, 3])), name="axis 1"),
        Case((T("f32", (6, 2)), axis(0), vec([3, 1, 2])), name="axis 0"),
        Case((X, axis(-1), vec([2, -1, 1])), name="-1 in the middle"),
        Case((X, axis([1]), vec([-1, 0, 6], "i32")), name="axis [1], -1 takes nothing"),
        Case((X, axis(1), vec([0, 6, 0])), name="zero-length parts"),
        Case((X, axis(-2, "i32"), vec([1, 1, -1])), name="axis -2, i32, -1 last"),
        Case((X, axis(1, const=False), vec([2, 2, 2])), name="axis at run time"),
        # (Not with dynamic dims: with the lengths' own length unknown, OpenVINO cannot read the layer's
        # outputs, "node index is out of range".)
        Case((X, axis(1), vec([1, -1, 2], const=False)), name="lengths at run time", dynamic=False),
        Case(
            (X, axis([-1], "i32", const=False), vec([3, 0, -1], "i32", const=False)),
            name="both at run time",
            dynamic=False,
        ),
        Case((T("f32", (0, 2)), axis(0), vec([0, -1, 0])), name="empty data"),
        Case((T("i32", (2, 3)), axis(1, "u8"), vec([1, 1, 1], "u8"))),
        Case((T("i64", (3,)), axis(0), vec([1, 1, 1], "i32"))),
        Case((T("i8", (3, 1)), axis(0, "i32"), vec([-1, 1, 1]))),
        Case((T("u8", (1, 3)), axis(1), vec([1, 2, 0]))),
        Case((T("f16", (3,)), axis(0), vec([1, 1, -1]))),
        Case((T("bf16", (2, 3)), axis(1), vec([2, 0, 1]))),
        Case((T("boolean", (4, 2)), axis(0), vec([1, 2, 1]))),
        Case((T("f32", (2, 5)), axis(1), vec([3, 2])), outputs=2),
        Case(
            (T("i32", (4, 2)), axis(0, const=False), vec([-1, 3], const=False)),
            name="run time",
            dynamic=False,
            outputs=2,
        ),
        Case((T("f32", (2, 5)), axis(1), vec([-1])), name="one part, -1", outputs=1),
        Case((T("u8", (3, 2)), axis(0), vec([3], const=False)), name="one part, run time", dynamic=False, outputs=1),
    ],
)

TABLE.errors = [
    Error(
        (X, axis(1), vec([1, 2, 2], const=False)),
        match=r"split_lengths \[1, 2, 2\] sum to 5, not to dim 6 at axis 1",
        code="S005",
        name="sum too small",
        at="run",
    ),
    Error(
        (X, axis(0), vec([1, 1, 2])),
        match=r"split_lengths \[1, 1, 2\] sum to 4, not to dim 3 at axis 0",
        code="S005",
        name="sum too large, constant",
        at="lint",
    ),
    Error(
        (X, axis(1), vec([-1, -1, 6], const=False)),
        match=r"split_lengths \[-1, -1, 6\] hold more than one -1",
        code="S005",
        name="two -1",
        at="run",
    ),
    Error(
        (X, axis(1), vec([-2, 4, 4], const=False)),
        match=r"split_lengths \[-2, 4, 4\] hold -2: each must be -1 or "
        r"more",
        code="S005",
        name="-2",
        at="run",
    ),
    Error(
        (X, axis(1), vec([4, -1, 3], const=False)),
        match=r"split_lengths \[4, -1, 3\] sum to more than dim 6",
        code="S005",
        name="-1 with too much left",
        at="run",
    ),
    Error(
        (X, axis(2, const=False), vec([1, 1, 1])),
        match=r"VariadicSplit axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis too large",
        at="run",
    ),
    Error(
        (X, axis(-3), vec([1, 1, 1])),
        match=r"VariadicSplit axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis too small",
        at="lint",
    ),
    Error(
        (X, axis([1, 1]), vec([1, 2, 3])),
        match=r"VariadicSplit's axis must be a scalar or a \[1\] tensor",
        code="S005",
        name="axis of 2 entries",
        at="lint",
    ),
    Error(
        (X, axis([[1]]), vec([1, 2, 3])),
        match=r"VariadicSplit's axis must be a scalar or a \[1\] tensor",
        code="S005",
        name="2-D axis",
        at="lint",
    ),
    Error(
        (X, axis(1), T("i64", (3, 1), np.int64([[1], [2], [3]]))),
        match=r"split_lengths must be a 1-D tensor",
        code="S005",
        name="2-D lengths",
        at="lint",
    ),
    Error(
        (T("f32", ()), axis(0), vec([1, 1, -1])),
        match=r"VariadicSplit's data must have rank 1 or more",
        code="S005",
        name="scalar data",
        at="lint",
    ),
    Error(
        (X, T("f32", (), 1.0), vec([1, 2, 3])),
        match=r"VariadicSplit's axis must be of an integer type",
        code="S005",
        name="f32 axis",
        at="lint",
    ),
    Error(
        (X, axis(1), T("f32", (3,), [1.0, 2.0, 3.0])),
        match=r"VariadicSplit's split_lengths must be of an "
        r"integer type",
        code="S005",
        name="f32 lengths",
        at="lint",
    ),
    Error(
        (T("f32", (2, 5)), axis(1), vec([1, 1, 3])),
        match=r"split_lengths has 3 entries, but the layer declares "
        r"2 outputs",
        code="S005",
        name="3 lengths, 2 outputs",
        at="lint",
        outputs=2,
    ),
    Error(
        (T("f32", (2, 5)), axis(1), vec([1, 1, 3], const=False)),
        match=r"split_lengths has 3 entries, but the "
        r"layer declares 2 outputs",
        code="S005",
        name="3 lengths at run time, 2 outputs",
        at="lint",
        outputs=2,
    ),
]

test_cases, test_errors = TABLE.pytest()
