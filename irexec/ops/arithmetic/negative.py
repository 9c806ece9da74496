"""Negative-1: ``-x``, elementwise. Integers wrap as in C (the negation of the most negative value
is itself; unsigned -x is 2**n - x); -0 and +0 swap, NaN keeps its payload. f16/bf16 compute in
f32 (exact).

Departs from the CPU plugin, which saturates i8 (``-(-128)`` gives 127), computes i64 in i32
(the high bits are lost), and refuses Negative of an unsigned type (its ConvertNegative pass
builds a -1 constant of that type)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class Negative(Unary):
    type, version = "Negative", "opset1"
    spec = "arithmetic/negative-1"
    function = staticmethod(np.negative)
