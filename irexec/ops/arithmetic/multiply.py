"""Multiply-1: ``a * b``, elementwise with auto-broadcast. Integers wrap; f16/bf16 compute in f32.

Departs from the CPU plugin as Add does (64-bit integers narrowed, f64 in f32, i8/u8 saturate);
on AVX512-BF16 machines it also flushes bf16 results that would be subnormal to zero."""

import numpy as np

from ..elementwise import Binary, in_f32
from ..registry import register


@register
class Multiply(Binary):
    type, version = "Multiply", "opset1"
    spec = "arithmetic/multiply-1"
    compute = staticmethod(in_f32(np.multiply))
