"""GRN-1: global response normalization, the L2 norm across channels (dim 1) of data ``[N, C, ...]``
of rank 2 to 4::

    y[n, c, ...] = x[n, c, ...] / sqrt(sum_j x[n, j, ...]**2 + bias)

``bias`` is required; the spec asks for a positive number: a negative or NaN one is refused
(0 is accepted, and 0 / 0 is NaN). Data is of a floating-point type (the spec's *T*; OpenVINO's
validation also takes integers). f16, bf16 and f32 compute in f64 and round once, so that squares
beyond f32's range do not overflow (1e20 and -1e20 give +-0.7071, as the CPU plugin gives). The
plugin's f32 results agree within a few ulp; it crashes compiling GRN on constant data.
"""

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._norm import check_eps


def grn(x: np.ndarray, bias: float) -> np.ndarray:
    w = x.astype(np.float64)
    total = np.sum(np.square(w), axis=1, keepdims=True)
    return (w / np.sqrt(total + bias)).astype(x.dtype)


@register
class GRN(Op):
    type, version = "GRN", "opset1"
    spec = "normalization/grn-1"
    inputs = (Input("data", "float"),)
    attrs = (Attr("bias", "float"),)

    def setup(self):
        check_eps(self.bias, "bias", "GRN")

    def output_facts(self, data):
        if data.shape is not None and not 2 <= len(data.shape) <= 4:
            raise ValidationError(f"GRN data must have rank 2 to 4, got {fmt(data.shape)}")
        return Fact(data.etype, data.shape)

    def compute(self, x):
        return grn(x, self.bias)
