"""Greater-1: ``np.greater(a, b)``, elementwise with auto-broadcast; the output is boolean.

Departs from the CPU plugin, which gives true when an operand is NaN on some CPUs (AVX-512; the
spec, irexec and AVX2 machines give false), and narrows i64 and u32 to i32 (so values past i32
compare as their low 32 bits; u32 from 2^31 is negative there)."""

import numpy as np

from ..elementwise import Comparison
from ..registry import register


@register
class Greater(Comparison):
    type, version = "Greater", "opset1"
    spec = "comparison/greater-1"
    compute = staticmethod(np.greater)
