"""ReduceMax-1: the maximum over ``axes`` (see ``_reduce`` for the axes and ``keep_dims``).
An axis of no elements has no maximum: irexec refuses it (an empty output is just empty).
NaN propagates; the CPU plugin skips a NaN unless it comes last along the axis."""
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
