"""Abs-1: ``|x|``, elementwise. Integers wrap as in C (``abs`` of the most negative value is
itself); NaN keeps its payload and -0 gives +0. f16/bf16 compute in f32 (exact).

Departs from the CPU plugin, which saturates i8 (``|-128|`` gives 127) and computes i64 in i32
(the high bits are lost)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class Abs(Unary):
    type, version = "Abs", "opset1"
    spec = "arithmetic/abs-1"
    function = staticmethod(np.abs)
