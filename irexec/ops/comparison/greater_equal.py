"""GreaterEqual-1: ``np.greater_equal(a, b)``, elementwise with auto-broadcast; the output is boolean.

Departs from the CPU plugin, which gives true when an operand is NaN on some CPUs."""
import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class GreaterEqual(Comparison):
    type, version = "GreaterEqual", "opset1"
    spec = "comparison/greaterequal-1"
    compute = staticmethod(np.greater_equal)
