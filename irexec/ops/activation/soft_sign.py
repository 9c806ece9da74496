"""SoftSign-9: ``x / (1 + |x|)``, elementwise, on floating-point data; f16 and bf16 compute in f32
and round once. -0 stays -0; +-inf give NaN (inf / inf, the formula as written, as the CPU plugin
and OpenVINO's reference compute it) and NaN stays NaN.

OpenVINO refuses integer data too (the spec's types: floating-point only)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


def _soft_sign(x):
    return x / (x.dtype.type(1) + np.abs(x))


@register
class SoftSign(Unary):
    type, version = "SoftSign", "opset9"
    builder_name = "softsign"
    spec = "activation/softsign-9"
    operand_types = "float"
    function = staticmethod(_soft_sign)
