"""NotEqual-1: ``np.not_equal(a, b)``, elementwise with auto-broadcast; the output is boolean."""
import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class NotEqual(Comparison):
    type, version = "NotEqual", "opset1"
    spec = "comparison/notequal-1"
    compute = staticmethod(np.not_equal)
