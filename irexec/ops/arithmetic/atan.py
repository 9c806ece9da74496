"""Atan-1: the inverse tangent ``atan(x)`` in radians (in [-pi/2, pi/2]), elementwise; atan(-0) is
-0, +-inf give +-pi/2, NaN stays NaN. f16/bf16 compute in f32 and round once. Integers: the value
rounded to the nearest integer (-2 to 2), computed in f64.

Departs from the CPU plugin, which narrows i64 to i32 (atan(2**40) gives 0)."""

import numpy as np

from ..elementwise import Unary, integers_rounded
from ..registry import register


@register
class Atan(Unary):
    type, version = "Atan", "opset1"
    spec = "arithmetic/atan-1"
    function = staticmethod(integers_rounded(np.arctan))
