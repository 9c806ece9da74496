"""LogicalAnd-1: ``np.logical_and(a, b)`` on boolean operands, elementwise with auto-broadcast."""

import numpy as np

from ..elementwise import Logical
from ..registry import register


@register
class LogicalAnd(Logical):
    type, version = "LogicalAnd", "opset1"
    spec = "logical/logicaland-1"
    compute = staticmethod(np.logical_and)
