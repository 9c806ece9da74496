"""NotEqual-1: ``np.not_equal(a, b)``, elementwise with auto-broadcast; the output is boolean.

Departs from the CPU plugin, which narrows i64 to i32 (so values past i32 compare as their low
32 bits; it narrows u32 too, which equality does not see)."""

import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class NotEqual(Comparison):
    type, version = "NotEqual", "opset1"
    spec = "comparison/notequal-1"
    compute = staticmethod(np.not_equal)
