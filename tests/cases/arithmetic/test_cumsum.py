"""CumSum-3: cases against the CPU plugin. Integers wrap (as the plugin's do); the axis comes
as a constant, at run time, or not at all (axis 0)."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")


def axis(value, etype="i64", const=True):
    return T(etype, (), value, const=const)


NO_AXIS = "OpenVINO refuses to read a CumSum without its optional axis input (node.cpp: index '1' out of range)"
EX, REV = {"exclusive": "true"}, {"reverse": "true"}

TABLE = Table(
    "CumSum",
    "opset3",
    cases=[
        Case((T("f32", (3, 4)), axis(1)), name="attributes left out"),
        Case((T("f32", (3, 4)), axis(-1, const=False)), EX, name="exclusive, axis at run time"),
        Case((T("f32", (3, 4)), axis(0, "i32")), REV, name="reverse, i32 axis"),
        Case((T("f32", (2, 3, 4)), axis(-2, "i32", const=False)), {**EX, **REV}, name="exclusive and reverse"),
        Case((T("f32", (2, 3, 4)), axis(2)), {"exclusive": "false", "reverse": "false"}, name="both false"),
        # OpenVINO cannot read a CumSum without its axis input (it looks for input 1 all the same).
        Case(
            (T("f32", (3, 2), [[1, 2], [3, 4], [5, 6]]),),
            name="no axis input: axis 0",
            oracle=False,
            expect=([[1, 2], [4, 6], [9, 12]],),
            why=NO_AXIS,
        ),
        Case(
            (T("i32", (3, 2), [[1, 2], [3, 4], [5, 6]]),),
            {**EX, **REV},
            oracle=False,
            name="no axis input, exclusive and reverse",
            expect=([[8, 10], [5, 6], [0, 0]],),
            why=NO_AXIS,
        ),
        Case((T("f32", (5,)), axis(0)), EX, name="1-D"),
        Case((T("f32", (3, 1)), axis(1, const=False)), {**EX, **REV}, name="axis of size 1"),
        Case((T("f32", (0, 3)), axis(1)), name="empty"),
        Case((T("i32", (3, 4)), axis(1, const=False)), REV),
        Case((T("i64", (2, 5)), axis(-1)), EX),
        Case((T("i32", (3,), [2**31 - 1, 1, 1]), axis(0)), name="i32 wraps"),
        Case((T("i8", (2, 3), [[100, 100, 100], [-100, -100, 5]]), axis(1)), name="i8 wraps"),
        Case((T("u8", (3,), [200, 100, 1]), axis(0)), REV, name="u8 wraps"),
        Case((T("f16", (3, 4)), axis(1, const=False))),
        Case((T("bf16", (4, 3)), axis(0)), {**EX, **REV}),
        Case((T("f32", (2, 3), [[1, NAN, 2], [INF, 1, -INF]]), axis(1)), name="NaN and inf"),
    ],
)

BASE = T("f32", (2, 3))
TABLE.errors = [
    Error(
        (BASE, axis(2, const=False)),
        match=r"axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis out of range",
        at="run",
    ),
    Error(
        (BASE, axis(-3, "i32", const=False)),
        match=r"axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis below -rank",
        at="run",
    ),
    Error(
        (BASE, T("i64", (1,), [0], const=True)),
        match=r"axis must be a scalar, got shape \[1\]",
        code="S005",
        name="axis of shape [1]",
        at="lint",
    ),
    Error(
        (BASE, T("u8", (), 0, const=True)),
        match="axis must be i32 or i64, got u8",
        code="S005",
        name="u8 axis",
        at="lint",
    ),
    Error(
        (T("f32", (), 1.0), axis(0)), match="data must have rank 1 or more", code="S005", name="scalar data", at="lint"
    ),
    Error((T("boolean", (3,)), axis(0)), match="data must be numeric", code="S005", name="boolean data", at="lint"),
    Error(
        (BASE, axis(0)),
        attrs={"exclusive": "maybe"},
        match="exclusive='maybe' is not a valid bool",
        code="O003",
        name="bad exclusive",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
