"""Sqrt-1: ``sqrt(x)``, elementwise; sqrt(-0) is -0, negative floats give NaN (the spec leaves them
undefined). f16/bf16 compute in f32 and round once. Integers: the root rounded half up to the
nearest integer (the spec's rule), computed in f64; a negative integer is undefined in the spec
and irexec gives 0 for it."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


def sqrt(x):
    if x.dtype.kind in "iu":
        root = np.floor(np.sqrt(np.maximum(x, 0).astype(np.float64)) + 0.5)
        return root.astype(x.dtype)
    return np.sqrt(x)


@register
class Sqrt(Unary):
    type, version = "Sqrt", "opset1"
    spec = "arithmetic/sqrt-1"
    function = staticmethod(sqrt)
