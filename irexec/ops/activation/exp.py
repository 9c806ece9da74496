"""Exp-1: ``e ** x``, elementwise, on floating-point data. f16 and bf16 compute in f32 and round
once (so a result past the type's range is inf). -inf gives 0, +inf gives inf, NaN stays NaN.

The CPU plugin's exp is vectorised code of its own: its f32 results are within a few ulp of
irexec's, but it gives +inf for NaN (irexec keeps NaN, as the spec's formula).
"""

import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class Exp(Unary):
    type, version = "Exp", "opset1"
    spec = "activation/exp-1"
    operand_types = "float"
    function = staticmethod(np.exp)
