"""SoftMax-1 and SoftMax-8: ``exp(x - max) / sum(exp(x - max))`` along ``axis``, on floating-point
data (it appears next to scatters in attention-style programs).

SoftMax-1 takes a non-negative axis only; SoftMax-8 counts a negative one from the end. Left
out, ``axis`` is 1, as both specs say; OpenVINO reads a SoftMax-1 without ``axis`` as axis 0. Like the
elementwise ops, f16 and bf16 compute in f32 and round once. An empty tensor gives an empty
result (nothing to normalise).

The CPU plugin's exp is vectorised code of its own: its f32 results are within a few ulp of
irexec's.
"""

import numpy as np

from ...errors import ValidationError
from ...shapes import normalize_axis
from ..elementwise import in_f32_unary
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register


def _softmax(x: np.ndarray, axis: int) -> np.ndarray:
    if x.size == 0:
        return np.array(x, copy=True)  # nothing to normalise (np.max has no identity to start from)
    e = np.exp(x - np.maximum.reduce(x, axis=axis, keepdims=True))
    return e / np.add.reduce(e, axis=axis, keepdims=True)


softmax = in_f32_unary(_softmax)


class _SoftMax(Op):
    builder_name = "softmax"
    builder_args = ("data", ("axis", REQUIRED))
    inputs = (Input("data", "float"),)
    attrs = (Attr("axis", "int", 1),)
    negative_axis = True

    def softmax_axis(self, rank: int) -> int:
        if self.axis < 0 and not self.negative_axis:
            raise ValidationError(f"SoftMax-1 axis must be non-negative, got {self.axis}")
        return normalize_axis(self.axis, rank)

    def output_facts(self, data):
        if data.shape is not None:
            self.softmax_axis(len(data.shape))
        return Fact(data.etype, data.shape)

    def compute(self, x):
        # an inf in the data gives NaN, quietly
        return softmax(x, self.softmax_axis(x.ndim))


@register
class SoftMax1(_SoftMax):
    type, version = "SoftMax", "opset1"
    spec = "activation/softmax-1"
    negative_axis = False


@register
class SoftMax8(_SoftMax):
    type, version = "SoftMax", "opset8"
    spec = "activation/softmax-8"
