"""Add-1: ``a + b``, elementwise with auto-broadcast. Integers wrap; f16/bf16 compute in f32.

Departs from the CPU plugin where it narrows i64/u32/u64 to i32, computes f64 in f32 (infinities
become +-FLT_MAX), and saturates i8/u8 (see docs/differences.md)."""

import numpy as np

from ..elementwise import Binary, in_f32
from ..registry import register


@register
class Add(Binary):
    type, version = "Add", "opset1"
    spec = "arithmetic/add-1"
    compute = staticmethod(in_f32(np.add))
