"""HSigmoid-5: ``min(max(x + 3, 0), 6) / 6``, elementwise, on floating-point data; f16 and bf16
compute in f32 and round once. NaN stays NaN.

The CPU plugin multiplies by an f32 1/6 rather than divide by 6: it gives 0.99999994 where irexec
gives 1 (x >= 3, inf), and 0 for NaN.
"""

import numpy as np

from ..elementwise import Unary
from ..registry import register


def _hsigmoid(x):
    return np.minimum(np.maximum(x + x.dtype.type(3), x.dtype.type(0)), x.dtype.type(6)) / x.dtype.type(6)


@register
class HSigmoid(Unary):
    type, version = "HSigmoid", "opset5"
    builder_name = "hsigmoid"
    builder_args = ("data=x",)
    spec = "activation/hsigmoid-5"
    operand_types = "float"
    function = staticmethod(_hsigmoid)
