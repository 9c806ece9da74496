"""Sinh-1: the hyperbolic sine ``sinh(x)``, elementwise; sinh(-0) is -0, +-inf give +-inf (as does
a float result past the type's range), NaN stays NaN. f16/bf16 compute in f32 and round once.
Integers: the value rounded to the nearest integer, computed in f64; a result past the type's
range is the type's min or max (sinh(6) = 202 is 127 in i8), so for unsigned types 0 for x < 0.

Departs from the CPU plugin, which computes integers in f32: large results round (sinh(21) gives
659407872, not 659407867), a result past i32 is 2147483520 (the largest f32 below 2**31) where
irexec gives INT_MAX; and which narrows i64 to i32."""

import numpy as np

from ..elementwise import Unary
from ..registry import register
from ._integers import integers_saturated


@register
class Sinh(Unary):
    type, version = "Sinh", "opset1"
    spec = "arithmetic/sinh-1"
    function = staticmethod(integers_saturated(np.sinh))
