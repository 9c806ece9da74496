"""LogicalXor-1: ``np.logical_xor(a, b)`` on boolean operands, elementwise with auto-broadcast."""

import numpy as np

from ..elementwise import Logical
from ..registry import register


@register
class LogicalXor(Logical):
    type, version = "LogicalXor", "opset1"
    aliases = ("opset2",)  # ov.save_model writes it as opset2; older IRs say opset1
    spec = "logical/logicalxor-1"
    compute = staticmethod(np.logical_xor)
