"""Sin-1: the sine ``sin(x)`` of an angle in radians, elementwise; sin(-0) is -0, +-inf and NaN give
NaN. f16/bf16 compute in f32 and round once. Integers: the value rounded to the nearest integer
(-1, 0 or 1), computed in f64, as the CPU plugin gives; for unsigned types -1 becomes 0."""

import numpy as np

from ..elementwise import Unary, integers_rounded
from ..registry import register

sin = integers_rounded(np.sin)


@register
class Sin(Unary):
    type, version = "Sin", "opset1"
    spec = "arithmetic/sin-1"
    function = staticmethod(sin)
