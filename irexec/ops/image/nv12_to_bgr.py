"""NV12toBGR-8: an NV12 (YUV 4:2:0) image to blue, green, red channels, [N, H, W, 3].

The input is one plane [N, H * 3/2, W, 1] (Y, then H/2 rows of U, V pairs) or two, Y
[N, H, W, 1] and UV [N, H/2, W/2, 2] (U in channel 0, V in 1); H and W are even. Per pixel,
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
from ._yuv import NV12


@register
class NV12toBGR(NV12):
    type, version = "NV12toBGR", "opset8"
    spec = "image/nv12-to-bgr-8"
    bgr = True
