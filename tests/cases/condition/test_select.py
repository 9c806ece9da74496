"""Select-1: cases against the CPU plugin: ``cond ? then : else``, elementwise; the three inputs
broadcast together (numpy) or must have one shape (none). The condition must be boolean; then
and else share any element type. The plugin narrows i64 to i32 (a ``plugin`` row)."""

from cases.broadcasting import SELECT_PARTIAL, partial_shapes
from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")


def sel(cond, then, other, etype="f32", attrs=None, cc=False, ct=False, ce=False, **kw):
    return Case(
        (T("boolean", cond, const=cc), T(etype, then, const=ct), T(etype, other, const=ce)), attrs=attrs or {}, **kw
    )


TABLE = Table(
    "Select",
    "opset1",
    cases=[
        sel((2, 3), (2, 3), (2, 3), name="equal shapes, auto_broadcast left out"),
        sel((2, 1, 4), (3, 1), (1,), attrs={"auto_broadcast": "numpy"}, name="all three broadcast"),
        sel((4,), (2, 3, 4), (2, 1, 1), name="cond smallest"),
        sel((2, 3, 4), (4,), (3, 1), name="cond largest"),
        sel((3,), (2, 3), (2, 3), name="[3] cond with [2,3]"),
        sel((2, 3), (3,), (2, 3), name="[3] then"),
        sel((2, 3), (2, 3), (3,), name="[3] else"),
        sel((), (2, 2), (2, 2), name="scalar cond"),
        sel((3, 1), (), (1, 5), name="scalar then"),
        sel((2, 2), (2, 2), (), name="scalar else"),
        sel((), (), (), name="all scalars"),
        sel((0, 3), (3,), (1,), name="empty cond"),
        sel((3,), (0, 1), (1, 3), name="empty then"),
        sel((2, 3), (2, 3), (2, 3), attrs={"auto_broadcast": "none"}, name="auto_broadcast none"),
        # Dynamic variant: the constant keeps its dims, the others' are all '?'.
        sel((3,), (2, 3), (2, 3), cc=True, name="constant [3] cond with [?,?]"),
        sel((2, 3), (3,), (1,), ct=True, name="[?,?] cond with constant [3] then"),
        sel((3,), (3,), (3,), ce=True, name="[?] with constant [3] else"),
        sel((2, 3), (2, 3), (2, 3), attrs={"auto_broadcast": "none"}, cc=True, name="none: constant cond"),
        sel((2, 3), (3,), (2, 1), "i32"),
        sel((2, 1), (2, 3), (3,), "i32", ce=True),
        sel((2, 3), (3,), (2, 3), "u8"),
        sel((3,), (2, 3), (1,), "i8"),
        sel((2, 3), (2, 3), (3,), "f16"),
        sel((3,), (3,), (2, 3), "bf16"),
        sel((2, 3), (3,), (2, 3), "i64", name="i64 within i32"),
        sel((2, 3), (3,), (2, 1), "boolean"),
        Case(
            (
                T("boolean", (4,), [True, False, True, False]),
                T("f32", (4,), [NAN, 1.0, -0.0, INF]),
                T("f32", (4,), [2.0, NAN, 0.0, -INF]),
            ),
            expect=([NAN, NAN, -0.0, -INF],),
            name="NaN, -0, inf pass through",
        ),
        Case(
            (T("boolean", (2,), [True, False]), T("i64", (2,), [2**40 + 5, 1]), T("i64", (2,), [0, -(2**40) - 3])),
            expect=([2**40 + 5, -(2**40) - 3],),
            plugin=([5, -3],),
            why="the plugin narrows i64 to i32",
        ),
    ],
)


def err(cond, then, other, match, etype="f32", cond_type="boolean", other_type=None, attrs=None, code="S005", name=""):
    """A refusal of types, shapes or attributes: lint finds it with the operands fed at run time."""
    return Error(
        (T(cond_type, cond), T(etype, then), T(other_type or etype, other)),
        match=match,
        attrs=attrs or {},
        code=code,
        name=name,
        at="lint",
    )


TABLE.errors = [
    err((2, 3), (2, 3), (2, 3), "Select's cond must be boolean, got f32", cond_type="f32", name="f32 cond"),
    err((2,), (2,), (2,), "Select's cond must be boolean, got u8", cond_type="u8", name="u8 cond"),
    err((2,), (2,), (2,), "Select's cond must be boolean, got i32", "i32", cond_type="i32", name="i32 cond"),
    err(
        (2,),
        (2,),
        (2,),
        "Select's then and else must have one element type, got f32, f16",
        other_type="f16",
        name="f32 then, f16 else",
    ),
    err(
        (2,),
        (2,),
        (2,),
        "Select's then and else must have one element type, got i32, i64",
        "i32",
        other_type="i64",
        name="i32 then, i64 else",
    ),
    err((2, 3), (2, 3), (4,), r"shapes \[2,3\] and \[1,4\] do not broadcast", name="then with else"),
    err((2,), (2, 3), (2, 3), r"do not broadcast", name="cond with then and else"),
    err((4, 3), (3,), (2, 1), r"do not broadcast", name="cond with the broadcast of then and else"),
    err(
        (3,),
        (2, 3),
        (2, 3),
        r"auto_broadcast='none' needs equal shapes",
        attrs={"auto_broadcast": "none"},
        name="none: cond differs",
    ),
    err(
        (2, 3),
        (2, 3),
        (3,),
        r"auto_broadcast='none' needs equal shapes, got \[2,3\] and \[3\]",
        attrs={"auto_broadcast": "none"},
        name="none: else differs",
    ),
    err(
        (2, 3), (2, 3), (2, 3), r"auto_broadcast='pdpd' is not supported", attrs={"auto_broadcast": "pdpd"}, name="pdpd"
    ),
    err(
        (2, 3),
        (2, 3),
        (2, 3),
        r"auto_broadcast='explicit' is not one of numpy, none, pdpd",
        attrs={"auto_broadcast": "explicit"},
        code="O003",
        name="unknown auto_broadcast",
    ),
    err((0, 2**31, 1), (0, 1, 2**31), (1,), "too large for any array", name="output too large"),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE, rows=SELECT_PARTIAL)
