"""BatchToSpace-2: cases against the CPU plugin: block_shape, crops_begin and crops_end as
constants (as converters write them) and at run time, i32 and i64, ranks 2 to 5, crops of each
side, blocks of 1, every element type (exact), and the refusals, from the shapes (lint) and from
the values (at run time too): rank below 2, inputs not 1-D or of other lengths than the rank,
block sizes below 1 or a batch block other than 1, negative crops or a cropped batch, a batch not
divisible by the blocks' product, crops larger than the dim."""

import numpy as np

from cases.rows import Case, Error, T, Table


def v(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def vs(block, begin, end, etype="i64", const=True):
    return v(block, etype, const), v(begin, etype, const), v(end, etype, const)


TABLE = Table(
    "BatchToSpace",
    "opset2",
    cases=[
        Case((T("f32", (4, 2, 3)),) + vs([1, 2, 2], [0, 0, 0], [0, 0, 0]), name="blocks 2, 2"),
        Case((T("f32", (10, 2)),) + vs([1, 5], [0, 2], [0, 0]), name="the spec's 2-D example"),
        Case(
            (T("f32", (48, 3, 3, 1, 3)),) + vs([1, 2, 4, 3, 1], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0]),
            name="the spec's 5-D example",
        ),
        Case((T("f32", (8, 2, 3, 2)),) + vs([1, 2, 2, 2], [0, 1, 0, 1], [0, 0, 2, 1]), name="crops on both sides"),
        Case((T("f32", (6, 2, 3)),) + vs([1, 3, 1], [0, 5, 0], [0, 1, 0]), name="crops the whole dim"),
        Case((T("f32", (3, 2, 3)),) + vs([1, 1, 1], [0, 0, 0], [0, 0, 0]), name="blocks of 1"),
        Case((T("f32", (6, 2, 2)),) + vs([1, 3, 2], [0, 1, 0], [0, 0, 1], "i32"), name="i32"),
        Case((T("f32", (6, 2, 2)),) + vs([1, 2, 3], [0, 0, 1], [0, 1, 1], const=False), name="at run time"),
        Case((T("f32", (4, 3)),) + vs([1, 4], [0, 1], [0, 2], "i32", const=False), name="2-D, i32 at run time"),
        Case((T("i32", (4, 2, 2)),) + vs([1, 2, 2], [0, 0, 1], [0, 1, 0])),
        Case((T("i64", (2, 3, 1)),) + vs([1, 2, 1], [0, 0, 0], [0, 1, 0])),
        Case((T("u8", (4, 1, 2)),) + vs([1, 4, 1], [0, 1, 0], [0, 0, 0])),
        Case((T("i8", (4, 2, 1)),) + vs([1, 2, 2], [0, 0, 0], [0, 0, 1])),
        Case((T("f16", (4, 2, 2)),) + vs([1, 2, 2], [0, 1, 0], [0, 0, 0])),
        Case((T("bf16", (2, 2, 2)),) + vs([1, 1, 2], [0, 0, 0], [0, 0, 1])),
        Case((T("boolean", (4, 2, 2)),) + vs([1, 2, 2], [0, 0, 0], [0, 1, 0])),
    ],
)

D = T("f32", (4, 2, 3))
OK = vs([1, 2, 2], [0, 0, 0], [0, 0, 0])
TABLE.errors = [
    Error(
        (T("f32", (4,)),) + vs([1], [0], [0]),
        match=r"BatchToSpace's data must have rank 2 or more, got \[4\]",
        code="S005",
        at="lint",
        name="rank 1",
    ),
    Error(
        (D, v([[1, 2, 2]]), OK[1], OK[2]),
        match=r"block_shape must be a 1-D tensor, got shape \[1,3\]",
        code="S005",
        at="lint",
        name="2-D block_shape",
    ),
    Error(
        (D, OK[0], v([0, 0]), OK[2]),
        match=r"block_shape, crops_begin, crops_end must have one length, got "
        r"\[3\], \[2\], \[3\]",
        code="S005",
        at="lint",
        name="lengths differ",
    ),
    Error(
        (D,) + vs([1, 2], [0, 0], [0, 0]),
        match=r"block_shape has 2 elements for a rank-3 input",
        code="S005",
        at="lint",
        name="length not the rank",
    ),
    Error(
        (D,) + vs([1, 0, 2], [0, 0, 0], [0, 0, 0]),
        match=r"block_shape \[1, 0, 2\] must be 1 or more, and 1 "
        r"for the batch",
        code="S005",
        at="lint",
        name="block 0",
    ),
    Error(
        (D,) + vs([2, 1, 2], [0, 0, 0], [0, 0, 0]),
        match=r"block_shape \[2, 1, 2\] must be 1 or more, and 1 "
        r"for the batch",
        code="S005",
        at="lint",
        name="batch block 2",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, -1, 0], [0, 0, 0]),
        match=r"crops_begin \[0, -1, 0\] and crops_end \[0, 0, 0\] "
        r"must be 0 or more, and 0 for the batch",
        code="S005",
        at="lint",
        name="negative crop",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, 0, 0], [1, 0, 0]),
        match=r"must be 0 or more, and 0 for the batch",
        code="S005",
        at="lint",
        name="batch cropped",
    ),
    Error(
        (D,) + vs([1, 3, 1], [0, 0, 0], [0, 0, 0]),
        match=r"BatchToSpace's batch \(block_shape \[1, 3, 1\]\): 4 "
        r"is not divisible by 3",
        code="S005",
        at="lint",
        name="batch not divisible",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, 3, 0], [0, 2, 0]),
        match=r"crops of dim 1 \(5\) exceed its size 4 \(= 2 \* 2\)",
        code="S005",
        at="lint",
        name="crops too large",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, 0, 0], [0, 0, 0], "f32"),
        match=r"block_shape must be of an integer type",
        code="S005",
        at="lint",
        name="float block_shape",
    ),
    Error(
        (D, OK[0], v([0, 0, 0], "i32"), OK[2]),
        match=r"block_shape and crops_begin must have one element type",
        code="S005",
        at="lint",
        name="mixed integer types",
    ),
    # The values at run time: only the run sees them.
    Error(
        (D,) + vs([1, 0, 2], [0, 0, 0], [0, 0, 0], const=False),
        match=r"block_shape \[1, 0, 2\] must be 1 or "
        r"more",
        code="S005",
        at="run",
        name="block 0 at run time",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, -1, 0], [0, 0, 0], const=False),
        match=r"must be 0 or more, and 0 for the "
        r"batch",
        code="S005",
        at="run",
        name="negative crop at run time",
    ),
    Error(
        (D,) + vs([1, 3, 1], [0, 0, 0], [0, 0, 0], const=False),
        match=r"batch \(block_shape \[1, 3, 1\]\): 4 is "
        r"not divisible by 3",
        code="S005",
        at="run",
        name="batch not divisible at run time",
    ),
    Error(
        (D,) + vs([1, 2, 2], [0, 3, 0], [0, 2, 0], const=False),
        match=r"crops of dim 1 \(5\) exceed its size 4",
        code="S005",
        at="run",
        name="crops too large at run time",
    ),
]

test_cases, test_errors = TABLE.pytest()
