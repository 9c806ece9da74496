"""Swish-4: ``x * sigmoid(beta * x) = x / (1 + exp(-beta * x))``, elementwise, on floating-point
data; ``beta`` is an optional scalar input of the data's type (1.0 when left out). f16 and bf16
compute in f32 and round once.

The CPU plugin's exp is vectorised code of its own: its f32 results are within a few ulp of
irexec's.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..elementwise import in_f32_unary
from ..op import Fact, Input, Op
from ..registry import register


def _swish(x, beta):
    t = np.empty_like(x)
    if beta is None:
        np.negative(x, out=t)
    else:
        np.multiply(x, -beta.astype(x.dtype), out=t)
    np.exp(t, out=t)  # (in place: one temporary for the whole formula)
    t += x.dtype.type(1)
    return np.divide(x, t, out=t)


@register
class Swish(Op):
    type, version = "Swish", "opset4"
    builder_args = ("data=x", "beta")
    spec = "activation/swish-4"
    inputs = (Input("x", "float"), Input("beta", "float", same_as="x", optional=True))

    def output_facts(self, x, beta=None):
        if beta is not None and beta.shape is not None and len(beta.shape) != 0:
            raise ValidationError(f"Swish's beta must be a scalar, got {fmt(beta.shape)}", port=1)
        return Fact(x.etype, x.shape)

    def compute(self, x, beta=None):
        return in_f32_unary(_swish)(x, None if beta is None else np.asarray(beta, np.float32))

    def evaluate(self, arrays, out=None, wanted=None):
        # (exp overflows to inf for large -beta*x: the limit, 0, follows)
        return [np.asarray(self.compute(*arrays)).astype(arrays[0].dtype, copy=False)]
