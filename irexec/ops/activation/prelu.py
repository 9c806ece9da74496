"""PReLU-1: ``x`` where ``x >= 0``, ``slope * x`` elsewhere, elementwise, on floating-point data
(so -0 and NaN stay as they are, and -inf with a zero slope is NaN). f16 and bf16 compute in f32
and round once.

How ``slope`` (rank 1 or more, of the data's type) meets the data: a 1-D slope as long as the
data's dim 1 (its channels) applies per channel, ``slope[c]`` to ``x[:, c, ...]`` — also where
it is as long as the last dim, which NumPy broadcasting would pick instead (a [3] slope on
[N,3,H,3] data). Any other slope broadcasts as NumPy does, one way: to the data's shape, which is
the output's. The CPU plugin does the same.

Departs from OpenVINO, which accepts a scalar slope (the spec: rank 1 or more) and a slope that
would broadcast the data to a larger shape (the plugin then ignores what does not fit), both of
which irexec refuses; and integer data, which the spec's types (floating-point only) and irexec
refuse. The CPU plugin computes f64 in f32; on an AVX2 machine it multiplies zeros by the slope too
(+-0 with a negative slope gives -+0, with an infinite one NaN).

The layer's type is spelled ``PReLU`` (as ov.save_model writes it; the spec's examples write
``Prelu``, which irexec reads too)."""

import numpy as np

from ...errors import ValidationError
from ...shapes import ONE, fmt
from ..elementwise import in_f32
from ..op import Fact, Input, Op
from ..registry import register


def _per_channel(data, slope) -> bool:
    """Whether the slope may apply per channel (dims: partial shapes; static: a decision)."""
    return len(slope) == 1 and len(data) >= 2 and slope[0].compatible(data[1])


def _broadcasts_to(slope, data) -> bool:
    """Whether the slope may broadcast (NumPy, one way) to the data's shape."""
    return len(slope) <= len(data) and all(
        s.compatible(ONE) or s.compatible(d) for s, d in zip(reversed(slope), reversed(data))
    )


def _prelu(x, slope):
    return np.where(x < 0, x * slope, x)


@register
class PReLU(Op):
    type, version = "PReLU", "opset1"
    builder_name = "prelu"
    builder_args = ("data=x", "slope")
    spec = "activation/prelu-1"
    inputs = (Input("x", "float"), Input("slope", "float", same_as="x"))

    def output_facts(self, x, slope):
        if slope.shape is not None:
            if not slope.shape:
                raise ValidationError("PReLU's slope must have rank 1 or more, got a scalar", port=1)
            if x.shape is not None and not (_per_channel(x.shape, slope.shape) or _broadcasts_to(slope.shape, x.shape)):
                raise ValidationError(
                    f"PReLU's slope {fmt(slope.shape)} neither matches the data's channels "
                    f"(dim 1) nor broadcasts to its shape {fmt(x.shape)}",
                    port=1,
                )
        return Fact(x.etype, x.shape)

    def compute(self, x, slope):
        if slope.ndim == 1 and x.ndim >= 2 and slope.shape[0] == x.shape[1]:
            slope = slope.reshape((-1,) + (1,) * (x.ndim - 2))
        return in_f32(_prelu)(x, slope)

    def evaluate(self, arrays, out=None, wanted=None):
        # 0 * -inf is NaN, as the formula says
        return [np.asarray(self.compute(*arrays))]
