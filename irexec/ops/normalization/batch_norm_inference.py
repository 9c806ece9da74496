"""BatchNormInference-1 and BatchNormInference-5: per channel (dim 1), with given statistics::

    y = gamma[c] * (x - mean[c]) / sqrt(variance[c] + epsilon) + beta[c]

The two versions differ only in the ORDER of their inputs: BatchNormInference-1 takes (gamma,
beta, data, mean, variance), BatchNormInference-5 (data, gamma, beta, mean, variance). The data
has rank 2 or more and at least one channel; gamma, beta, mean and variance are 1-D of C
values. ``epsilon`` is required and non-negative (a negative or NaN one is refused, as OpenVINO
refuses it). A negative variance gives NaN where ``variance + epsilon`` is negative. f16 and
bf16 compute in f32 and round once.

The CPU plugin folds the four vectors into a scale and a shift first: its f32 results agree
within a few ulp.
"""

import numpy as np

from ...errors import ValidationError
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._norm import channel_shape, check_eps, per_channel

_VECTORS = ("gamma", "beta", "mean", "variance")


def batch_norm(x, gamma, beta, mean, variance, epsilon: float) -> np.ndarray:
    dtype = x.dtype
    if dtype in HALF:
        x, gamma, beta, mean, variance = (a.astype(np.float32) for a in (x, gamma, beta, mean, variance))
    r = x.ndim
    # a negative variance is NaN
    y = (x - per_channel(mean, r)) / np.sqrt(per_channel(variance, r) + x.dtype.type(epsilon))
    y = y * per_channel(gamma, r) + per_channel(beta, r)
    return y.astype(dtype, copy=False)


class _BatchNorm(Op):
    attrs = (Attr("epsilon", "float"),)
    data_port = 0

    def setup(self):
        check_eps(self.epsilon, "epsilon", "BatchNormInference")

    def split(self, ins: tuple):
        """(data, {name: (port, item)}) from the inputs in this version's order."""
        names = [i.name for i in self.inputs]
        return ins[self.data_port], {n: (names.index(n), ins[names.index(n)]) for n in _VECTORS}

    def output_facts(self, *ins):
        data, vectors = self.split(ins)
        shape = channel_shape(data.shape, [vectors[n] for n in _VECTORS], list(_VECTORS), "BatchNormInference")
        if shape is not None and shape[1].hi == 0:
            raise ValidationError("BatchNormInference data must have 1 channel or more, got 0")
        return Fact(data.etype, shape)

    def compute(self, *arrays):
        x, vectors = self.split(arrays)
        return batch_norm(x, *(vectors[n][1] for n in _VECTORS), self.epsilon)


def _inputs(order: tuple) -> tuple:
    first = order[0]
    return tuple(Input(n, "float") if n == first else Input(n, "float", same_as=first) for n in order)


@register
class BatchNormInference1(_BatchNorm):
    type, version = "BatchNormInference", "opset1"
    builder_args = ("data", "gamma", "beta", "mean", "variance", "epsilon")
    spec = "normalization/batch-norm-inference-1"
    inputs = _inputs(("gamma", "beta", "data", "mean", "variance"))
    data_port = 2


@register
class BatchNormInference5(_BatchNorm):
    type, version = "BatchNormInference", "opset5"
    spec = "normalization/batch-norm-inference-5"
    inputs = _inputs(("data", "gamma", "beta", "mean", "variance"))
