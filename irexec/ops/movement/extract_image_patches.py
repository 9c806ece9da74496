"""ExtractImagePatches-3: the patches of data [N, C, H, W] that a convolution of kernel ``sizes``
[kh, kw], ``strides`` [sh, sw] and dilation ``rates`` [rh, rw] would see, each stacked in the
depth dim: out [N, kh * kw * C, out_rows, out_cols] with::

    out[n, (i * kw + j) * C + c, r, q] = data[n, c, r * sh - top + i * rh, q * sw - left + j * rw]

(0 where that falls outside the image). With a patch's extent ``e = (k - 1) * rate + 1`` per axis,
``auto_pad`` valid takes the patches inside the image: out_rows = floor((H - e) / sh) + 1 (0 when
none fits), top = 0; same_upper and same_lower take ceil(H / sh) patches, padding the image with
zeros by P = (ceil(H / sh) - 1) * sh + e - H (when positive) split in halves, the odd one at the
end (same_upper: top = floor(P / 2)) or at the beginning (same_lower: top = ceil(P / 2)); the
columns alike. Any element type. Strides and rates must be positive; sizes may be 0 (no channels);
all below 2^31 (OpenVINO computes the shape in 32 bits).

Departs from OpenVINO on a size of 0 with a rate above 1: the spec's extent is then negative
(1 - rate) and irexec counts the patches by the formula above; OpenVINO counts fewer.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fmt, span
from ..common import itemsize, require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._blocks import times

_MOST = 2**31 - 1  # (OpenVINO's shape inference computes in 32 bits)


def _count(n: int, k: int, s: int, r: int, pad: str) -> int:
    """Patches along an axis of ``n``."""
    if pad == "valid":
        return max(0, (n - (k - 1) * r - 1) // s + 1)
    return -(-n // s)


def _before(n: int, k: int, s: int, r: int, pad: str) -> int:
    """Zeros padded before an axis of ``n``."""
    if pad == "valid" or n == 0:
        return 0
    total = (-(-n // s) - 1) * s + (k - 1) * r + 1 - n
    if total <= 0:
        return 0
    return total // 2 if pad == "same_upper" else (total + 1) // 2


@register
class ExtractImagePatches(Op):
    type, version = "ExtractImagePatches", "opset3"
    builder_args = ("image=data", "sizes", "strides", "rates", "auto_pad")
    spec = "movement/extract-image-patches-3"
    inputs = (Input("data"),)
    attrs = (
        Attr("sizes", "ints"),
        Attr("strides", "ints"),
        Attr("rates", "ints"),
        Attr("auto_pad", "str", choices=("valid", "same_upper", "same_lower")),
    )

    def setup(self):
        for name, least in (("sizes", 0), ("strides", 1), ("rates", 1)):
            value = getattr(self, name)
            if len(value) != 2:
                raise ValidationError(f"ExtractImagePatches' {name} must have 2 values [rows, cols], got {list(value)}")
            if min(value) < least:
                raise ValidationError(
                    f"ExtractImagePatches' {name} must be {'positive' if least else 'non-negative'}, got {list(value)}"
                )
            if max(value) > _MOST:
                raise ValidationError(f"ExtractImagePatches' {name} must be at most {_MOST}, got {list(value)}")

    def _axis(self, d: Dim, axis: int) -> Dim:
        args = (self.sizes[axis], self.strides[axis], self.rates[axis], self.auto_pad)
        return span(_count(d.lo, *args), None if d.hi is None else _count(d.hi, *args))

    def output_facts(self, data):
        if data.shape is None:
            return Fact(data.etype, (DYN,) * 4)
        if len(data.shape) != 4:
            raise ValidationError(f"ExtractImagePatches' data must be 4-D, got shape {fmt(data.shape)}")
        n, c, h, w = data.shape
        out = (n, times(c, self.sizes[0] * self.sizes[1]), self._axis(h, 0), self._axis(w, 1))
        if all(d.is_static for d in out):
            require_array_shape([d.lo for d in out], itemsize(data))
        return Fact(data.etype, out)

    def compute(self, data):
        n, c, h, w = data.shape
        kh, kw = self.sizes
        out_rows, out_cols = (
            _count(size, self.sizes[a], self.strides[a], self.rates[a], self.auto_pad) for a, size in ((0, h), (1, w))
        )
        if not n * c * kh * kw * out_rows * out_cols:
            return np.zeros((n, kh * kw * c, out_rows, out_cols), data.dtype)
        rows = self._taps(h, 0)  # [kh, out_rows]
        cols = self._taps(w, 1)  # [kw, out_cols]
        inside = ((rows >= 0) & (rows < h))[:, :, None, None] & ((cols >= 0) & (cols < w))[None, None]
        x = data[:, :, np.clip(rows, 0, max(h - 1, 0))][..., np.clip(cols, 0, max(w - 1, 0))]
        # x: [N, C, kh, out_rows, kw, out_cols]
        x = np.where(inside, x, np.zeros((), data.dtype))
        x = x.transpose(0, 2, 4, 1, 3, 5)
        return x.reshape(n, kh * kw * c, rows.shape[1], cols.shape[1])

    def _taps(self, size: int, axis: int) -> np.ndarray:
        """The input index each patch element reads along an axis: [k, patches]."""
        k, s, r = self.sizes[axis], self.strides[axis], self.rates[axis]
        count = _count(size, k, s, r, self.auto_pad)
        start = np.arange(count) * s - _before(size, k, s, r, self.auto_pad)
        return np.arange(k)[:, None] * r + start[None, :]
