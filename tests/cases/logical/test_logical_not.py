"""LogicalNot-1: cases against the CPU plugin: ``not x`` on a boolean tensor; anything but a
boolean input is an error."""

from cases.broadcasting import partial_shapes
from cases.rows import Case, Error, T, Table

TABLE = Table(
    "LogicalNot",
    "opset1",
    cases=[
        Case((T("boolean", (2, 3)),)),
        Case((T("boolean", (2,), [False, True]),), expect=([True, False],), name="truth table"),
        Case((T("boolean", (), True),), expect=(False,), name="scalar"),
        Case((T("boolean", (0, 3)),), name="empty"),
        Case((T("boolean", (1, 4, 1)),), name="1-sized dims"),
        Case((T("boolean", (3,), [True, False, True], const=True),), expect=([False, True, False],), name="constant"),
    ],
)
TABLE.errors = [
    Error((T("f32", (2,)),), match="LogicalNot's x must be boolean, got f32", code="S005", name="f32", at="lint"),
    Error((T("i32", (2, 2)),), match="LogicalNot's x must be boolean, got i32", code="S005", name="i32", at="lint"),
    Error((T("u8", (2,), [0, 1]),), match="LogicalNot's x must be boolean, got u8", code="S005", name="u8", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(
    TABLE, "boolean", rows=[(("?,3",), {}), (("2..5",), {}), (("",), {}), ((None,), {})]
)
