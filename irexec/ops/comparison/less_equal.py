"""LessEqual-1: ``np.less_equal(a, b)``, elementwise with auto-broadcast; the output is boolean.

Departs from the CPU plugin, which narrows i64 and u32 to i32 (so values past i32 compare as their
low 32 bits; u32 from 2^31 is negative there)."""

import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class LessEqual(Comparison):
    type, version = "LessEqual", "opset1"
    spec = "comparison/lessequal-1"
    compute = staticmethod(np.less_equal)
