"""Minimum-1: the smaller operand, elementwise; the second unless the first is smaller (as
Maximum, so NaN and signed zeros follow the operand order).

Departs from the CPU plugin, which narrows u32 and i64 to i32 (u32 from 2^31 is negative there) and
computes f64 in f32 (infinities become +-FLT_MAX)."""

import numpy as np

from ..elementwise import Binary
from ..registry import register


@register
class Minimum(Binary):
    type, version = "Minimum", "opset1"
    spec = "arithmetic/minimum-1"

    def compute(self, a, b):
        return np.where(a < b, a, b)
