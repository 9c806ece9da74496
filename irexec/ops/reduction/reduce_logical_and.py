"""ReduceLogicalAnd-1: true where every element over ``axes`` is (see ``_reduce`` for the axes
and ``keep_dims``); boolean data.

The CPU plugin takes the axes only as a constant ("Second tensor is not constant") and refuses empty
axes without keep_dims; irexec runs both."""

import numpy as np

from ..registry import register
from ._reduce import Reduce


@register
class ReduceLogicalAnd(Reduce):
    type, version = "ReduceLogicalAnd", "opset1"
    spec = "reduction/reduce-logical-and-1"
    data_types = "bool"

    @staticmethod
    def reduce(x, axes, keepdims):
        return np.all(x, axis=axes, keepdims=keepdims)
