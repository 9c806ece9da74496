"""ReduceProd-1: the product over ``axes`` (see ``_reduce`` for the axes, ``keep_dims`` and
f16/bf16). Integer products wrap in the data's type, as in C. Converters emit it to compute flat
sizes (the product of a shape).

Where the CPU plugin departs: it saturates i8/u8 products and keeps only the low 32 bits of i64. It
compiles no Reduce whose output rank it cannot tell (axes fed at run time) without keep_dims, and
refuses empty axes without keep_dims; irexec runs both."""

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
