"""MatMul-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

TABLE = Table(
    "MatMul",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)), T("f32", (3, 4)))),  # attributes left out
        Case((T("f32", (3, 2)), T("f32", (3, 4))), attrs={"transpose_a": "true"}),
        Case((T("f32", (2, 3)), T("f32", (4, 3))), attrs={"transpose_a": "false", "transpose_b": "true"}),
        Case((T("f32", (5, 2, 3)), T("f32", (3, 4))), name="batch on a"),
        Case((T("f32", (2, 3)), T("f32", (5, 3, 4))), name="batch on b"),
        Case((T("f32", (2, 1, 2, 3)), T("f32", (4, 3, 2))), name="batches broadcast"),
        Case((T("f32", (3,)), T("f32", (3, 4))), name="1-D a"),
        Case((T("f32", (2, 3)), T("f32", (3,))), name="1-D b"),
        Case((T("f32", (3,)), T("f32", (3,))), name="1-D both"),
        Case((T("f32", (3,)), T("f32", (2, 3, 4))), attrs={"transpose_a": "true"}, name="1-D a is not transposed"),
        Case((T("i32", (2, 3)), T("i32", (3, 2), const=True))),
        Case((T("f16", (2, 3)), T("f16", (3, 2)))),
        Case((T("f32", (0, 3)), T("f32", (3, 2))), name="empty"),
    ],
)
TABLE.errors = [
    Error((T("f32", (2, 3)), T("f32", (4, 2))), match="inner dims differ", code="S005", at="lint"),
    Error(
        (T("f32", (2, 3)), T("f32", (2, 3))),
        attrs={"transpose_b": "false"},
        match="inner dims differ",
        code="S005",
        at="lint",
    ),
    Error((T("f32", ()), T("f32", (3,))), match="rank 1 or more", code="S005", at="lint"),
    Error(
        (
            T("f32", (2, 3)),
            T("f32", (5, 3, 4)),
        ),
        attrs={"transpose_a": "yes"},
        match="transpose_a",
        code="O003",
        at="lint",
    ),
    Error((T("f32", (2, 3)), T("i32", (3, 2))), match="one element type", code="S005", at="lint"),
    Error((T("boolean", (2, 3)), T("boolean", (3, 2))), match="numeric", code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
