"""Sigmoid-1: ``1 / (1 + exp(-x))``, elementwise, on floating-point data. f16 and bf16 compute in
f32 and round once. -inf gives 0, +inf gives 1, NaN stays NaN.

The CPU plugin's sigmoid is vectorised code of its own: its f32 results are within a few ulp of
irexec's.
"""

import numpy as np

from ..elementwise import Unary
from ..registry import register


def _sigmoid(x):
    # exp(-x) overflows to inf for large negative x: 1 / (1 + inf) is the limit 0.
    return np.reciprocal(np.exp(-x) + x.dtype.type(1))


@register
class Sigmoid(Unary):
    type, version = "Sigmoid", "opset1"
    builder_args = ("data=x",)
    spec = "activation/sigmoid-1"
    operand_types = "float"
    function = staticmethod(_sigmoid)
