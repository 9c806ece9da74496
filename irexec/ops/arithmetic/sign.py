"""Sign-1: -1, 0 or 1 as ``x`` is negative, zero or positive, elementwise; NaN gives NaN and
+-inf give +-1. f16/bf16 compute in f32 (exact); integers stay integers (unsigned: 0 or 1)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class Sign(Unary):
    type, version = "Sign", "opset1"
    spec = "arithmetic/sign-1"
    function = staticmethod(np.sign)
