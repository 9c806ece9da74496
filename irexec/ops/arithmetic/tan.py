"""Tan-1: the tangent ``tan(x)`` of an angle in radians, elementwise; tan(-0) is -0, +-inf and NaN
give NaN. f16/bf16 compute in f32 and round once. Integers: the tangent rounded to the nearest
integer (the spec's example: [-2, -1, 0, 1, 2] gives [2, -2, 0, 2, -2]), computed in f64; a result
past the type's range is the type's min or max (tan(11) = -226 is -128 in i8), so for unsigned
types a negative result is 0.

Departs from the CPU plugin, which computes integers in f32 (inputs past 2**24 round), narrows
i64 to i32, and wraps a negative result of u16/u32 (tan(2) gives 65534 in u16)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register
from ._integers import integers_saturated


@register
class Tan(Unary):
    type, version = "Tan", "opset1"
    spec = "arithmetic/tan-1"
    function = staticmethod(integers_saturated(np.tan))
