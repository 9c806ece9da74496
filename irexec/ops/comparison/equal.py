"""Equal-1: ``np.equal(a, b)``, elementwise with auto-broadcast; the output is boolean."""
import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class Equal(Comparison):
    type, version = "Equal", "opset1"
    spec = "comparison/equal-1"
    compute = staticmethod(np.equal)
