"""Ceiling-1: ``ceil(x)``, elementwise: rounds up, toward +inf, to an integer value. Infinities, NaN
and -0 pass through; -0.5 gives -0. Integers are their own ceiling (returned unchanged, with no trip
through floats). f16/bf16 compute in f32 (exact).

Departs from the CPU plugin, which computes integers through f32: beyond 2**24 they come back
rounded to a multiple of a power of two, and i32 INT_MAX overflows to INT_MIN (i64: computed in i32,
the high bits are lost)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class Ceiling(Unary):
    type, version = "Ceiling", "opset1"
    spec = "arithmetic/ceiling-1"
    function = staticmethod(lambda x: x.copy() if x.dtype.kind in "iu" else np.ceil(x))
