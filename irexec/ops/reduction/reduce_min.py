"""ReduceMin-1: the minimum over ``axes`` (see ``_reduce`` for the axes and ``keep_dims``).
An axis of no elements has no minimum: irexec refuses it (an empty output is just empty).
NaN propagates; the CPU plugin skips a NaN unless it comes last along the axis."""
import numpy as np

from ..registry import register
from ._reduce import Reduce, extreme


@register
class ReduceMin(Reduce):
    type, version = "ReduceMin", "opset1"
    spec = "reduction/reduce-min-1"

    @staticmethod
    def reduce(x, axes, keepdims):
        return extreme(np.minimum, x, axes, keepdims)
