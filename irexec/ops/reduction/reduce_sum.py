"""ReduceSum-1: the sum over ``axes`` (see ``_reduce`` for the axes, ``keep_dims`` and f16/bf16).
Integer sums wrap in the data's type, as in C.

Where the CPU plugin departs: it saturates i8/u8 sums, sums i32 in f32 (rounding past 2^24) and
keeps only the low 32 bits of i64. It compiles no Reduce whose output rank it cannot tell (axes fed
at run time) without keep_dims, and refuses empty axes without keep_dims; irexec runs both."""

import numpy as np

from ..registry import register
from ._reduce import Reduce


@register
class ReduceSum(Reduce):
    type, version = "ReduceSum", "opset1"
    spec = "reduction/reduce-sum-1"

    @staticmethod
    def reduce(x, axes, keepdims):
        return np.add.reduce(x, axis=axes, keepdims=keepdims, dtype=x.dtype)
