"""Rows the trigonometric and hyperbolic tables share (Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh,
Acosh, Atanh): each table names its op's domain, its special values and its integer rows."""

import numpy as np

from cases.rows import Case, Error, T
from cases.unary import BF16, F32, HALF

NAN, INF = float("nan"), float("inf")
I32_MIN, I32_MAX = -(2**31), 2**31 - 1
F32_I32_MAX = 2147483520  # the largest f32 below 2**31: what the plugin gives for a result past i32


def eighths(lo: float, hi: float) -> list:
    """Multiples of 1/8 in [lo, hi]: exact in f16 and bf16."""
    return list(np.arange(lo * 8, hi * 8 + 1) / 8)


def float_cases(inside: list, outside: list, outside_expect: list) -> list:
    """The float rows of a unary op: ``inside`` its domain (explicit values, exact in f16/bf16)
    as f32, f16 and bf16, a constant input, an empty tensor and a scalar; ``outside`` (NaN,
    infinities, values outside the domain) with the spec's results ``outside_expect``."""
    n = len(inside)
    return [
        Case((T("f32", (n,), inside),), name="f32 in the domain", **F32),
        Case((T("f32", (2, n), [inside, inside[::-1]]),), name="f32 2-D", **F32),
        Case((T("f32", (n,), inside, const=True),), name="f32 constant", **F32),
        Case((T("f32", (len(outside),), outside),), expect=(outside_expect,), name="NaN, infinities, domain edges"),
        Case((T("f16", (n,), inside),), name="f16", **HALF),
        Case((T("bf16", (n,), inside),), name="bf16", **BF16),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), inside[n // 2 + 1]),), name="scalar", **F32),
    ]


def refusals(op_type: str) -> list:
    """A numeric op refuses a boolean input, found without data."""
    return [
        Error((T("boolean", (2,)),), match=f"{op_type}'s x must be numeric", code="S005", at="lint", name="boolean")
    ]
