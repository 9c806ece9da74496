"""LogicalOr-1: ``np.logical_or(a, b)`` on boolean operands, elementwise with auto-broadcast."""

import numpy as np

from ..elementwise import Logical
from ..registry import register


@register
class LogicalOr(Logical):
    type, version = "LogicalOr", "opset1"
    spec = "logical/logicalor-1"
    compute = staticmethod(np.logical_or)
