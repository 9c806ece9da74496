"""FloorMod-1: the remainder of floor division, with the sign of the divisor (Python's %).
Integer division by zero is an error; floats use ``a - floor(a / b) * b``.

Departs from the CPU plugin, which computes integer FloorMod in f32 (operands past 2^24 round) and
narrows i64 to i32."""

import numpy as np

from ..elementwise import Binary, in_f32, no_zero_divisor
from ..registry import register


def floor_mod(a, b):
    if a.dtype.kind in "iu":
        no_zero_divisor(b)
        return np.mod(a, b)
    return a - np.floor(a / b) * b


@register
class FloorMod(Binary):
    type, version = "FloorMod", "opset1"
    spec = "arithmetic/floormod-1"
    compute = staticmethod(in_f32(floor_mod))
