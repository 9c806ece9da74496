"""BGRtoNV12-17: BGR channels [N, H, W, 3] to an NV12 (YUV 4:2:0) image, the inverse of NV12toBGR-8.

Single plane (``single_plane``, the default): [N, H * 3/2, W, 1], Y then H/2 rows of U, V pairs;
else two outputs, Y [N, H, W, 1] and UV [N, H/2, W/2, 2]. H and W are even. Each pixel's Y, U, V
by BT.601, the U and V of a 2x2 block their mean, computed in f32; u8 rounded halves away from
zero (the formula and the rounding: ``_to_nv12``).
"""

from __future__ import annotations

from ..registry import register
from ._to_nv12 import ToNV12


@register
class BGRtoNV12(ToNV12):
    type, version = "BGRtoNV12", "opset17"
    builder_name = "bgr_to_nv12"
    builder_args = ("arg=data", "single_plane")
    spec = "image/bgr-to-nv12-17"
    bgr = True
