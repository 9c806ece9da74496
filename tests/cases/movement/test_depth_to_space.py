"""DepthToSpace-1: cases against the CPU plugin: both modes, block_size left out (1), ranks 3 to 5,
every element type (the op only moves elements: exact), and the refusals (rank below 3, channels
not divisible by block_size^K, block_size below 1, an unknown mode)."""

import numpy as np

from cases.rows import Case, Error, T, Table

BF, DF = {"mode": "blocks_first"}, {"mode": "depth_first"}

X = np.arange(12, dtype=np.float32).reshape(1, 3, 2, 2)


def bs(n, mode=BF):
    return {**mode, "block_size": str(n)}


TABLE = Table(
    "DepthToSpace",
    "opset1",
    cases=[
        Case((T("f32", (1, 8, 2, 3)),), bs(2), name="blocks_first"),
        Case((T("f32", (1, 8, 2, 3)),), bs(2, DF), name="depth_first"),
        # The spec's default block_size is 1 (the identity); OpenVINO reads a left-out one as 0 and refuses it.
        Case(
            (T("f32", (1, 3, 2, 2), X),),
            BF,
            expect=(X,),
            oracle=False,
            name="block_size left out (1)",
            why="OpenVINO reads a left-out block_size as 0 and refuses the layer (the spec's default is 1)",
        ),
        Case((T("f32", (2, 18, 2, 1)),), bs(3, DF), name="block_size 3"),
        Case((T("f32", (2, 12, 3)),), bs(3), name="3-D blocks_first"),
        Case((T("f32", (2, 12, 3)),), bs(2, DF), name="3-D depth_first"),
        Case((T("f32", (1, 16, 2, 1, 3)),), bs(2), name="5-D blocks_first"),
        Case((T("f32", (1, 16, 2, 1, 3)),), bs(2, DF), name="5-D depth_first"),
        Case((T("f32", (1, 4, 1, 1)),), bs(2, DF), name="1x1 spatial"),
        Case((T("f32", (0, 4, 2, 2)),), bs(2), name="empty batch"),
        Case((T("i32", (1, 8, 2, 2)),), bs(2)),
        Case((T("i64", (2, 4, 3, 1)),), bs(2, DF)),
        Case((T("u8", (1, 9, 2, 2)),), bs(3)),
        Case((T("i8", (1, 4, 2, 3)),), bs(2, DF)),
        Case((T("f16", (1, 4, 2, 3)),), bs(2)),
        Case((T("bf16", (1, 4, 3, 2)),), bs(2, DF)),
        Case((T("boolean", (1, 4, 2, 2)),), bs(2)),
        Case((T("u16", (1, 8, 2)),), bs(2, DF)),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 8)),),
        match=r"DepthToSpace's data must have rank 3 or more, got \[2,8\]",
        attrs=bs(2),
        code="S005",
        at="lint",
        name="rank 2",
    ),
    Error(
        (T("f32", (1, 6, 2, 2)),),
        match=r"channel dim \(block_size 2, 2 spatial dims\): 6 is not divisible by 4",
        attrs=bs(2),
        code="S005",
        at="lint",
        name="channels not divisible",
    ),
    Error(
        (T("f32", (1, 4, 2, 2)),),
        match=r"DepthToSpace's block_size must be 1 or more, got 0",
        attrs=bs(0),
        code="O003",
        at="lint",
        name="block_size 0",
    ),
    Error(
        (T("f32", (1, 4, 2, 2)),),
        match=r"mode='columns_first' is not one of",
        attrs={"mode": "columns_first"},
        code="O003",
        at="lint",
        name="unknown mode",
    ),
    Error(
        (T("f32", (1, 4, 2, 2)),),
        match=r"required attribute 'mode' is missing",
        attrs={"block_size": "2"},
        code="O003",
        at="lint",
        name="mode left out",
    ),
]

test_cases, test_errors = TABLE.pytest()
