"""BitwiseNot-13: cases against the CPU plugin: ``~x`` on integers of every type and on
booleans."""

from cases.broadcasting import partial_shapes
from cases.rows import Case, Error, T, Table

from ._rows import SIGNED, UNSIGNED, WHY_NARROW, array, clamped, extremes, narrowed, wrap


def type_cases() -> list:
    rows = []
    for etype in SIGNED + UNSIGNED:
        x = extremes(etype)[0]
        want = array(wrap([~v for v in x], etype), etype)
        if etype in ("i64", "u64"):
            rows += [
                Case(
                    (T(etype, (len(x),), array(x, etype)),),
                    expect=(want,),
                    why=WHY_NARROW,
                    plugin=(array(narrowed([~v for v in narrowed(x, "i64")], etype), etype),),
                    name=f"{etype} extremes",
                ),
                Case(
                    (T(etype, (len(x),), array(x, etype), const=True),),
                    expect=(want,),
                    why=WHY_NARROW,
                    plugin=(array(narrowed([~v for v in clamped(x)], etype), etype),),
                    name=f"{etype} extremes, constant",
                ),
            ]
        else:
            rows.append(Case((T(etype, (len(x),), array(x, etype)),), expect=(want,), name=f"{etype} extremes"))
    return rows


TABLE = Table(
    "BitwiseNot",
    "opset13",
    cases=[
        Case((T("i32", (2, 3)),)),
        Case((T("u8", (3, 4)),)),
        Case((T("u8", (2,), [1, 3]),), expect=([254, 252],), name="the spec's example"),
        *type_cases(),
        Case((T("i16", (3,), [0, -1, 300], const=True),), expect=([-1, 0, -301],), name="i16 constant"),
        Case((T("boolean", (2, 3)),)),
        Case((T("boolean", (2,), [True, False]),), expect=([False, True],), name="truth table"),
        Case((T("boolean", (2,), [False, True], const=True),), expect=([True, False],), name="boolean constant"),
        Case((T("i32", (0, 3)),), name="empty"),
        Case((T("i32", (), 5),), expect=(-6,), name="scalar"),
        Case((T("boolean", (1, 4, 1)),), name="1-sized dims"),
    ],
)
TABLE.errors = [
    Error((T("f32", (2,)),), match="BitwiseNot's x must be i8 or .*, got f32", code="S005", at="lint", name="f32"),
    Error((T("bf16", (2,)),), match="BitwiseNot's x must be .*, got bf16", code="S005", at="lint", name="bf16"),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE, "i32", rows=[(("?,3",), {}), (("2..5",), {}), (("",), {}), ((None,), {})])
