"""HSwish-4: ``x * min(max(x + 3, 0), 6) / 6``, elementwise, on floating-point data; f16 and bf16
compute in f32 and round once.
"""

import numpy as np

from ..elementwise import Unary
from ..registry import register


def _hswish(x):
    three, six = x.dtype.type(3), x.dtype.type(6)
    return x * (np.minimum(np.maximum(x + three, x.dtype.type(0)), six) / six)


@register
class HSwish(Unary):
    type, version = "HSwish", "opset4"
    builder_name = "hswish"
    builder_args = ("data=x",)
    spec = "activation/hswish-4"
    operand_types = "float"
    function = staticmethod(_hswish)
