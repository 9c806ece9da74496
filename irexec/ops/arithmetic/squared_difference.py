"""SquaredDifference-1: ``(a - b) ** 2``, elementwise with auto-broadcast. Integers wrap (so an
unsigned ``a < b`` gives the square of ``b - a``, modulo 2**n); f16/bf16 compute in f32 and round
once. inf - inf is NaN.

Departs from the CPU plugin, whose i8 and u8 SquaredDifference is broken (u8 gives 0 for every
operand pair tried; i8 neither wraps nor saturates), which narrows i64 to i32, and computes f64
in f32."""

import numpy as np

from ..elementwise import Binary, in_f32
from ..registry import register


def squared_difference(a, b):
    d = np.subtract(a, b)
    return np.multiply(d, d)


@register
class SquaredDifference(Binary):
    type, version = "SquaredDifference", "opset1"
    builder_args = ("x1=a", "x2=b", ("auto_broadcast", "NUMPY"))
    spec = "arithmetic/squared-difference-1"
    compute = staticmethod(in_f32(squared_difference))
