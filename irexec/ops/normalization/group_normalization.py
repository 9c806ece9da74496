"""GroupNormalization-12: per sample, the channels (dim 1) split into ``num_groups`` groups of
``C / num_groups`` channels, each group normalised over its channels and every dim after them,
then scaled and shifted per channel::

    y = scale[c] * (x - mean) / sqrt(var + epsilon) + bias[c]

``var`` is the mean of squared deviations (two passes, see ``_norm``). The data has rank 2 or
more; ``scale`` and ``bias`` are 1-D of C values; ``num_groups`` is at least 1, at most C, and
divides C. ``epsilon`` is required; a negative or NaN one is refused (the spec asks for a positive
number; 0 is accepted). f16 and bf16 compute in f32 and round once.

The CPU plugin sums in another order: its f32 results agree within a few ulp.
"""

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._norm import channel_shape, check_eps, moments, per_channel


@register
class GroupNormalization(Op):
    type, version = "GroupNormalization", "opset12"
    spec = "normalization/group-normalization-12"
    inputs = (Input("data", "float"), Input("scale", "float", same_as="data"), Input("bias", "float", same_as="data"))
    attrs = (Attr("num_groups", "int"), Attr("epsilon", "float"))

    def setup(self):
        if self.num_groups < 1:
            raise ValidationError(f"GroupNormalization num_groups must be 1 or more, got {self.num_groups}")
        check_eps(self.epsilon, "epsilon", "GroupNormalization")

    def output_facts(self, data, scale, bias):
        shape = channel_shape(data.shape, [(1, scale), (2, bias)], ["scale", "bias"], "GroupNormalization")
        channels = shape[1] if shape is not None else None
        if channels is not None and channels.is_static:
            c, g = channels.lo, self.num_groups
            if g > c or c % g:
                raise ValidationError(
                    f"GroupNormalization num_groups={g} does not divide the {c} channels "
                    f"of data {fmt(data.shape)} into groups of one or more"
                )
        return Fact(data.etype, shape)

    def compute(self, x, scale, bias):
        dtype = x.dtype
        if x.size == 0:
            return np.array(x, copy=True)
        if dtype in HALF:
            x, scale, bias = (a.astype(np.float32) for a in (x, scale, bias))
        n, g = x.shape[0], self.num_groups
        groups = x.reshape(n, g, x.size // (n * g))
        # inf and NaN data, epsilon 0
        centred, var = moments(groups, (2,))
        y = (centred / np.sqrt(var + x.dtype.type(self.epsilon))).reshape(x.shape)
        y = y * per_channel(scale, x.ndim) + per_channel(bias, x.ndim)
        return y.astype(dtype, copy=False)
