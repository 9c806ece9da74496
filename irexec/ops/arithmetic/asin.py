"""Asin-1: the inverse sine ``asin(x)`` in radians, elementwise; asin(-0) is -0, ``|x| > 1``, +-inf
and NaN give NaN. f16/bf16 compute in f32 and round once. Integers: the value rounded to the
nearest integer, computed in f64: -1, 0 and 1 give -2, 0 and 2; any other integer has no asin,
which the spec leaves undefined: irexec gives 0 (as for Log and Sqrt).

Departs from the CPU plugin, which casts the NaN of an integer outside [-1, 1] to the integer type
(INT_MIN for i32; for u8 255 on AVX-512, 0 on AVX2)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register
from ._integers import integers_saturated


@register
class Asin(Unary):
    type, version = "Asin", "opset1"
    spec = "arithmetic/asin-1"
    function = staticmethod(integers_saturated(np.arcsin))
