"""What RGBtoNV12-17 and BGRtoNV12-17 share: the shape rule and the colour maths.

Each pixel converts by BT.601 (the inverse of the NV12toRGB formula), in f32::

    Y =  0.257 * R + 0.504 * G + 0.098 * B + 16
    U = -0.148 * R - 0.291 * G + 0.439 * B + 128
    V =  0.439 * R - 0.368 * G - 0.071 * B + 128

each clipped to [0, 255] and stored in the input's type (u8: rounded to the nearest, halves away
from zero, before the clip). The U and V of a 2x2 block are the means of its four pixels' stored
U and V values, summed in f32 row by row, then stored the same way (u8: rounded, halves away from
zero). Every type computes in f32: f64 inputs are read as f32 and their results are f32 values.

The output is one plane [N, H * 3/2, W, 1] (Y, then H/2 rows of interleaved U, V pairs) when
``single_plane`` (the default), else two, Y [N, H, W, 1] and UV [N, H/2, W/2, 2]. H and W must be
even where known.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt
from ..op import Attr, Fact, Input, Op
from ._yuv import TYPES, _even, _times

F32 = np.float32


class ToNV12(Op):
    """The rule and the kernel; subclasses say the channel order."""

    bgr = False
    inputs = (Input("data", TYPES),)
    outputs = ("y", "uv")
    attrs = (Attr("single_plane", "bool", True),)

    def setup(self):
        self.num_outputs = 1 if self.single_plane else 2

    def output_facts(self, data):
        n = h = w = DYN
        if data.shape is not None:
            if len(data.shape) != 4:
                raise ValidationError(f"{self.type}'s input must be 4-D (N, H, W, C), got shape {fmt(data.shape)}")
            if not data.shape[3].compatible(fixed(3)):
                raise ValidationError(f"{self.type}'s input must have 3 channels, got shape {fmt(data.shape)}")
            n, h, w = data.shape[:3]
            _even(self, h, "height")
            _even(self, w, "width")
        if self.single_plane:
            return Fact(data.etype, (n, _times(h, 3, 2) or DYN, w, fixed(1)))
        uv = (n, _times(h, 1, 2) or DYN, _times(w, 1, 2) or DYN, fixed(2))
        return [Fact(data.etype, (n, h, w, fixed(1))), Fact(data.etype, uv)]

    def compute(self, data):
        n, h, w = data.shape[:3]
        rgb = data.astype(F32)
        r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
        if self.bgr:
            r, b = b, r
        y = _store(F32(0.257) * r + F32(0.504) * g + F32(0.098) * b + F32(16), data.dtype, clip=True)
        u = _store(F32(-0.148) * r - F32(0.291) * g + F32(0.439) * b + F32(128), data.dtype, clip=True)
        v = _store(F32(0.439) * r - F32(0.368) * g - F32(0.071) * b + F32(128), data.dtype, clip=True)
        uv = np.stack((_block_mean(u, data.dtype), _block_mean(v, data.dtype)), axis=-1)  # [N, H/2, W/2, 2]
        if not self.single_plane:
            return y[..., None], uv
        return np.concatenate((y, uv.reshape(n, h // 2, w)), axis=1)[..., None]


def _store(x: np.ndarray, dtype: np.dtype, clip: bool) -> np.ndarray:
    """f32 values as ``dtype`` holds them: u8 rounded to the nearest, halves away from zero."""
    if dtype == np.uint8:
        low = np.floor(x)
        x = low + (x - low >= F32(0.5))
    if clip:
        x = np.clip(x, F32(0), F32(255))
    return x.astype(dtype)


def _block_mean(c: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The mean of each 2x2 block of stored values [N, H, W] -> [N, H/2, W/2], summed in f32."""
    n, h, w = c.shape
    q = c.astype(F32).reshape(n, h // 2, 2, w // 2, 2)
    total = q[:, :, 0, :, 0] + q[:, :, 0, :, 1] + q[:, :, 1, :, 0] + q[:, :, 1, :, 1]
    return _store(total / F32(4), dtype, clip=False)
