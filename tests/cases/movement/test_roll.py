"""Roll-7: cases against the CPU plugin.

shift and axes as scalars or 1-D, i32 or i64, as constants (as converters write them) or at run
time; negative axes, an axis listed twice (its shifts add up), shifts beyond the dim and
negative. The plugin refuses to compile a scalar shift beside several axes (which the spec
allows): irexec alone runs that one, against the spec's value."""

import numpy as np

from cases.rows import Case, Error, T, Table

_X = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
X = T("f32", (3, 4), _X)


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


TABLE = Table(
    "Roll",
    "opset7",
    cases=[
        Case((X, vec([1]), vec([0])), name="one axis"),
        Case((X, vec([1, 2]), vec([0, 1])), name="two axes"),
        Case((X, vec([2]), vec([-1])), name="axis -1"),
        Case((X, vec(1), vec(1)), name="scalar shift and axis"),
        Case((X, vec([1, 2], "i32"), vec([1, 1])), name="one axis twice, shifts add up"),
        Case((X, vec([1, 2]), vec([1, -1], "i32")), name="one axis twice, negative"),
        Case((X, vec([-7, 9]), vec([-2, 1])), name="shifts beyond the dims"),
        Case(
            (X, vec([2**62, -(2**62)]), vec([1, 1])),
            name="huge shifts that cancel",
            expect=(_X,),
            plugin=(np.roll(_X, -1, 1),),
            why="the CPU plugin shifts by -1 where two i64 shifts of one axis, 2**62 and -2**62, add up to 0",
        ),
        Case((X, vec([0, 0]), vec([0, 1])), name="no shift"),
        Case((X, vec([1, -1], const=False), vec([0, 1], const=False)), name="run time"),
        Case((X, vec(5, "i32", const=False), vec(-1, "i32", const=False)), name="scalars at run time"),
        Case((X, vec([3], const=False), vec([1])), name="shift at run time"),
        Case((T("f32", (0, 3)), vec([1]), vec([0])), name="empty dim"),
        Case((T("f32", (2, 0)), vec([1, 1]), vec([0, 1])), name="empty data, both axes"),
        Case((T("i32", (5,)), vec([2]), vec([0]))),
        Case((T("i64", (2, 3)), vec([1], "i32"), vec([1], "i32"))),
        Case((T("i8", (2, 3)), vec([-1]), vec([0]))),
        Case((T("u8", (4, 1)), vec([3]), vec([0]))),
        Case((T("f16", (2, 3)), vec([1]), vec([1]))),
        Case((T("bf16", (3, 2)), vec([1]), vec([0]))),
        Case((T("boolean", (2, 3)), vec([1]), vec([-1]))),
        Case(
            (X, vec(1), vec([0, 1, -1])),
            name="scalar shift, several axes",
            oracle=False,
            expect=(np.roll(_X, (1, 2), (0, 1)),),
            why="the CPU plugin refuses to compile a scalar shift beside more than one axis "
            "('shift' and 'axes' dimensions mismatch); the spec shifts each axis by it",
        ),
    ],
)

TABLE.errors = [
    Error(
        (X, vec([1]), vec([2], const=False)),
        match=r"Roll axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis too large",
        at="run",
    ),
    Error(
        (X, vec([1, 1]), vec([0, -3])),
        match=r"Roll axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis too small, constant",
        at="lint",
    ),
    Error(
        (X, vec([1, 2]), vec([0])),
        match=r"Roll's shift of shape \[2\] needs axes of the same shape, got \[1\]",
        code="S005",
        name="lengths differ",
        at="lint",
    ),
    Error(
        (X, vec([1]), vec(0)),
        match=r"Roll's shift of shape \[1\] needs axes of the same shape, got \[\]",
        code="S005",
        name="1-D shift, scalar axis",
        at="lint",
    ),
    Error(
        (X, T("i64", (1, 1), np.int64([[1]])), vec([0])),
        match=r"Roll's shift must be a scalar or a 1-D tensor",
        code="S005",
        name="2-D shift",
        at="lint",
    ),
    Error(
        (X, vec([1]), T("i64", (1, 1), np.int64([[0]]))),
        match=r"Roll's axes must be a scalar or a 1-D tensor",
        code="S005",
        name="2-D axes",
        at="lint",
    ),
    Error(
        (X, vec([1], "i8"), vec([0])),
        match=r"Roll's shift must be i32 or i64, got i8",
        code="S005",
        name="i8 shift",
        at="lint",
    ),
    Error(
        (X, vec([1]), vec([0], "u8")),
        match=r"Roll's axes must be i32 or i64, got u8",
        code="S005",
        name="u8 axes",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
