"""Asinh-3: the inverse hyperbolic sine ``asinh(x)``, elementwise; asinh(-0) is -0, +-inf give
+-inf, NaN stays NaN. f16/bf16 compute in f32 and round once. Integers: the value rounded to the
nearest integer, computed in f64 (its magnitude stays below 45, within every integer type).
OpenVINO writes and reads the layer as opset4.

Departs from the CPU plugin, which narrows i64 to i32 (asinh(2**40) gives 0)."""

import numpy as np

from ..elementwise import Unary, integers_rounded
from ..registry import register


@register
class Asinh(Unary):
    type, version = "Asinh", "opset4"
    spec = "arithmetic/asinh-3"
    function = staticmethod(integers_rounded(np.arcsinh))
