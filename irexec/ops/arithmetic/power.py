"""Power-1: ``a ** b``. Integers: exact, wrapping on overflow like repeated Multiply; a negative
exponent truncates ``1 / a**n`` toward zero, and zero to a negative power is an error.

f32 and f16 go through f64 and round once: within an ulp of the plugin's powf, where NumPy's
own f32 power (SIMD, not correctly rounded) is off by one ulp in a fifth of the cases.

Departs from the CPU plugin, which computes integer powers in f32 and converts back: i8 and u8
saturate, results past i32 become INT_MIN where the spec wraps, and i64 is narrowed to i32."""

import numpy as np

from ...errors import ValidationError
from ..elementwise import Binary
from ..registry import register


def power(a, b):
    if a.dtype.kind not in "iu":
        if a.dtype == np.float32 and b.size == 1 and b.ndim <= a.ndim and b.reshape(-1)[0] == 2:
            # x * x is the square rounded once, as the f64 square (exact) rounded to f32 is: an
            # RMS norm's square, without the round trip.
            return np.square(a)
        if a.dtype == np.float64:
            return np.power(a, b)
        wide = np.power(a.astype(np.float64), b.astype(np.float64))
        return wide.astype(np.float32).astype(a.dtype)
    neg = b < 0
    if not np.any(neg):
        return np.power(a, b)
    if np.any(neg & (a == 0)):
        raise ValidationError("integer zero raised to a negative power (a division by zero)")
    # x^-n = 1/x^n truncated toward zero: 0, except 1 for x == 1 and +-1 for x == -1.
    out = np.power(a, np.where(neg, 0, b))
    odd = (b % 2) != 0
    inv = np.where(a == 1, 1, np.where(a == -1, np.where(odd, -1, 1), 0)).astype(out.dtype)
    return np.where(neg, inv, out)


@register
class Power(Binary):
    type, version = "Power", "opset1"
    spec = "arithmetic/power-1"
    compute = staticmethod(power)
