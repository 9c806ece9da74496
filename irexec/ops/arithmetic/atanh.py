"""Atanh-3: the inverse hyperbolic tangent ``atanh(x)``, elementwise; atanh(-0) is -0, +-1 give
+-inf, ``|x| > 1``, +-inf and NaN give NaN. f16/bf16 compute in f32 and round once. Integers, as the
spec writes: for a signed type ``x <= -1`` gives the type's min, ``x >= 1`` its max, 0 gives 0; for
an unsigned type ``x > 0`` gives the type's max. OpenVINO writes and reads the layer as opset4.

Departs from the CPU plugin, which computes integers in f32 and casts: for i32 atanh(1) gives
2147483520 (the largest f32 below 2**31) and ``|x| >= 2`` INT_MIN (its NaN); for i8 ``x >= 2`` gives
-128, for u8 on an AVX2 machine 0; it narrows i64 to i32."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


def atanh(x):
    if x.dtype.kind not in "iu":
        return np.arctanh(x)
    info = np.iinfo(x.dtype)
    low = (x <= -1) if x.dtype.kind == "i" else np.zeros(x.shape, bool)
    return np.where(x >= 1, x.dtype.type(info.max), np.where(low, x.dtype.type(info.min), x.dtype.type(0)))


@register
class Atanh(Unary):
    type, version = "Atanh", "opset4"
    spec = "arithmetic/atanh-3"
    function = staticmethod(atanh)
