"""Acosh-3: the inverse hyperbolic cosine ``acosh(x)`` (>= 0), elementwise; acosh(1) is 0, +inf
gives +inf, ``x < 1``, -inf and NaN give NaN. f16/bf16 compute in f32 and round once. Integers:
the value rounded to the nearest integer, computed in f64; an integer below 1 has no acosh, which
the spec leaves undefined: irexec gives 0 (as for Log and Sqrt). OpenVINO writes and reads the
layer as opset4.

Departs from the CPU plugin, which casts the NaN of an integer below 1 to the integer type
(INT_MIN for i32; for u8 255 on AVX-512, 0 on AVX2), and narrows i64 to i32."""

import numpy as np

from ..elementwise import Unary
from ..registry import register
from ._integers import integers_saturated


@register
class Acosh(Unary):
    type, version = "Acosh", "opset4"
    spec = "arithmetic/acosh-3"
    function = staticmethod(integers_saturated(np.arccosh))
