"""Less-1: ``np.less(a, b)``, elementwise with auto-broadcast; the output is boolean."""
import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class Less(Comparison):
    type, version = "Less", "opset1"
    spec = "comparison/less-1"
    compute = staticmethod(np.less)
