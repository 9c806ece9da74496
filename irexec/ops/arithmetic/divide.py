"""Divide-1: ``a / b``; for integers, floor division (``m_pythondiv``, the default) or C's
division truncating toward zero. Integer division by zero is an error.

Departs from the CPU plugin, which divides integers in f32 (quotients past 2^24 round) and
truncates whatever ``m_pythondiv`` says, narrows i64 and u32 to i32, saturates i8 (-128 / -1 is
127), computes f64 in f32, and multiplies f32 by the reciprocal (one ulp from a / b)."""

import numpy as np

from ..elementwise import AUTOB, Binary, in_f32, no_zero_divisor
from ..op import Attr
from ..registry import register


def divide(a, b, pythondiv: bool):
    if a.dtype.kind not in "iu":
        return np.divide(a, b)
    no_zero_divisor(b)
    q = np.floor_divide(a, b)
    if not pythondiv and a.dtype.kind == "i":
        # C division truncates toward zero: undo the floor where the signs differ and it was inexact.
        q = q + ((np.remainder(a, b) != 0) & ((a < 0) != (b < 0))).astype(q.dtype)
    return q


@register
class Divide(Binary):
    type, version = "Divide", "opset1"
    spec = "arithmetic/divide-1"
    attrs = (AUTOB, Attr("m_pythondiv", "bool", True))

    def compute(self, a, b):
        return in_f32(lambda x, y: divide(x, y, self.m_pythondiv))(a, b)
