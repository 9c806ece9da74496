"""Tanh-1: ``tanh(x)``, elementwise. Floating-point data compute in f32 for f16 and bf16 and round
once; -0 stays -0, +-inf give +-1, NaN stays NaN.

The spec accepts any numeric type; for integers OpenVINO rounds the result to the nearest
integer (so -1, 0 or 1), and irexec does too. The CPU plugin's f32 tanh is vectorised code of its
own: within a few ulp of irexec's.
"""

import numpy as np

from ..elementwise import Unary, integers_rounded
from ..registry import register

_tanh = integers_rounded(np.tanh)


@register
class Tanh(Unary):
    type, version = "Tanh", "opset1"
    spec = "arithmetic/tanh-1"
    function = staticmethod(_tanh)
