"""Xor-1 (the first name of LogicalXor-1): cases against the CPU plugin, the same truth table,
broadcasting and refusals as LogicalXor's (whose rule it is: LogicalXor's table compares it with
OpenVINO's shape inference over partial shapes, which no Python function of OpenVINO builds Xor for)."""

import numpy as np

from cases.broadcasting import broadcast_errors, broadcasting
from cases.rows import Case, Error, T, Table

A, B = [False, False, True, True], [False, True, False, True]

TABLE = Table(
    "Xor",
    "opset1",
    cases=[
        *broadcasting("boolean"),
        Case((T("boolean", (4,), A), T("boolean", (4,), B)), expect=(np.array(A) ^ np.array(B),), name="truth table"),
        Case((T("boolean", (4,), B, const=True), T("boolean", (4,), A)), name="truth table, constant a, swapped"),
        Case((T("boolean", (), True, const=True), T("boolean", (2, 3))), name="constant true scalar"),
    ],
)
TABLE.errors = [
    *broadcast_errors("boolean"),
    Error(
        (T("f32", (2,)), T("f32", (2,))), match="Xor's a must be boolean, got f32", code="S005", name="f32", at="lint"
    ),
    Error(
        (T("boolean", (2,)), T("u8", (2,), [0, 1])),
        match="Xor's b must be boolean, got u8",
        code="S005",
        name="boolean with u8",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
