"""Cos-1: the cosine ``cos(x)`` of an angle in radians, elementwise; cos(+-0) is 1, +-inf and NaN give
NaN. f16/bf16 compute in f32 and round once. Integers: the value rounded to the nearest integer
(-1, 0 or 1), computed in f64, as the CPU plugin gives; for unsigned types -1 becomes 0."""

import numpy as np

from ..elementwise import Unary, integers_rounded
from ..registry import register

cos = integers_rounded(np.cos)


@register
class Cos(Unary):
    type, version = "Cos", "opset1"
    spec = "arithmetic/cos-1"
    function = staticmethod(cos)
