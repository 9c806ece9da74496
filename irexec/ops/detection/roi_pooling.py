"""ROIPooling-1 (OpenVINO writes it as opset2): for each ROI ``[batch_id, x1, y1, x2, y2]`` of
``rois`` [R, 5], a [C, pooled_h, pooled_w] map of the image ``batch_id`` (truncated to an
integer) of data [N, C, H, W].

``method`` max (the default): the ROI's corners are ``round(x * spatial_scale)`` (halves away
from zero), its height and width ``max(end - start + 1, 1)``; bin (i, j) is rows
[floor(i * h / pooled_h), ceil((i + 1) * h / pooled_h)) past the start (columns alike), clipped
to the image, and gives the maximum there (0 for a bin wholly outside). ``bilinear``: the
coordinates are in [0, 1] of the image: output point (i, j) reads, by bilinear interpolation,
y = y1 * (H - 1) + i * (y2 - y1) * (H - 1) / (pooled_h - 1) (the last row exactly y2 * (H - 1);
the middle (y1 + y2) / 2 * (H - 1) when pooled_h is 1), x alike; a point outside the image
gives 0. f16/bf16 compute in f32 and round once.

``pooled_h`` and ``pooled_w`` may also come as ``output_size`` (OpenVINO writes both). A batch id
out of [0, N) is refused.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import DYN, fixed, fmt
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register

F32 = np.float32


def batch_ids(rois: np.ndarray) -> np.ndarray:
    return np.asarray(rois)[:, 0].astype(F32).astype(np.int64)  # (C's truncation toward zero)


def out_of_range(rois, n: int):
    ids = batch_ids(np.asarray(rois).reshape(-1, 5)) if np.size(rois) else np.zeros(0, np.int64)
    bad = (ids < 0) | (ids >= n)
    return f"ROIPooling's batch id {int(ids[bad][0])} is out of range [0, {n})" if bad.any() else None


def round_half_away(x: np.ndarray) -> np.ndarray:
    return (np.sign(x) * np.floor(np.abs(x) + F32(0.5))).astype(np.int64)


def window_mask(start, size, bins: int, extent: int) -> np.ndarray:
    """[R, bins, extent]: which rows (or columns) each bin of each ROI pools."""
    step = size.astype(F32) / F32(bins)
    k = np.arange(bins, dtype=F32)
    lo = np.floor(k[None] * step[:, None]).astype(np.int64) + start[:, None]
    hi = np.ceil((k[None] + 1) * step[:, None]).astype(np.int64) + start[:, None]
    lo, hi = np.clip(lo, 0, extent), np.clip(hi, 0, extent)
    at = np.arange(extent)[None, None, :]
    return (at >= lo[..., None]) & (at < hi[..., None])


@register
class ROIPooling(Op):
    type, version = "ROIPooling", "opset2"
    builder_args = (
        "input=data",
        "coords=rois",
        ("output_roi=pooled_h,pooled_w", None),
        "spatial_scale",
        "method",
        "name",
        "*",
        ("output_size=pooled_h,pooled_w", None),
    )
    aliases = ("opset1",)
    spec = "detection/roi-pooling-1"
    inputs = (Input("data", "float"), Input("rois", "float", same_as="data", value=True))
    attrs = (
        Attr("pooled_h", "int", None),
        Attr("pooled_w", "int", None),
        Attr("output_size", "ints", ()),
        Attr("spatial_scale", "float"),
        Attr("method", "str", "max", choices=("max", "bilinear")),
    )

    def setup(self):
        if self.pooled_h is None or self.pooled_w is None:
            if len(self.output_size) != 2:
                missing = "pooled_h" if self.pooled_h is None else "pooled_w"
                raise ValidationError(f"required attribute '{missing}' is missing (nor is output_size given)")
            self.pooled_h, self.pooled_w = self.output_size
        for name in ("pooled_h", "pooled_w"):
            if getattr(self, name) < 0:
                raise ValidationError(f"ROIPooling {name} must be 0 or more, got {getattr(self, name)}")
        if not self.spatial_scale > 0:
            raise ValidationError(f"ROIPooling spatial_scale must be positive, got {self.spatial_scale}")

    def output_facts(self, data, rois):
        if data.shape is not None and len(data.shape) != 4:
            raise ValidationError(f"ROIPooling's data must be 4-D, got shape {fmt(data.shape)}")
        if rois.shape is not None and (len(rois.shape) != 2 or not rois.shape[1].compatible(fixed(5))):
            raise ValidationError(f"ROIPooling's rois must be [num_rois, 5], got shape {fmt(rois.shape)}", port=1)
        if rois.value is not None and data.shape is not None and data.shape[0].is_static:
            bad = out_of_range(rois.value, data.shape[0].lo)
            if bad:
                raise ValidationError(bad, port=1, code="C004")
        num = rois.shape[0] if rois.shape is not None else DYN
        channels = data.shape[1] if data.shape is not None else DYN
        return Fact(data.etype, (num, channels, fixed(self.pooled_h), fixed(self.pooled_w)))

    def compute(self, data, rois):
        n, c, h, w = data.shape
        bad = out_of_range(rois, n)
        if bad:
            raise IndexOutOfRangeError(bad, port=1)
        x = data.astype(F32) if data.dtype in HALF else data
        r = rois.astype(F32)
        img = x[batch_ids(r)] if len(r) else np.zeros((0, c, h, w), x.dtype)
        out = self._max(img, r) if self.method == "max" else self._bilinear(img, r)
        return out.astype(data.dtype, copy=False)

    def _max(self, img, r):
        ph, pw = self.pooled_h, self.pooled_w
        h, w = img.shape[2:]
        x1, y1, x2, y2 = (round_half_away(r[:, i] * F32(self.spatial_scale)) for i in range(1, 5))
        rows = window_mask(y1, np.maximum(y2 - y1 + 1, 1), ph, h)  # [R, ph, H]
        cols = window_mask(x1, np.maximum(x2 - x1 + 1, 1), pw, w)  # [R, pw, W]
        low = np.array(-np.inf, img.dtype)
        # The max over columns of each bin, then over its rows.
        by_col = np.where(cols[:, None, None], img[:, :, :, None, :], low).max(axis=-1, initial=low)  # [R,C,H,pw]
        pooled = np.where(rows[:, None, :, :, None], by_col[:, :, None], low).max(axis=3, initial=low)  # [R,C,ph,pw]
        empty = ~(rows.any(-1)[:, :, None] & cols.any(-1)[:, None, :])
        return np.where(empty[:, None], np.array(0, img.dtype), pooled)

    def _bilinear(self, img, r):
        h, w = img.shape[2:]
        ys = _points(r[:, 2], r[:, 4], self.pooled_h, h)  # [R, ph]
        xs = _points(r[:, 1], r[:, 3], self.pooled_w, w)  # [R, pw]
        inside = ((ys >= 0) & (ys <= F32(h - 1)))[:, :, None] & ((xs >= 0) & (xs <= F32(w - 1)))[:, None, :]
        ys, xs = np.clip(ys, 0, max(h - 1, 0)), np.clip(xs, 0, max(w - 1, 0))
        top, left = np.floor(ys).astype(np.int64), np.floor(xs).astype(np.int64)
        bottom, right = np.minimum(np.ceil(ys), h - 1).astype(np.int64), np.minimum(np.ceil(xs), w - 1).astype(np.int64)
        ri = np.arange(len(r))[:, None, None]

        def at(yi, xi):  # [R, C, ph, pw]
            return img[ri, :, yi[:, :, None], xi[:, None, :]].transpose(0, 3, 1, 2)

        fx = (xs - left.astype(F32))[:, None, None, :]
        fy = (ys - top.astype(F32))[:, None, :, None]
        upper = at(top, left) + (at(top, right) - at(top, left)) * fx
        lower = at(bottom, left) + (at(bottom, right) - at(bottom, left)) * fx
        return np.where(inside[:, None], upper + (lower - upper) * fy, np.array(0, img.dtype))


def _points(start, end, bins: int, extent: int) -> np.ndarray:
    """The sample coordinates [R, bins] along one axis of the bilinear method."""
    span_ = F32(extent - 1)
    if bins == 1:  # (in double, as OpenVINO computes the middle)
        return (0.5 * (start + end).astype(np.float64) * (extent - 1)).astype(F32)[:, None]
    step = (end - start) * span_ / F32(max(bins - 1, 1))
    pts = np.arange(bins, dtype=F32)[None] * step[:, None] + (start * span_)[:, None]
    if bins > 1:
        pts[:, -1] = span_ * end  # (exactly the end, as OpenVINO computes the last point)
    return pts.astype(F32, copy=False)
