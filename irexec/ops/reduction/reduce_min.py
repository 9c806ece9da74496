"""ReduceMin-1: the minimum over ``axes`` (see ``_reduce`` for the axes and ``keep_dims``).
An axis of no elements has no minimum: irexec refuses it (an empty output is just empty).
NaN propagates; the CPU plugin skips a NaN unless it comes last along the axis.

The plugin also compares i32 in f32 (rounding past 2^24) and keeps only the low 32 bits of i64. It
compiles no Reduce whose output rank it cannot tell (axes fed at run time) without keep_dims, and
refuses empty axes without keep_dims; irexec runs both."""

import numpy as np

from ..registry import register
from ._reduce import Reduce, extreme


@register
class ReduceMin(Reduce):
    type, version = "ReduceMin", "opset1"
    needs_elements = True
    spec = "reduction/reduce-min-1"

    @staticmethod
    def reduce(x, axes, keepdims):
        return extreme(np.minimum, x, axes, keepdims)
