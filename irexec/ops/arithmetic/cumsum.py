"""CumSum-3: running sums along ``axis`` (the optional second input, a scalar; 0 when left out;
negative counts from the end). Inclusive by default: ``out[j] = x[0] + ... + x[j]``;
``exclusive`` leaves x[j] out (``out[0]`` is 0); ``reverse`` sums from the end of the axis.

Integers wrap; f16 and bf16 sum in f32 and round once at the end. The data must have rank 1 or
more, as the spec says (the CPU plugin also takes a scalar, and returns it); the axis must be a
scalar (the plugin refuses a 1-element tensor, which OpenVINO's shape inference accepts).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, normalize_axis
from ..common import scalar_int
from ..elementwise import in_f32_unary
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register


def cumsum(x: np.ndarray, axis: int, exclusive: bool, reverse: bool) -> np.ndarray:
    x = np.moveaxis(x, axis, -1)
    if reverse:
        x = x[..., ::-1]
    sums = np.cumsum(x, axis=-1, dtype=x.dtype)  # (in the data's type: integers wrap)
    if exclusive:
        # Shifted by one rather than x subtracted: exact for floats too.
        shifted = np.zeros_like(sums)
        shifted[..., 1:] = sums[..., :-1]
        sums = shifted
    if reverse:
        sums = sums[..., ::-1]
    return np.moveaxis(sums, -1, axis)


@register
class CumSum(Op):
    type, version = "CumSum", "opset3"
    builder_args = ("arg=data", ("axis", REQUIRED), "exclusive", "reverse")
    spec = "arithmetic/cumsum-3"
    inputs = (Input("data", "numeric"), Input("axis", "i32|i64", role="axis", optional=True))
    attrs = (Attr("exclusive", "bool", False), Attr("reverse", "bool", False))

    def output_facts(self, data, axis=None):
        if axis is not None and axis.shape is not None and len(axis.shape) != 0:
            raise ValidationError(f"CumSum's axis must be a scalar, got shape {fmt(axis.shape)}", port=1)
        if data.shape is not None:
            if not data.shape:
                raise ValidationError("CumSum's data must have rank 1 or more, got a scalar")
            if axis is not None and axis.value is not None:
                normalize_axis(scalar_int(axis.value, "axis"), len(data.shape))
        return Fact(data.etype, data.shape)

    def compute(self, data, axis=None):
        ax = 0 if axis is None else normalize_axis(scalar_int(axis, "axis"), data.ndim)
        # integers wrap; inf - inf is NaN
        return in_f32_unary(cumsum)(data, ax, self.exclusive, self.reverse)
