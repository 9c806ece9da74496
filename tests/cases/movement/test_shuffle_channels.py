"""ShuffleChannels-1: cases against the CPU plugin: axis and group left out (1, 1), negative axes,
axes 0 and last, ranks 1 to 5, every element type (exact), and the refusals (a scalar, axis out
of range, a dim not divisible by group, group below 1)."""

from cases.rows import Case, Error, T, Table


def ag(axis=None, group=None):
    return {k: str(v) for k, v in (("axis", axis), ("group", group)) if v is not None}


TABLE = Table(
    "ShuffleChannels",
    "opset1",
    cases=[
        Case((T("f32", (1, 6, 2, 2)),), ag(group=3), name="axis left out"),
        Case((T("f32", (1, 6, 2, 2)),), ag(1, 2), name="axis 1, group 2"),
        Case((T("f32", (2, 3, 4)),), ag(axis=2), name="group left out (1)"),
        Case((T("f32", (2, 3, 4)),), {}, name="both left out"),
        Case((T("f32", (2, 3, 8)),), ag(-1, 4), name="axis -1"),
        Case((T("f32", (6, 2, 2)),), ag(-3, 2), name="axis -3"),
        Case((T("f32", (6, 2)),), ag(0, 3), name="axis 0"),
        Case((T("f32", (12,)),), ag(0, 4), name="1-D"),
        Case((T("f32", (1, 2, 3, 6, 2)),), ag(3, 6), name="5-D, group = dim"),
        Case((T("f32", (0, 4, 2)),), ag(1, 2), name="empty"),
        Case((T("i32", (1, 4, 2)),), ag(1, 2)),
        Case((T("i64", (2, 6)),), ag(1, 3)),
        Case((T("u8", (1, 8, 1, 1)),), ag(1, 4)),
        Case((T("i8", (3, 4)),), ag(-1, 2)),
        Case((T("f16", (1, 6, 2)),), ag(1, 2)),
        Case((T("bf16", (1, 6, 2)),), ag(1, 3)),
        Case((T("boolean", (2, 4)),), ag(1, 2)),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", ()),),
        match=r"ShuffleChannels' data must have rank 1 or more, got a scalar",
        code="S005",
        at="lint",
        name="scalar",
    ),
    Error(
        (T("f32", (1, 6, 2)),),
        match=r"axis 3 is out of range \[-3, 2\]",
        attrs=ag(3, 2),
        code="S006",
        at="lint",
        name="axis 3",
    ),
    Error(
        (T("f32", (1, 6, 2)),),
        match=r"axis -4 is out of range \[-3, 2\]",
        attrs=ag(-4, 2),
        code="S006",
        at="lint",
        name="axis -4",
    ),
    Error(
        (T("f32", (1, 6, 2)),),
        match=r"dim 1 of \[1,6,2\] is not divisible by group 4",
        attrs=ag(1, 4),
        code="S005",
        at="lint",
        name="not divisible",
    ),
    Error(
        (T("f32", (1, 6, 2)),),
        match=r"ShuffleChannels' group must be 1 or more, got 0",
        attrs=ag(1, 0),
        code="O003",
        at="lint",
        name="group 0",
    ),
    Error(
        (T("f32", (1, 6, 2)),),
        match=r"axis='x' is not a valid int",
        attrs={"axis": "x"},
        code="O003",
        at="lint",
        name="axis not an integer",
    ),
]

test_cases, test_errors = TABLE.pytest()
