"""ReduceSum-1: the sum over ``axes`` (see ``_reduce`` for the axes, ``keep_dims`` and f16/bf16).
Integer sums wrap in the data's type, as in C."""
import numpy as np

from ..registry import register
from ._reduce import Reduce


@register
class ReduceSum(Reduce):
    type, version = "ReduceSum", "opset1"
    spec = "reduction/reduce-sum-1"

    @staticmethod
    def reduce(x, axes, keepdims):
        return np.sum(x, axis=axes, keepdims=keepdims, dtype=x.dtype)
