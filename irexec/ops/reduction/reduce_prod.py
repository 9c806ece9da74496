"""ReduceProd-1: the product over ``axes`` (see ``_reduce`` for the axes, ``keep_dims`` and
f16/bf16). Integer products wrap in the data's type, as in C. Converters emit it to compute flat
sizes (the product of a shape)."""
import numpy as np

from ..registry import register
from ._reduce import Reduce


@register
class ReduceProd(Reduce):
    type, version = "ReduceProd", "opset1"
    spec = "reduction/reduce-prod-1"

    @staticmethod
    def reduce(x, axes, keepdims):
        return np.prod(x, axis=axes, keepdims=keepdims, dtype=x.dtype)
