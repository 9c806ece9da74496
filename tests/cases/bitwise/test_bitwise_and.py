"""BitwiseAnd-13: cases against the CPU plugin: ``a & b`` on integers of every type and on
booleans, with auto-broadcast."""

import operator

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Table

from ._rows import float_refusals, truth_table, type_cases

TABLE = Table(
    "BitwiseAnd",
    "opset13",
    cases=[
        *broadcasting("i32"),
        *broadcasting("u8")[:5],
        *broadcasting("boolean")[:5],
        *type_cases(operator.and_),
        *truth_table(operator.and_),
    ],
)
TABLE.errors = [*broadcast_errors("i32"), *float_refusals("BitwiseAnd")]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE, "i32")
