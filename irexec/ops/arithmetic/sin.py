"""Sin-1: the sine ``sin(x)`` of an angle in radians, elementwise; sin(-0) is -0, +-inf and NaN give
NaN. f16/bf16 compute in f32 and round once. Integers: the value rounded to the nearest integer
(-1, 0 or 1), computed in f64, as the CPU plugin gives; for unsigned types -1 becomes 0."""
import numpy as np

from ..elementwise import Unary
from ..registry import register


def sin(x):
    if x.dtype.kind in "iu":
        value = np.rint(np.sin(x.astype(np.float64)))
        if x.dtype.kind == "u":  # -1 is not an unsigned value: clamp to 0 as the plugin does, not wrap
            value = np.maximum(value, 0)
        return value.astype(x.dtype)
    return np.sin(x)


@register
class Sin(Unary):
    type, version = "Sin", "opset1"
    spec = "arithmetic/sin-1"
    function = staticmethod(sin)
