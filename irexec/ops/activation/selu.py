"""Selu-1: ``lambda * x`` where ``x > 0``, ``lambda * alpha * (exp(x) - 1)`` elsewhere, elementwise,
on floating-point data; ``alpha`` and ``lambda`` are inputs of the data's type holding one value
each. f16 and bf16 compute in f32 (alpha and lambda as their f16/bf16 values) and round once.
NaN stays NaN, +inf gives ``lambda * inf``, -inf gives ``-lambda * alpha``.

The spec makes alpha and lambda 1-D tensors of one element; irexec takes any tensor of one element
(the ONNX frontend writes scalars) and refuses more, where OpenVINO takes any shape (the CPU
plugin uses the first element). The plugin also needs alpha and lambda constant; irexec takes them
at run time too. The CPU plugin's exp is vectorised code of its own: its f32 results are within a
few ulp of irexec's."""

import numpy as np

from ...errors import ValidationError
from ...shapes import ONE, fmt
from ..elementwise import HALF, in_f32_unary
from ..op import Fact, Input, Op
from ..registry import register


def _selu(x, alpha, lam):
    return lam * np.where(x > 0, x, alpha * np.expm1(x))


@register
class Selu(Op):
    type, version = "Selu", "opset1"
    builder_args = ("data=x", "alpha", "lambda_value=lambda")
    spec = "activation/selu-1"
    inputs = (Input("x", "float"), Input("alpha", "float", same_as="x"), Input("lambda", "float", same_as="x"))

    def output_facts(self, x, alpha, lam):
        for port, (name, fact) in enumerate((("alpha", alpha), ("lambda", lam)), start=1):
            if fact.shape is not None and not all(d.compatible(ONE) for d in fact.shape):
                raise ValidationError(f"Selu's {name} must hold one element, got shape {fmt(fact.shape)}", port=port)
        return Fact(x.etype, x.shape)

    def compute(self, x, alpha, lam):
        wide = np.float32 if x.dtype in HALF else x.dtype
        # (The rule has seen that each holds one element.)
        alpha, lam = (np.asarray(v).reshape(()).astype(wide) for v in (alpha, lam))
        return in_f32_unary(_selu)(x, alpha, lam)

    def evaluate(self, arrays, out=None, wanted=None):
        # expm1 of a large x overflows in the branch not taken
        return [np.asarray(self.compute(*arrays)).astype(arrays[0].dtype, copy=False)]
