"""Concat-1: cases against the CPU plugin.

One to several inputs, the axis counted from either end, parts of size 0 along the axis, and
constants beside Parameters (as converters mix them)."""

from cases.rows import Case, Error, T, Table


def ax(a):
    return {"axis": str(a)}


TABLE = Table(
    "Concat",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)), T("f32", (2, 4))), attrs=ax(1), name="axis 1"),
        Case((T("f32", (2, 3)), T("f32", (2, 4))), attrs=ax(-1), name="axis -1"),
        Case((T("f32", (1, 3)), T("f32", (2, 3))), attrs=ax(0), name="axis 0"),
        Case((T("f32", (2, 3)), T("f32", (1, 3))), attrs=ax(-2), name="axis -2, the other order"),
        Case((T("f32", (2, 3, 4)),), attrs=ax(1), name="one input"),
        Case((T("f32", (4,)),), attrs=ax(-1), name="one 1-D input"),
        Case(
            (T("f32", (3, 1, 2)), T("f32", (3, 2, 2)), T("f32", (3, 1, 2)), T("f32", (3, 4, 2))),
            attrs=ax(1),
            name="four inputs",
        ),
        Case(
            (T("f32", (2, 1, 3, 2)), T("f32", (2, 1, 3, 2)), T("f32", (2, 2, 3, 2))),
            attrs=ax(-3),
            name="rank 4, axis -3",
        ),
        Case((T("f32", (3,)), T("f32", (5,)), T("f32", (1,))), attrs=ax(0), name="1-D"),
        # Parts of size 0 along the axis, and an all-empty result.
        Case((T("f32", (0, 3)), T("f32", (2, 3))), attrs=ax(0), name="an empty part first"),
        Case((T("f32", (2, 3)), T("f32", (2, 0)), T("f32", (2, 1))), attrs=ax(1), name="an empty part inside"),
        Case((T("f32", (0, 3)), T("f32", (0, 3))), attrs=ax(0), name="all empty"),
        Case((T("f32", (2, 0)), T("f32", (3, 0))), attrs=ax(0), name="empty across the axis"),
        # Constants beside Parameters.
        Case(
            (T("i64", (2, 1), const=True), T("i64", (2, 3)), T("i64", (2, 2), const=True)),
            attrs=ax(-1),
            name="constants around a parameter",
        ),
        Case((T("i32", (2, 2)), T("i32", (1, 2), const=True)), attrs=ax(0), name="a constant last"),
        # Element types.
        Case((T("i32", (2, 2)), T("i32", (2, 3))), attrs=ax(1)),
        Case((T("i8", (1, 2)), T("i8", (2, 2))), attrs=ax(0)),
        Case((T("u8", (3,)), T("u8", (2,))), attrs=ax(0)),
        Case((T("f16", (2, 2)), T("f16", (2, 1))), attrs=ax(1)),
        Case((T("bf16", (1, 2)), T("bf16", (1, 2))), attrs=ax(0)),
        Case((T("boolean", (2, 1)), T("boolean", (2, 2))), attrs=ax(-1)),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3)), T("f32", (3, 3))),
        attrs=ax(1),
        match=r"Concat inputs differ at dim 0 \(axis is 1\)",
        code="S005",
        name="dims differ",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (2, 3, 5))),
        attrs=ax(-2),
        match=r"differ at dim 2 \(axis is 1\)",
        code="S005",
        name="last dims differ, negative axis",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2, 3, 1))),
        attrs=ax(1),
        match=r"Concat inputs differ in rank",
        code="S005",
        name="ranks differ",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2, 3))),
        attrs=ax(2),
        match=r"axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis too large",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2, 3))),
        attrs=ax(-3),
        match=r"axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis too small",
        at="lint",
    ),
    Error(
        (T("f32", ()), T("f32", ())),
        attrs=ax(0),
        match=r"Concat inputs must have rank 1 or more",
        code="S005",
        name="scalars",
        at="lint",
    ),
    Error(
        (T("f32", (2,)), T("i32", (2,))),
        attrs=ax(0),
        match=r"Concat's inputs must have one element type",
        code="S005",
        name="element types differ",
        at="lint",
    ),
    Error(
        (T("f32", (2,)), T("f32", (2,))),
        match=r"required attribute 'axis' is missing",
        code="O003",
        name="axis left out",
        at="lint",
    ),
    Error(
        (T("f32", (2,)), T("f32", (2,))),
        attrs={"axis": "first"},
        match=r"axis",
        code="O003",
        name="axis not an integer",
        at="lint",
    ),
    Error(
        (),
        attrs=ax(0),
        match=r"Concat takes 1 or more inputs",
        code="O004",
        modes=("param",),
        name="no inputs",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
