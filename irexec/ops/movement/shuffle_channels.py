"""ShuffleChannels-1: splits the ``axis`` dim into ``group`` groups and interleaves them: with
that dim C, the data reshaped to [..., group, C / group, ...], the two dims swapped, reshaped
back. ``axis`` may be negative (from the end); C must be divisible by ``group``; the data has
rank 1 or more; any element type.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, normalize_axis
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register


@register
class ShuffleChannels(Op):
    type, version = "ShuffleChannels", "opset1"
    builder_args = ("data", ("axis", REQUIRED), ("group", REQUIRED))
    spec = "movement/shuffle-channels-1"
    inputs = (Input("data"),)
    attrs = (Attr("axis", "int", 1), Attr("group", "int", 1))

    def setup(self):
        if self.group < 1:
            raise ValidationError(f"ShuffleChannels' group must be 1 or more, got {self.group}")

    def output_facts(self, data):
        if data.shape is None:
            return Fact(data.etype, None)
        if not data.shape:
            raise ValidationError("ShuffleChannels' data must have rank 1 or more, got a scalar")
        d = data.shape[normalize_axis(self.axis, len(data.shape))]
        if d.is_static and d.lo % self.group:
            raise ValidationError(
                f"ShuffleChannels' dim {self.axis} of {fmt(data.shape)} is not divisible by group {self.group}"
            )
        return Fact(data.etype, data.shape)

    def compute(self, data):
        axis = normalize_axis(self.axis, data.ndim)
        shape = data.shape
        x = data.reshape(shape[:axis] + (self.group, shape[axis] // self.group) + shape[axis + 1 :])
        return np.swapaxes(x, axis, axis + 1).reshape(shape)
