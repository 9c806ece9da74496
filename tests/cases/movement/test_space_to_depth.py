"""SpaceToDepth-1: cases against the CPU plugin: both modes, block_size left out (1), ranks 3 to 5,
every element type (exact), and the refusals (rank below 3, a spatial dim not divisible by
block_size, block_size below 1, an unknown mode)."""

import numpy as np

from cases.rows import Case, Error, T, Table

BF, DF = {"mode": "blocks_first"}, {"mode": "depth_first"}

X = np.arange(12, dtype=np.float32).reshape(1, 3, 2, 2)


def bs(n, mode=BF):
    return {**mode, "block_size": str(n)}


TABLE = Table(
    "SpaceToDepth",
    "opset1",
    cases=[
        Case((T("f32", (1, 2, 4, 6)),), bs(2), name="blocks_first"),
        Case((T("f32", (1, 2, 4, 6)),), bs(2, DF), name="depth_first"),
        # The spec's default block_size is 1 (the identity); OpenVINO reads a left-out one as 0 and refuses it.
        Case(
            (T("f32", (1, 3, 2, 2), X),),
            DF,
            expect=(X,),
            oracle=False,
            name="block_size left out (1)",
            why="OpenVINO reads a left-out block_size as 0 and refuses the layer (the spec's default is 1)",
        ),
        Case((T("f32", (2, 2, 3, 6)),), bs(3, DF), name="block_size 3"),
        Case((T("f32", (2, 3, 6)),), bs(3), name="3-D blocks_first"),
        Case((T("f32", (2, 3, 6)),), bs(2, DF), name="3-D depth_first"),
        Case((T("f32", (1, 2, 2, 4, 2)),), bs(2), name="5-D blocks_first"),
        Case((T("f32", (1, 2, 2, 4, 2)),), bs(2, DF), name="5-D depth_first"),
        Case((T("f32", (0, 2, 2, 2)),), bs(2), name="empty batch"),
        Case((T("i32", (1, 2, 2, 4)),), bs(2)),
        Case((T("i64", (2, 1, 4, 2)),), bs(2, DF)),
        Case((T("u8", (1, 1, 3, 6)),), bs(3)),
        Case((T("i8", (1, 3, 2, 2)),), bs(2, DF)),
        Case((T("f16", (1, 2, 2, 4)),), bs(2)),
        Case((T("bf16", (1, 2, 4, 2)),), bs(2, DF)),
        Case((T("boolean", (1, 2, 2, 2)),), bs(2)),
        Case((T("u16", (1, 2, 4)),), bs(2, DF)),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 8)),),
        match=r"SpaceToDepth's data must have rank 3 or more, got \[2,8\]",
        attrs=bs(2),
        code="S005",
        at="lint",
        name="rank 2",
    ),
    Error(
        (T("f32", (1, 2, 4, 3)),),
        match=r"spatial dim 3 \(block_size 2\): 3 is not divisible by 2",
        attrs=bs(2),
        code="S005",
        at="lint",
        name="spatial dim not divisible",
    ),
    Error(
        (T("f32", (1, 4, 2, 2)),),
        match=r"SpaceToDepth's block_size must be 1 or more, got -1",
        attrs=bs(-1),
        code="O003",
        at="lint",
        name="block_size -1",
    ),
    Error(
        (T("f32", (1, 4, 2, 2)),),
        match=r"mode='depth' is not one of",
        attrs={"mode": "depth"},
        code="O003",
        at="lint",
        name="unknown mode",
    ),
]

test_cases, test_errors = TABLE.pytest()
