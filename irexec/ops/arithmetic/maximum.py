"""Maximum-1: the larger operand, elementwise.

As the plugin's x86 maxps: the second operand unless the first is greater, so max(NaN, 1) = 1
but max(1, NaN) = NaN, and max(-0, +0) = +0 but max(+0, -0) = -0.

Departs from the CPU plugin, which narrows u32 and i64 to i32 (u32 from 2^31 is negative there) and
computes f64 in f32 (infinities become +-FLT_MAX)."""

import numpy as np

from ..elementwise import Binary
from ..registry import register


@register
class Maximum(Binary):
    type, version = "Maximum", "opset1"
    spec = "arithmetic/maximum-1"

    def compute(self, a, b):
        return np.where(a > b, a, b)
