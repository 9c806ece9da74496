"""PriorBoxClustered-1: prior boxes of given sizes (``width[i]`` x ``height[i]``, P of them) for
every cell of an ``output_size`` = [H, W] grid over an image of ``image_size`` = [IH, IW]. The
output is f32 ``[2, 4 * H * W * P]``: row 0 the boxes of each cell in row-major order,

    center_x = (w + offset) * step_w,   xmin = (center_x - width[i] / 2) / IW,
    xmax = (center_x + width[i] / 2) / IW   (y likewise with step_h, height[i] and IH),

clipped to [0, 1] with ``clip``; row 1 their variances (4 values, or 1 repeated, 0.1 if none).
``step_w`` (``step_h``) is ``step`` when 0; when both are still 0 they are IW / W and IH / H.
Computed in f32, as the CPU plugin does (the spec's xmax and ymax subtract the half size: a typo).

Departures from OpenVINO: the spec gives ``width`` and ``height`` a default of 1.0 (one box);
OpenVINO reads a missing one as no boxes; irexec follows the spec. The spec calls image_size
optional but gives no meaning to its absence, and OpenVINO refuses a layer without it; so does
irexec. ``offset`` is required (the spec says so; OpenVINO reads a missing one as 0). Widths and
heights must be as many, variances 0, 1 or 4 and not negative, and image_size positive (the boxes
are divided by it).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed
from ...types import element_type
from ..common import require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._common import F32, check_variance, f32, floats, grid_size, image_dims, two_sizes_rule, variance_rows

_F32_TYPE = element_type("f32")


@register
class PriorBoxClustered(Op):
    type, version = "PriorBoxClustered", "opset1"
    builder_args = ("output_size", "image_size", "attrs=**")
    spec = "detection/prior-box-clustered-1"
    inputs = (
        Input("output_size", "int", role="shape", value=True),
        Input("image_size", "int", role="shape", value=True),
    )
    attrs = (
        floats("width", (1.0,)),
        floats("height", (1.0,)),
        Attr("clip", "bool", True),
        Attr("step", "float", 0.0),
        Attr("step_w", "float", 0.0),
        Attr("step_h", "float", 0.0),
        Attr("offset", "float"),
        floats("variance"),
    )

    def setup(self):
        if len(self.width) != len(self.height):
            raise ValidationError(
                f"PriorBoxClustered needs as many heights as widths, got {len(self.height)} and {len(self.width)}"
            )
        check_variance(self.variance)

    def output_facts(self, output_size, image_size):
        two_sizes_rule(self, output_size, image_size)
        if output_size.value is None:
            return Fact(_F32_TYPE, (fixed(2), DYN))
        h, w = grid_size(output_size.value)
        n = 4 * h * w * len(self.width)
        require_array_shape((2, n), 4)
        return Fact(_F32_TYPE, (fixed(2), fixed(n)))

    def compute(self, output_size, image_size):
        h, w = grid_size(output_size)
        ih, iw = image_dims(image_size)
        if h == 0 or w == 0:  # (no cell, no box: and the other dim's size, however large, is never used)
            return np.zeros((2, 0), F32)
        step_w = f32(self.step_w) if self.step_w != 0 else f32(self.step)
        step_h = f32(self.step_h) if self.step_h != 0 else f32(self.step)
        if step_w == 0 and step_h == 0:
            with np.errstate(divide="ignore"):  # (an empty grid has no centers to place)
                step_w, step_h = F32(iw) / F32(w), F32(ih) / F32(h)
        cx = (np.arange(w, dtype=F32) + f32(self.offset)) * step_w  # [W]
        cy = (np.arange(h, dtype=F32) + f32(self.offset)) * step_h  # [H]
        half_w = np.asarray(self.width, F32) / F32(2)  # [P]
        half_h = np.asarray(self.height, F32) / F32(2)
        p = len(half_w)
        cx = np.broadcast_to(cx[None, :, None], (h, w, p))
        cy = np.broadcast_to(cy[:, None, None], (h, w, p))
        box = np.stack(
            [(cx - half_w) / F32(iw), (cy - half_h) / F32(ih), (cx + half_w) / F32(iw), (cy + half_h) / F32(ih)],
            axis=-1,
        )
        if self.clip:
            box = np.minimum(np.maximum(box, F32(0)), F32(1))
        return np.stack([box.reshape(-1).astype(F32), variance_rows(self.variance, h * w * p)])
