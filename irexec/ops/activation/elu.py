"""Elu-1: ``x`` where ``x > 0``, ``alpha * (exp(x) - 1)`` elsewhere, elementwise, on
floating-point data; f16 and bf16 compute in f32 and round once. ``alpha`` is required and, as the
spec says, non-negative: irexec refuses a negative or NaN alpha (O003),
where OpenVINO reads it and the CPU plugin runs the formula as written.

The CPU plugin's exp is vectorised code of its own: its f32 results are within a few ulp of
irexec's.
"""

import numpy as np

from ...errors import ValidationError
from ..elementwise import Unary, in_f32_unary
from ..op import Attr
from ..registry import register


def _elu(x, alpha):
    neg = x.dtype.type(alpha) * np.expm1(x)
    return np.where(x > 0, x, neg)


@register
class Elu(Unary):
    type, version = "Elu", "opset1"
    builder_args = ("data=x", "alpha")
    spec = "activation/elu-1"
    operand_types = "float"
    attrs = (Attr("alpha", "float"),)

    def setup(self):
        if not self.alpha >= 0:  # also refuses NaN
            raise ValidationError(f"Elu alpha must be non-negative, got {self.alpha}")

    def compute(self, x):
        return in_f32_unary(_elu)(x, self.alpha)
