"""NV12toRGB-8: an NV12 (YUV 4:2:0) image to red, green, blue channels, [N, H, W, 3].

The input is one plane [N, H * 3/2, W, 1] (Y, then H/2 rows of U, V pairs) or two, Y
[N, H, W, 1] and UV [N, H/2, W/2, 2] (U in channel 0, V in 1); H and W are even. Each pixel converts by the
specs' BT.601 formula, with the U and V of its 2x2 block, clipped to [0, 255] and computed in
f32, u8 rounded halves to even as the CPU plugin does (the formula and the rounding: ``_yuv``).
"""

from __future__ import annotations

from ..registry import register
from ._yuv import NV12


@register
class NV12toRGB(NV12):
    type, version = "NV12toRGB", "opset8"
    builder_name = "nv12_to_rgb"
    builder_args = ("arg=y", "arg_uv=uv")
    spec = "image/nv12-to-rgb-8"
    bgr = False
