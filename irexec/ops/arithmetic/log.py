"""Log-1: the natural logarithm ``ln(x)``, elementwise; ln(+-0) is -inf, negative floats give NaN.
f16/bf16 compute in f32 and round once. Integers: the logarithm rounded to the nearest integer
(as the CPU plugin, which computes them in f32), computed in f64; the spec does not define
``x <= 0`` for integers and irexec gives 0 there, where the plugin casts -inf/NaN to INT_MIN."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


def log(x):
    if x.dtype.kind in "iu":
        positive = x > 0
        value = np.rint(np.log(np.where(positive, x, 1).astype(np.float64)))
        return np.where(positive, value, 0).astype(x.dtype)
    return np.log(x)


@register
class Log(Unary):
    type, version = "Log", "opset1"
    spec = "arithmetic/log-1"
    function = staticmethod(log)
