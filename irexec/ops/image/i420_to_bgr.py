"""I420toBGR-8: an I420 (YUV 4:2:0) image to blue, green, red channels, [N, H, W, 3].

The input is one plane [N, H * 3/2, W, 1] (Y, then the (H/2) * (W/2) values of U, then
those of V) or three, Y [N, H, W, 1], U and V [N, H/2, W/2, 1]; H and W are even. Per pixel,
with the U and V of its 2x2 block::

    R = 1.164 * (Y - 16) + 1.596 * (V - 128)
    G = 1.164 * (Y - 16) - 0.813 * (V - 128) - 0.391 * (U - 128)
    B = 1.164 * (Y - 16) + 2.018 * (U - 128)

each clipped to [0, 255], computed in f32 (f16/bf16 round once). The spec does not say how u8
results round: irexec rounds to the nearest, halves to even, as the CPU plugin does (OpenVINO's
reference rounds halves away from zero).
"""
from __future__ import annotations

from ..registry import register
from ._yuv import I420


@register
class I420toBGR(I420):
    type, version = "I420toBGR", "opset8"
    spec = "image/i420-to-bgr-8"
    bgr = True
