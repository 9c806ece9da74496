"""LogicalXor-1: cases against the CPU plugin: ``a xor b`` on boolean operands, elementwise with
auto-broadcast; anything but boolean operands is an error.

Read under opset1 (older IRs) and opset2 (what ov.save_model writes): every row runs under both."""

import numpy as np

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

A, B = [False, False, True, True], [False, True, False, True]

TABLE = Table(
    "LogicalXor",
    ("opset1", "opset2"),
    cases=[
        *broadcasting("boolean"),
        Case((T("boolean", (4,), A), T("boolean", (4,), B)), expect=(np.array(A) ^ np.array(B),), name="truth table"),
        Case((T("boolean", (4,), A, const=True), T("boolean", (4,), B)), name="truth table, constant a"),
        Case((T("boolean", (), True, const=True), T("boolean", (2, 3))), name="constant true scalar"),
        Case((T("boolean", (2, 3)), T("boolean", (), False, const=True)), name="constant false scalar"),
    ],
)
TABLE.errors = [
    *broadcast_errors("boolean"),
    Error(
        (T("f32", (2,)), T("f32", (2,))),
        match="LogicalXor's a must be boolean, got f32",
        code="S005",
        name="f32",
        at="lint",
    ),
    Error(
        (T("i32", (2, 2)), T("i32", (2,))),
        match="LogicalXor's a must be boolean, got i32",
        code="S005",
        name="i32",
        at="lint",
    ),
    Error(
        (T("boolean", (2,)), T("u8", (2,), [0, 1])),
        match="LogicalXor's b must be boolean, got u8",
        code="S005",
        name="boolean with u8",
        at="lint",
    ),
    Error(
        (T("u8", (2,), [0, 1]), T("boolean", (2,))),
        match="LogicalXor's a must be boolean, got u8",
        code="S005",
        name="u8 with boolean",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE, "boolean")
