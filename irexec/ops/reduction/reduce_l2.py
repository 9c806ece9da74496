"""ReduceL2-4: ``sqrt(sum(x ** 2))`` over ``axes`` (see ``_reduce`` for the axes, ``keep_dims``
and f16/bf16). For integers irexec sums the squares in the data's type (wrapping) and truncates
the square root; the spec does not fix that order and the plugin's may differ.

Where the CPU plugin departs: it saturates the u8 sum of squares (at 255, where irexec wraps it). It
compiles no Reduce whose output rank it cannot tell (axes fed at run time) without keep_dims, and
refuses empty axes without keep_dims; irexec runs both."""

import numpy as np

from ..registry import register
from ._reduce import Reduce


@register
class ReduceL2(Reduce):
    type, version = "ReduceL2", "opset4"
    spec = "reduction/reduce-l2-4"

    @staticmethod
    def reduce(x, axes, keepdims):
        return np.sqrt(np.sum(np.square(x), axis=axes, keepdims=keepdims, dtype=x.dtype))
