"""SpaceToBatch-2: cases against the CPU plugin: block_shape, pads_begin and pads_end as constants
(as converters write them) and at run time, i32 and i64, ranks 2 to 5, pads of each side, blocks
of 1, every element type (exact), and the refusals, from the shapes (lint) and from the values
(at run time too): rank below 2, inputs not 1-D or of other lengths than the rank, block sizes
below 1 or a batch block other than 1, negative pads or a padded batch, a padded dim not
divisible by its block."""

import numpy as np

from cases.rows import Case, Error, T, Table


def v(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def vs(block, begin, end, etype="i64", const=True):
    return v(block, etype, const), v(begin, etype, const), v(end, etype, const)


TABLE = Table(
    "SpaceToBatch",
    "opset2",
    cases=[
        Case((T("f32", (1, 4, 6)),) + vs([1, 2, 2], [0, 0, 0], [0, 0, 0]), name="blocks 2, 2"),
        Case(
            (T("f32", (2, 6, 10, 3, 3)),) + vs([1, 2, 4, 3, 1], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0]),
            name="the spec's example",
        ),
        Case((T("f32", (2, 3, 5, 2)),) + vs([1, 2, 3, 2], [0, 1, 0, 1], [0, 0, 1, 1]), name="pads on both sides"),
        Case((T("f32", (2, 3)),) + vs([1, 5], [0, 2], [0, 0]), name="2-D"),
        Case((T("f32", (3, 2, 3)),) + vs([1, 1, 1], [0, 0, 0], [0, 0, 0]), name="blocks of 1"),
        Case((T("f32", (2, 1, 2)),) + vs([1, 1, 1], [0, 2, 1], [0, 1, 0]), name="pads, blocks of 1"),
        Case((T("f32", (1, 4, 4)),) + vs([1, 2, 4], [0, 0, 2], [0, 0, 2], "i32"), name="i32"),
        Case((T("f32", (2, 4, 3)),) + vs([1, 2, 3], [0, 1, 0], [0, 1, 0], const=False), name="at run time"),
        Case((T("f32", (1, 5)),) + vs([1, 4], [0, 1], [0, 2], "i32", const=False), name="2-D, i32 at run time"),
        Case((T("i32", (1, 4, 2)),) + vs([1, 2, 2], [0, 0, 1], [0, 0, 1])),
        Case((T("i64", (2, 3, 1)),) + vs([1, 2, 1], [0, 0, 0], [0, 1, 0])),
        Case((T("u8", (1, 3, 2)),) + vs([1, 4, 1], [0, 1, 0], [0, 0, 0])),
        Case((T("i8", (1, 2, 3)),) + vs([1, 2, 2], [0, 0, 0], [0, 0, 1])),
        Case((T("f16", (2, 2, 2)),) + vs([1, 2, 2], [0, 1, 0], [0, 1, 0])),
        Case((T("bf16", (2, 2, 1)),) + vs([1, 1, 2], [0, 0, 0], [0, 0, 1])),
        Case((T("boolean", (1, 4, 2)),) + vs([1, 2, 2], [0, 0, 0], [0, 0, 0])),
    ],
)

D = T("f32", (1, 4, 6))
OK = vs([1, 2, 2], [0, 0, 0], [0, 0, 0])
TABLE.errors = [
    Error(
        (T("f32", (4,)),) + vs([1], [0], [0]),
        match=r"SpaceToBatch's data must have rank 2 or more, got \[4\]",
        code="S005",
        at="lint",
        name="rank 1",
    ),
    Error(
        (D, OK[0], v([[0, 0, 0]]), OK[2]),
        match=r"pads_begin must be a 1-D tensor, got shape \[1,3\]",
        code="S005",
        at="lint",
        name="2-D pads_begin",
    ),
    Error(
        (D, OK[0], OK[1], v([0, 0])),
        match=r"block_shape, pads_begin, pads_end must have one length",
        code="S005",
        at="lint",
        name="lengths differ",
    ),
    Error(
        (D,) + vs([1, 2, 2, 1], [0, 0, 0, 0], [0, 0, 0, 0]),
        match=r"block_shape has 4 elements for a rank-3 "
        r"input",
        code="S005",
        at="lint",
        name="length not the rank",
    ),
    Error(
        (D,) + vs([1, -2, 2], [0, 0, 0], [0, 0, 0]),
        match=r"block_shape \[1, -2, 2\] must be 1 or more, and 1 "
        r"for the batch",
        code="S005",
        at="lint",
        name="negative block",
    ),
    Error(
        (D,) + vs([3, 2, 2], [0, 0, 0], [0, 0, 0]),
        match=r"and 1 for the batch",
        code="S005",
        at="lint",
        name="batch block 3",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, 0, 0], [0, 0, -2]),
        match=r"pads_begin \[0, 0, 0\] and pads_end \[0, 0, -2\] "
        r"must be 0 or more, and 0 for the batch",
        code="S005",
        at="lint",
        name="negative pad",
    ),
    Error(
        (D,) + vs([1, 2, 2], [1, 0, 0], [0, 0, 0]),
        match=r"and 0 for the batch",
        code="S005",
        at="lint",
        name="batch padded",
    ),
    Error(
        (D,) + vs([1, 2, 4], [0, 0, 1], [0, 0, 0]),
        match=r"padded dim 2 \(block size 4\): 7 is not divisible "
        r"by 4",
        code="S005",
        at="lint",
        name="padded dim not divisible",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, 0, 0], [0, 0, 0], "f32"),
        match=r"block_shape must be of an integer type",
        code="S005",
        at="lint",
        name="float block_shape",
    ),
    Error(
        (D, OK[0], OK[1], v([0, 0, 0], "i32")),
        match=r"block_shape and pads_end must have one element type",
        code="S005",
        at="lint",
        name="mixed integer types",
    ),
    Error(
        (D,) + vs([1, -2, 2], [0, 0, 0], [0, 0, 0], const=False),
        match=r"block_shape \[1, -2, 2\] must be 1 or "
        r"more",
        code="S005",
        at="run",
        name="negative block at run time",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, 0, 0], [0, 0, -2], const=False),
        match=r"must be 0 or more",
        code="S005",
        at="run",
        name="negative pad at run time",
    ),
    Error(
        (D,) + vs([1, 2, 4], [0, 0, 1], [0, 0, 0], const=False),
        match=r"padded dim 2 \(block size 4\): 7 is not "
        r"divisible by 4",
        code="S005",
        at="run",
        name="padded dim not divisible at run time",
    ),
]

test_cases, test_errors = TABLE.pytest()
