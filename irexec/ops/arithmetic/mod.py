"""Mod-1: the remainder of truncated division, with the sign of the dividend (C's fmod).
Integer division by zero is an error.

For floats OpenVINO's formula ``a - trunc(a / b) * b`` rather than fmod, as the plugin
computes it: x mod inf is NaN, and -0 mod y is +0.

Departs from the CPU plugin, which computes integer Mod in f32 (dividends past 2^24 round) and
narrows i64 to i32."""

import numpy as np

from ..elementwise import Binary, in_f32, no_zero_divisor
from ..registry import register


def mod(a, b):
    if a.dtype.kind in "iu":
        no_zero_divisor(b)
        return np.fmod(a, b)
    return a - np.trunc(a / b) * b


@register
class Mod(Binary):
    type, version = "Mod", "opset1"
    spec = "arithmetic/mod-1"
    compute = staticmethod(in_f32(mod))
