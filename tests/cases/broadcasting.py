"""What every elementwise case table shares (the arithmetic, comparison, logical and Select
tables import it from here).

``broadcasting``: the shape cases each binary elementwise table has: both operand orders,
scalars, empty tensors, 1-sized dims, auto_broadcast left out / numpy / none, and a constant
operand beside a run-time one (in the harness's dynamic variant the constant keeps its static
dims while the other operand's become ``?``: "[3] with [?]", where the result is [3]).

``partial_shapes``: a test that the op's rule over partial shapes (dynamic and interval dims,
dynamic rank) predicts exactly what OpenVINO's own shape inference does, over more shapes
(intervals, dynamic rank) than the harness's dynamic variant makes.
"""

from __future__ import annotations

import re

import pytest

from cases.rows import Case, Error, T


def broadcasting(etype: str = "f32", a: dict | None = None, b: dict | None = None, **case) -> list:
    """The shape cases of a binary elementwise op on ``etype``; ``a``/``b``: more arguments of
    ``T`` for each operand (``low``, ``high``); ``case``: more arguments of every ``Case``."""
    a, b = a or {}, b or {}

    def c(sa, sb, attrs=None, name="", ca=False, cb=False):
        return Case(
            (T(etype, sa, const=ca, **a), T(etype, sb, const=cb, **b)),
            attrs=attrs or {},
            name=f"{etype} {name}",
            **case,
        )

    return [
        c((2, 3), (2, 3), name="equal shapes, auto_broadcast left out"),
        c((2, 3), (3,), {"auto_broadcast": "numpy"}, "[2,3] with [3]"),
        c((3,), (2, 3), {"auto_broadcast": "numpy"}, "[3] with [2,3]"),
        c((2, 1, 3), (4, 1), name="[2,1,3] with [4,1]"),
        c((4, 1), (2, 1, 3), name="[4,1] with [2,1,3]"),
        c((), (3,), name="scalar with [3]"),
        c((2, 3), (), name="[2,3] with a scalar"),
        c((1,), (2, 1, 1), name="[1] with [2,1,1]"),
        c((0, 3), (3,), name="empty with [3]"),
        c((3,), (0, 1), name="[3] with empty [0,1]"),
        c((2, 3), (2, 3), {"auto_broadcast": "none"}, "auto_broadcast none"),
        # Dynamic variant: the constant keeps its dims, the other operand's are all '?'.
        c((3,), (3,), name="[?] with constant [3]", cb=True),
        c((2, 3), (3,), name="[?,?] with constant [3]", cb=True),
        c((3,), (2, 3), name="constant [3] with [?,?]", ca=True),
        c((2, 3), (2, 3), {"auto_broadcast": "none"}, "none: [?,?] with constant [2,3]", cb=True),
    ]


def broadcast_errors(etype: str = "f32") -> list:
    """The shape and attribute errors of a binary elementwise op on ``etype`` (all found by lint,
    with the operands fed at run time)."""

    def e(sa, sb, match, attrs=None, code="S005", name=""):
        return Error((T(etype, sa), T(etype, sb)), match=match, attrs=attrs or {}, code=code, name=name, at="lint")

    return [
        e((2, 3), (4,), r"shapes \[2,3\] and \[1,4\] do not broadcast", name="[2,3] with [4]"),
        e((3,), (2, 4), r"shapes \[1,3\] and \[2,4\] do not broadcast", name="[3] with [2,4]"),
        e(
            (2, 3),
            (3,),
            r"auto_broadcast='none' needs equal shapes, got \[2,3\] and \[3\]",
            {"auto_broadcast": "none"},
            name="none: [2,3] with [3]",
        ),
        e(
            (1, 3),
            (2, 3),
            r"auto_broadcast='none' needs equal shapes",
            {"auto_broadcast": "none"},
            name="none: [1,3] with [2,3]",
        ),
        e((2, 3), (2, 3), r"auto_broadcast='pdpd' is not supported", {"auto_broadcast": "pdpd"}, name="pdpd"),
        e(
            (2, 3),
            (2, 3),
            r"auto_broadcast='explicit' is not one of numpy, none, pdpd",
            {"auto_broadcast": "explicit"},
            code="O003",
            name="unknown auto_broadcast",
        ),
    ]


# (operand shapes, attributes): OpenVINO's PartialShape syntax, None: dynamic rank.
BINARY_PARTIAL = [
    (("3", "?"), {}),
    (("?", "3"), {}),
    (("2,3", "?"), {}),
    (("?", "2,3"), {}),
    (("?,3", "2,?"), {}),
    (("2,?", "?,3"), {"auto_broadcast": "numpy"}),
    (("1", "?"), {}),
    (("?", "1"), {}),
    (("0", "?"), {}),
    (("", "?,?"), {}),
    (("2..5", "3"), {}),
    (("3", "1..4"), {}),
    (("1..3", "2..6"), {}),
    ((None, "2,3"), {}),
    (("2,3", None), {}),
    (("3", "?"), {"auto_broadcast": "none"}),
    (("?", "3"), {"auto_broadcast": "none"}),
    (("?,3", "2,?"), {"auto_broadcast": "none"}),
    (("2..5", "3"), {"auto_broadcast": "none"}),
    ((None, "2,3"), {"auto_broadcast": "none"}),
]


# Select's (cond, then, else).
SELECT_PARTIAL = [
    (("?", "3", "3"), {}),
    (("3", "?", "?"), {}),
    (("?", "?", "3"), {}),
    (("3", "?", "1"), {}),
    (("2,3", "?", "?"), {}),
    (("?", "2,3", "3"), {}),
    (("?,?", "3", "1"), {"auto_broadcast": "numpy"}),
    (("1", "?", "?"), {}),
    (("2..5", "3", "?"), {}),
    (("1..3", "2..6", "?"), {}),
    ((None, "3", "3"), {}),
    (("3", None, "3"), {}),
    (("", "?", "?,3"), {}),
    (("2,1", "?", "1,4"), {}),
    (("2", "3", "?"), {}),
    (("?", "3", "3"), {"auto_broadcast": "none"}),
    (("?", "1", "1"), {"auto_broadcast": "none"}),
    ((None, "3", "3"), {"auto_broadcast": "none"}),
    (("2,3", "?", "?"), {"auto_broadcast": "none"}),
    (("3", "?", "?"), {"auto_broadcast": "none"}),
    (("?", "?", "3"), {"auto_broadcast": "none"}),
    (("1", "?", "?"), {"auto_broadcast": "none"}),
    # OpenVINO refuses: then [?] and else [1] merge to [1], which the condition's [3] is not.
    (("3", "?", "1"), {"auto_broadcast": "none"}),
]


def partial_shapes(table, etype: str = "f32", rows=None):
    """A test comparing the op's rule with OpenVINO's shape inference over partial shapes, for
    each (shapes, attrs) of ``rows`` (BINARY_PARTIAL by default) and each version.
    Where OpenVINO refuses the shapes, irexec must refuse them too."""
    rows = BINARY_PARTIAL if rows is None else rows
    params = [
        pytest.param(
            shapes,
            attrs,
            version,
            id=f"{version}-{'-'.join(map(str, shapes))}-{attrs.get('auto_broadcast', 'default')}",
        )
        for shapes, attrs in rows
        for version in table.versions
    ]

    @pytest.mark.parametrize("shapes,attrs,version", params)
    def test_partial_shapes(shapes, attrs, version):
        ov = pytest.importorskip("openvino")
        import openvino.opset15 as ops

        from irexec.errors import ValidationError
        from irexec.ops import lookup
        from irexec.ops.op import Fact
        from irexec.shapes import fmt, parse_dim
        from irexec.types import BY_NAME

        types = [("boolean" if table.type == "Select" and i == 0 else etype) for i in range(len(shapes))]
        params = [
            ops.parameter(ov.PartialShape.dynamic() if s is None else ov.PartialShape(f"[{s}]"), getattr(ov.Type, t))
            for s, t in zip(shapes, types)
        ]
        build = getattr(ops, re.sub(r"(?<!^)([A-Z])", r"_\1", table.type).lower())
        facts = [
            Fact(BY_NAME[t], None if s is None else tuple(parse_dim(d) for d in s.split(",") if d))
            for s, t in zip(shapes, types)
        ]
        op = lookup(table.type, version)(dict(attrs))
        try:
            node = build(*params, **attrs)
        except RuntimeError:  # OpenVINO refuses the shapes: so must irexec
            with pytest.raises(ValidationError):
                op.shape_infer(facts)
            return
        want = str(node.get_output_partial_shape(0))
        (got,) = op.shape_infer(facts)
        assert fmt(got.shape) == want, f"{table.type} of {shapes} {attrs}: irexec {fmt(got.shape)}, OpenVINO {want}"
        ov_type = node.get_output_element_type(0).get_type_name()
        assert got.etype.name == {"char": "boolean"}.get(ov_type, ov_type)

    return test_partial_shapes


# ---- rows that sibling ops share ----------------------------------------------------------------


def remainder_cases(a: list, b: list) -> list:
    """Mod's and FloorMod's common rows: broadcasting with non-zero divisors (f32, i32, u8),
    fractional f32 divisors, the integer ``a``/``b`` sign pairs at run time and with either operand
    constant, and f16/bf16 in both operand orders."""
    return [
        *broadcasting("f32", b={"low": 1, "high": 9}),
        Case((T("f32", (2, 3)), T("f32", (3,), [-2.5, 0.375, 3.0])), name="f32 fractional divisors"),
        *broadcasting("i32", b={"low": 1, "high": 20})[:5],
        *broadcasting("u8", b={"low": 1, "high": 20})[:3],
        Case((T("i32", (10,), a), T("i32", (10,), b)), name="i32 signs"),
        Case((T("i64", (10,), a), T("i64", (10,), b, const=True)), name="i64 signs, constant divisor"),
        Case((T("i32", (10,), a, const=True), T("i32", (10,), b)), name="i32 signs, constant dividend"),
        Case((T("f16", (2, 3)), T("f16", (3,), [-3.0, 2.0, 0.5]))),
        Case((T("f16", (3,), [7.5, -7.5, 0.25]), T("f16", (2, 3), low=1, high=8))),
        Case((T("bf16", (2, 3)), T("bf16", (3,), [-3.0, 2.0, 0.5]))),
        Case((T("bf16", (3,), [7.5, -7.5, 0.25]), T("bf16", (2, 3), low=-8, high=-1))),
    ]


def remainder_by_zero() -> list:
    """Mod's and FloorMod's refusals of an integer zero divisor: fed at run time, as a constant
    operand broadcast over the other, and as a zero scalar (only the values show them)."""
    return [
        Error(
            (T("i32", (3,), [6, -7, 8]), T("i32", (3,), [3, 0, 1])),
            match="integer division by zero",
            code="S005",
            name="i32 by zero",
            at="run",
        ),
        Error(
            (T("u8", (2, 2), [[6, 7], [1, 2]]), T("u8", (2,), [3, 0], const=True)),
            match="integer division by zero",
            code="S005",
            name="u8 by a constant zero",
            at="run",
        ),
        Error(
            (T("i64", (2,), [-6, 7]), T("i64", (), 0)),
            match="integer division by zero",
            code="S005",
            name="i64 by a zero scalar",
            at="run",
        ),
    ]


def extremum_cases(special_a: list, special_b: list) -> list:
    """Maximum's and Minimum's common rows: broadcasting (f32, f32 with many ties, i32, u8), i32
    and u8 extremes, f16/bf16 both ways, i64 within i32, and the special values (NaN, infinities,
    signed zeros) ``special_a`` with ``special_b`` in both operand orders."""
    return [
        *broadcasting("f32"),
        *broadcasting("f32", a={"low": -2, "high": 3}, b={"low": -2, "high": 3})[:3],  # many ties
        *broadcasting("i32")[:5],
        *broadcasting("u8")[:3],
        Case(
            (T("i32", (4,), [-(2**31), 2**31 - 1, 5, -5]), T("i32", (4,), [2**31 - 1, -(2**31), 5, 5])),
            name="i32 extremes and a tie",
        ),
        Case((T("f16", (2, 3)), T("f16", (3,)))),
        Case((T("f16", (3,)), T("f16", (2, 3), const=True))),
        Case((T("bf16", (2, 3)), T("bf16", (3,)))),
        Case((T("bf16", (3,)), T("bf16", (2, 3)))),
        Case((T("i64", (2, 3)), T("i64", (3,), const=True)), name="i64 within i32"),
        Case((T("u8", (3,), [0, 255, 7]), T("u8", (3,), [255, 0, 7])), name="u8 extremes"),
        Case((T("f32", (11,), special_a), T("f32", (11,), special_b)), name="f32 NaN and signed zeros"),
        Case((T("f32", (11,), special_b), T("f32", (11,), special_a)), name="f32 NaN and signed zeros, swapped"),
        Case((T("f16", (11,), special_a), T("f16", (11,), special_b)), name="f16 NaN and signed zeros"),
        Case((T("bf16", (11,), special_b), T("bf16", (11,), special_a)), name="bf16 NaN and signed zeros, swapped"),
    ]
