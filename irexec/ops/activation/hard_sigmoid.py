"""HardSigmoid-1: ``max(0, min(1, alpha * x + beta))``, elementwise, on floating-point data;
``alpha`` and ``beta`` are scalar inputs (rank 0, as the spec and OpenVINO require) of the data's
type. f16 and bf16 compute in f32 (alpha and beta as their f16/bf16 values) and round once.

min and max are IEEE minNum/maxNum: where ``alpha * x + beta`` is NaN (x NaN, alpha or beta NaN,
0 * inf) the result is 1, as OpenVINO's reference and the CPU plugin give (the spec's formula says
nothing of NaN).

Departs from the CPU plugin, which takes an alpha of 0 for 0.2 and a beta of 0 for 0.5 (the
ONNX defaults): irexec computes the formula with the values given. The plugin also needs alpha
and beta constant; irexec takes them at run time too. OpenVINO accepts integer and boolean data,
which the spec's types (floating-point only) and irexec refuse."""

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..elementwise import HALF, in_f32_unary
from ..op import Fact, Input, Op
from ..registry import register


def _hard_sigmoid(x, alpha, beta):
    # fmin/fmax ignore a NaN operand: a NaN alpha*x+beta gives min(1, NaN) = 1.
    return np.fmax(x.dtype.type(0), np.fmin(x.dtype.type(1), alpha * x + beta))


@register
class HardSigmoid(Op):
    type, version = "HardSigmoid", "opset1"
    builder_args = ("data=x", "alpha", "beta")
    spec = "activation/hard-sigmoid-1"
    inputs = (Input("x", "float"), Input("alpha", "float", same_as="x"), Input("beta", "float", same_as="x"))

    def output_facts(self, x, alpha, beta):
        for port, (name, fact) in enumerate((("alpha", alpha), ("beta", beta)), start=1):
            if fact.shape is not None and len(fact.shape) != 0:
                raise ValidationError(f"HardSigmoid's {name} must be a scalar, got {fmt(fact.shape)}", port=port)
        return Fact(x.etype, x.shape)

    def compute(self, x, alpha, beta):
        wide = np.float32 if x.dtype in HALF else x.dtype
        return in_f32_unary(_hard_sigmoid)(x, np.asarray(alpha).astype(wide), np.asarray(beta).astype(wide))

    def evaluate(self, arrays, out=None, wanted=None):
        # 0 * inf is NaN (and the result 1)
        return [np.asarray(self.compute(*arrays)).astype(arrays[0].dtype, copy=False)]
