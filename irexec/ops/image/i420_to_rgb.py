"""I420toRGB-8: an I420 (YUV 4:2:0) image to red, green, blue channels, [N, H, W, 3].

The input is one plane [N, H * 3/2, W, 1] (Y, then the (H/2) * (W/2) values of U, then
those of V) or three, Y [N, H, W, 1], U and V [N, H/2, W/2, 1]; H and W are even. Each pixel converts by the
specs' BT.601 formula, with the U and V of its 2x2 block, clipped to [0, 255] and computed in
f32, u8 rounded halves to even as the CPU plugin does (the formula and the rounding: ``_yuv``).
"""

from __future__ import annotations

from ..registry import register
from ._yuv import I420


@register
class I420toRGB(I420):
    type, version = "I420toRGB", "opset8"
    builder_name = "i420_to_rgb"
    builder_args = ("arg=y", "arg_u=u", "arg_v=v")
    spec = "image/i420-to-rgb-8"
    bgr = False
