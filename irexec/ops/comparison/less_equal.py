"""LessEqual-1: ``np.less_equal(a, b)``, elementwise with auto-broadcast; the output is boolean."""
import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class LessEqual(Comparison):
    type, version = "LessEqual", "opset1"
    spec = "comparison/lessequal-1"
    compute = staticmethod(np.less_equal)
