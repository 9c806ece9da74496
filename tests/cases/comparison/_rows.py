"""The rows every comparison table (Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual) has;
each table adds what is its own (the NumPy function that is its spec, its departures and their
``why``).

Random operands are integer-valued in a small range (``TIES``) in most cases, so that ties (where
Less and LessEqual differ) are frequent."""

import numpy as np

from cases.broadcasting import broadcast_errors, broadcasting
from cases.rows import Case, Error, T

NAN, INF = float("nan"), float("inf")
# NaN against numbers and NaN, infinities, signed zeros, and a plain tie.
SA = np.array([NAN, 1.0, NAN, INF, -INF, -0.0, 0.0, NAN, 3.0, INF, -INF])
SB = np.array([1.0, NAN, NAN, NAN, 1.0, 0.0, -0.0, -INF, 3.0, INF, INF])
NAN_ANY = np.isnan(SA) | np.isnan(SB)
TIES = {"low": -2, "high": 3}
# Values beyond i32, which the plugin narrows: every comparison of them changes.
BEYOND_I32 = {"i64": ([2**32, -(2**32) + 5, 2**32 + 3], [0, 1, 2]), "u32": ([2**31, 2**32 - 1, 3], [1, 5, 3])}


def comparison_cases() -> list:
    """The cases that need no expected value: the broadcasting shapes (``cases.broadcasting``) on f32
    with ties and without, and the first ones on i32 (ties) and u8; i32 extremes and a tie; f16 and
    bf16 (one operand constant), i64 within i32 (b constant); boolean operands and their truth
    table."""
    return [
        *broadcasting("f32", a=TIES, b=TIES),
        *broadcasting("f32")[:3],
        *broadcasting("i32", a=TIES, b=TIES)[:5],
        *broadcasting("u8", a={"high": 4}, b={"high": 4})[:3],
        Case(
            (T("i32", (4,), [-(2**31), 2**31 - 1, 5, -5]), T("i32", (4,), [2**31 - 1, -(2**31), 5, 5])),
            name="i32 extremes and a tie",
        ),
        Case((T("f16", (2, 3), **TIES), T("f16", (3,), **TIES))),
        Case((T("f16", (3,), **TIES), T("f16", (2, 3), const=True, **TIES))),
        Case((T("bf16", (2, 3), **TIES), T("bf16", (3,), **TIES))),
        Case((T("bf16", (3,)), T("bf16", (2, 3)))),
        Case((T("i64", (2, 3), **TIES), T("i64", (3,), const=True, **TIES)), name="i64 within i32"),
        Case((T("boolean", (2, 3)), T("boolean", (3,))), name="boolean operands"),
        Case(
            (T("boolean", (4,), [False, False, True, True]), T("boolean", (4,), [False, True, False, True])),
            name="boolean truth table",
        ),
    ]


def special_value_cases(op, nan_departure: str = "") -> list:
    """NaN, infinities and signed zeros (``SA`` against ``SB``) in f32, f16 and bf16, and swapped in
    f32: ``expect=`` what ``op`` (the NumPy comparison, e.g. ``np.less``) gives. ``nan_departure``:
    the ``why`` of a plugin that gives true where an operand is NaN on AVX-512 machines (false on
    AVX2 ones); those rows then accept both as ``plugin``."""

    def case(etype, a, b, name):
        spec = op(a, b)
        plugin = [(spec | NAN_ANY,), (spec,)] if nan_departure else None
        return Case(
            (T(etype, (11,), a), T(etype, (11,), b)), expect=(spec,), plugin=plugin, why=nan_departure, name=name
        )

    return [
        *(case(t, SA, SB, f"{t} NaN, inf, signed zeros") for t in ("f32", "f16", "bf16")),
        case("f32", SB, SA, "f32 NaN, inf, signed zeros, swapped"),
    ]


def beyond_i32(op, etype: str, why: str = "", name: str = "") -> Case:
    """``etype`` ("i64" or "u32") operands beyond i32 (``BEYOND_I32``): ``expect=`` what ``op``
    gives. With ``why``, a departure: the plugin narrows the operands to i32 and compares those
    (its ``plugin=``)."""
    a, b = BEYOND_I32[etype]
    plugin = (op(_narrow(a), _narrow(b)),) if why else None
    return Case((T(etype, (3,), a), T(etype, (3,), b)), expect=(op(a, b),), plugin=plugin, why=why, name=name)


def _narrow(values):
    return np.asarray(values, np.int64).astype(np.int32)


def comparison_errors(op_type: str) -> list:
    """The shape and attribute errors of every binary elementwise op (``broadcast_errors``), and
    operands of two element types (the message names ``op_type``)."""
    return [
        *broadcast_errors(),
        Error(
            (T("f32", (2,)), T("i32", (2,))),
            match=f"{op_type}'s a and b must have one element type, got f32, i32",
            code="S005",
            name="f32 with i32",
            at="lint",
        ),
        Error(
            (T("boolean", (2,)), T("u8", (2,))),
            match="must have one element type",
            code="S005",
            name="boolean with u8",
            at="lint",
        ),
    ]
