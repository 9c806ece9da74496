"""NonZero-3: cases against the CPU plugin. The output's count depends on the values (the run
sizes it). NaN is non-zero, -0.0 zero; a scalar gives [1, count] as in OpenVINO. Plugin rows:
i64 values beyond i32 and u64 values beyond i64 (the plugin narrows them)."""

import numpy as np

from cases.rows import Case, Error, T, Table

NAN = float("nan")
I32 = {"output_type": "i32"}

TABLE = Table(
    "NonZero",
    "opset3",
    cases=[
        Case((T("f32", (3, 4), low=-1, high=2),), {"output_type": "i64"}),
        Case((T("f32", (2, 3), [[0, -0.0, NAN], [1e-40, 2, 0]]),), I32, name="NaN, -0, a denormal"),
        Case((T("i32", (2, 3, 2), low=-1, high=2, const=True),), I32, name="constant data"),
        Case((T("boolean", (5,)),), {"output_type": "i64"}),
        Case((T("i8", (4, 2), low=-1, high=1),), I32),
        Case((T("u8", (6,), [0, 1, 255, 0, 0, 3]),), I32),
        Case((T("i64", (2, 2), [[0, 5], [-1, 0]]),), {"output_type": "i64"}, name="i64"),
        Case(
            (T("i64", (2, 2), [[0, 2**40], [-1, 0]]),),
            {"output_type": "i64"},
            name="i64 beyond i32",
            expect=([[0, 1], [1, 0]],),
            plugin=([[1], [0]],),
            why="the plugin narrows i64 data to i32 (2^40 counts as zero)",
        ),
        Case((T("f32", (2, 3), low=-1, high=2),), name="output_type left out"),
        Case((T("f16", (3,), [0, 0.5, -0.0]),), I32),
        Case((T("bf16", (2, 2), [[0, -1.5], [0, 0]]),), I32),
        Case((T("f32", (2, 3), np.zeros((2, 3))),), I32, name="all zero"),
        Case((T("f32", (2, 0, 3), []),), I32, name="empty data"),
        Case((T("f32", (1, 1, 1, 1), [3.0]),), I32, name="rank 4, one element"),
        # A scalar is a 1-element vector ([1, count]), as OpenVINO has it (see the op's docstring).
        Case((T("f32", (), 5.0),), I32, name="non-zero scalar"),
        # (No zero scalar: OpenVINO's constant folding gives it [0, 0], its plugin [1, 0].)
        Case(
            (T("u64", (3,), np.array([0, 2**63, 0], np.uint64)),),
            I32,
            name="u64 beyond i64",
            expect=([[1]],),
            plugin=(np.zeros((1, 0), np.int32),),
            why="the plugin narrows u64 data (2^63 counts as zero)",
        ),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 2)),),
        attrs={"output_type": "f32"},
        match="output_type must be i32 or i64, got f32",
        code="O003",
        name="f32 output_type",
        at="lint",
    ),
    Error(
        (T("f32", (2, 2)),),
        attrs={"output_type": "int7"},
        match="output_type='int7' is not a valid etype",
        code="O003",
        name="unknown output_type",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
