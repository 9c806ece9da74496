"""ReduceL1-4: the sum of absolute values over ``axes`` (see ``_reduce`` for the axes,
``keep_dims`` and f16/bf16). Integers wrap, as in C.

Where the CPU plugin departs: it saturates u8 sums, sums i32 in f32 (rounding past 2^24) and keeps
only the low 32 bits of i64. It compiles no Reduce whose output rank it cannot tell (axes fed at run
time) without keep_dims, and refuses empty axes without keep_dims; irexec runs both."""

import numpy as np

from ..registry import register
from ._reduce import Reduce


@register
class ReduceL1(Reduce):
    type, version = "ReduceL1", "opset4"
    spec = "reduction/reduce-l1-4"

    @staticmethod
    def reduce(x, axes, keepdims):
        return np.sum(np.abs(x), axis=axes, keepdims=keepdims, dtype=x.dtype)
