"""Greater-1: ``np.greater(a, b)``, elementwise with auto-broadcast; the output is boolean.

Departs from the CPU plugin, which gives true when an operand is NaN on some CPUs."""
import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class Greater(Comparison):
    type, version = "Greater", "opset1"
    spec = "comparison/greater-1"
    compute = staticmethod(np.greater)
