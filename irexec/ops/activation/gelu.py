"""Gelu-2 and Gelu-7, the Gaussian error linear unit, elementwise, on floating-point data:
``0.5 * x * (1 + erf(x / sqrt(2)))``; Gelu-7's ``approximation_mode="tanh"`` (default "erf", the
exact form) gives ``0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x ** 3)))``. f16 and bf16
compute in f32 and round once. +inf gives inf, -inf gives -0 or NaN (-inf * 0) as the formula
computes, NaN stays NaN.

erf is Erf-1's (computed in f64, rounded to f32). The CPU plugin's erf, exp and tanh are vectorised
code of its own: its f32 results are within a few ulp of irexec's away from the tails; in the
negative tail its erf mode loses relative precision (-1.5423e-5 for x = -4.5, where the exact value
and irexec give -1.5289e-5; the absolute error stays below 1e-6). In erf mode an AVX-512 machine's
plugin gives NaN for +inf (irexec, and an AVX2 machine, give inf).
"""

import numpy as np

from ..arithmetic.erf import erf
from ..elementwise import Unary, in_f32_unary
from ..op import REQUIRED, Attr
from ..registry import register

SQRT_HALF = np.float32(np.sqrt(0.5))
SQRT_2_PI = np.float32(np.sqrt(2 / np.pi))


def _gelu_erf(x):
    return np.float32(0.5) * x * (np.float32(1) + erf(x * SQRT_HALF))


def _gelu_tanh(x):
    return np.float32(0.5) * x * (np.float32(1) + np.tanh(SQRT_2_PI * (x + np.float32(0.044715) * x * x * x)))


class _Gelu(Unary):
    operand_types = "float"


@register
class Gelu2(_Gelu):
    type, version = "Gelu", "opset2"
    spec = "activation/gelu-2"
    function = staticmethod(_gelu_erf)


@register
class Gelu7(_Gelu):
    type, version = "Gelu", "opset7"
    builder_args = ("data=x", ("approximation_mode", REQUIRED))
    spec = "activation/gelu-7"
    attrs = (Attr("approximation_mode", "str", "erf", ("erf", "tanh")),)

    def compute(self, x):
        return in_f32_unary(_gelu_tanh if self.approximation_mode == "tanh" else _gelu_erf)(x)
