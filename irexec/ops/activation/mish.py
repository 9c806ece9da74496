"""Mish-4: ``x * tanh(ln(1 + exp(x)))``, elementwise, on floating-point data; f16 and bf16 compute
in f32 and round once. The softplus inside is NumPy's ``logaddexp(0, x)`` (no overflow for large
``x``).

The CPU plugin computes the softplus as ``log(1 + exp(x))`` in f32: for negative ``x`` it loses the
digits of ``exp(x)`` that ``1 + exp(x)`` rounds away (an absolute error up to about 5e-7:
-4.62021e-3 for x = -7.375 where irexec gives -4.62066e-3).
"""

import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class Mish(Unary):
    type, version = "Mish", "opset4"
    builder_args = ("data=x",)
    spec = "activation/mish-4"
    operand_types = "float"
    function = staticmethod(lambda x: x * np.tanh(np.logaddexp(x.dtype.type(0), x)))
