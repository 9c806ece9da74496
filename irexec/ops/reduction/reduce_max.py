"""ReduceMax-1: the maximum over ``axes`` (see ``_reduce`` for the axes and ``keep_dims``).
The maximum over an axis of no elements is the identity, as in ONNX: -inf for floats, the
type's lowest value for integers, False for booleans.
NaN propagates; the CPU plugin skips a NaN unless it comes last along the axis.

The plugin also compares i32 in f32 (rounding past 2^24) and keeps only the low 32 bits of i64. It
compiles no Reduce whose output rank it cannot tell (axes fed at run time) without keep_dims, and
refuses empty axes without keep_dims; irexec runs both. Over an axis of no elements it gives
-FLT_MAX for f32 (also when it folds a constant) and bf16's lowest finite value in place of
-inf, and i32's lowest value for i64; it takes no boolean data."""

import numpy as np

from ..registry import register
from ._reduce import Reduce, extreme


@register
class ReduceMax(Reduce):
    type, version = "ReduceMax", "opset1"
    spec = "reduction/reduce-max-1"

    @staticmethod
    def reduce(x, axes, keepdims):
        return extreme(np.maximum, x, axes, keepdims)
