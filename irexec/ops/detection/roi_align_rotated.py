"""ROIAlignRotated-15: for each rotated ROI ``[center_x, center_y, width, height, angle]`` of
``rois`` [R, 5] on the image ``batch_indices[r]`` of data [N, C, H, W], a [C, pooled_h,
pooled_w] map: output [R, C, pooled_h, pooled_w].

The ROI is scaled by ``spatial_scale`` (centre too) and its centre shifted by -0.5:
cx = center_x * spatial_scale - 0.5, w = width * spatial_scale (y, h alike). It is cut into
pooled_h x pooled_w bins of bin_w = w / pooled_w, bin_h = h / pooled_h; each bin is sampled on
a grid of sampling_ratio x sampling_ratio points (0: ceil(bin_h) x ceil(bin_w) points, per ROI)
at the centres of its cells, in the ROI's frame: for bin (i, j) and point (k, l),

    v = -h / 2 + i * bin_h + (k + 0.5) * bin_h / points_h,  u = -w / 2 + j * bin_w + (l + 0.5) * bin_w / points_w
    y = v * cos(a) - u * sin(a) + cy,  x = v * sin(a) + u * cos(a) + cx

with a = angle (``clockwise_mode``: -angle). Each point is read by bilinear interpolation and
the bin is the average of its points. As OpenVINO's reference (which the CPU plugin runs) reads
points: one more than a pixel outside the image (y < -1, y > H, x < -1 or x > W) reads 0 and
still counts in the average; others are clamped to the image (below 0 to 0; at or past the last
row or column to it). A bin of no point (an empty ROI with adaptive sampling) gives 0. The ROI
is not widened to a pixel (ROIAlign's asymmetric mode widens it). f16/bf16 compute in f32 and
round once.

Batch indices out of [0, N) are refused. The CPU plugin crashes on bf16 data (it runs its f32
kernel on the buffers before the bf16 one); irexec computes it as above.
"""

from __future__ import annotations

import numpy as np

from ...kernels.indices import IndexOutOfRangeError
from ..op import REQUIRED, Attr
from ..registry import register
from ._roi_extra import F32
from .roi_align import PooledROIs, batch_out_of_range


@register
class ROIAlignRotated(PooledROIs):
    type, version = "ROIAlignRotated", "opset15"
    builder_args = (
        "data",
        "rois",
        "batch_indices",
        "pooled_h",
        "pooled_w",
        "sampling_ratio",
        "spatial_scale",
        ("clockwise_mode", REQUIRED),
    )
    spec = "detection/roi-align-rotated-15"
    attrs = (
        Attr("pooled_h", "int"),
        Attr("pooled_w", "int"),
        Attr("sampling_ratio", "int"),
        Attr("spatial_scale", "float"),
        Attr("clockwise_mode", "bool", False),
    )
    box = 5  # (x_center, y_center, width, height, angle)

    def compute(self, data, rois, batch_indices):
        n, c, h, w = data.shape
        bad = batch_out_of_range(batch_indices, n, self.type)
        if bad:
            raise IndexOutOfRangeError(bad, port=2)
        ph, pw = self.pooled_h, self.pooled_w
        if len(rois) == 0 or h == 0 or w == 0:
            return np.zeros((len(rois), c, ph, pw), data.dtype)
        x = np.asarray(data, F32)
        r = np.asarray(rois, F32)
        idx = np.asarray(batch_indices).astype(np.int64)
        scale = F32(self.spatial_scale)
        cx, cy = r[:, 0] * scale - F32(0.5), r[:, 1] * scale - F32(0.5)
        rw, rh = r[:, 2] * scale, r[:, 3] * scale
        angle = -r[:, 4] if self.clockwise_mode else r[:, 4]
        cos, sin = np.cos(angle).astype(F32), np.sin(angle).astype(F32)
        bin_w, bin_h = rw / F32(pw), rh / F32(ph)
        if self.sampling_ratio:
            sy = sx = np.full(len(r), self.sampling_ratio, np.int64)
        else:
            sy = np.maximum(np.ceil(bin_h), 0).astype(np.int64)
            sx = np.maximum(np.ceil(bin_w), 0).astype(np.int64)
        my, mx = max(int(sy.max()), 1), max(int(sx.max()), 1)
        # Points in the ROI's frame: v [R, ph, My] down, u [R, pw, Mx] across.
        v = _frame(-rh / F32(2), bin_h, ph, sy, my)
        u = _frame(-rw / F32(2), bin_w, pw, sx, mx)
        V = v[:, :, :, None, None]
        U = u[:, None, None, :, :]
        col = lambda a: a[:, None, None, None, None]  # noqa: E731
        py = V * col(cos) - U * col(sin) + col(cy)  # [R, ph, My, pw, Mx]
        px = V * col(sin) + U * col(cos) + col(cx)
        counted = (np.arange(my)[None, :] < sy[:, None])[:, None, :, None, None] & (
            np.arange(mx)[None, :] < sx[:, None]
        )[:, None, None, None, :]
        inside = counted & (px >= -1) & (px <= w) & (py >= -1) & (py <= h)
        # (A point outside, a NaN ROI's among them, still needs an index that exists: 0, weight 0.)
        py = np.where(inside, np.maximum(py, F32(0)), F32(0))
        px = np.where(inside, np.maximum(px, F32(0)), F32(0))
        ylo, xlo = np.floor(py).astype(np.int64), np.floor(px).astype(np.int64)
        ylast, xlast = ylo >= h - 1, xlo >= w - 1
        ylo, xlo = np.where(ylast, h - 1, ylo), np.where(xlast, w - 1, xlo)
        py, px = np.where(ylast, ylo.astype(F32), py), np.where(xlast, xlo.astype(F32), px)
        yhi, xhi = np.where(ylast, ylo, ylo + 1), np.where(xlast, xlo, xlo + 1)
        ly, lx = py - ylo.astype(F32), px - xlo.astype(F32)
        hy, hx = F32(1) - ly, F32(1) - lx
        img = x[idx].transpose(0, 2, 3, 1)  # [R, H, W, C]
        rr = np.arange(len(r))[:, None, None, None, None]
        zero = F32(0)

        def tap(yi, xi, weight):  # one of the four neighbours, weighted: [R, ph, My, pw, Mx, C]
            return img[rr, yi, xi] * np.where(inside, weight, zero)[..., None]

        value = tap(ylo, xlo, hy * hx) + tap(ylo, xhi, hy * lx) + tap(yhi, xlo, ly * hx) + tap(yhi, xhi, ly * lx)
        count = (sy * sx).astype(F32)
        total = (value / np.maximum(count, F32(1))[:, None, None, None, None, None]).sum(axis=(2, 4))
        out = total.transpose(0, 3, 1, 2)  # [R, C, ph, pw]
        return out.astype(data.dtype, copy=False)


def _frame(start, bin_size, bins: int, counts, most: int) -> np.ndarray:
    """Sample coordinates [R, bins, most] along one axis of the ROI's frame, the cell centres of
    ``counts`` points per bin (those past ``counts`` are masked out by the caller)."""
    step = bin_size / np.maximum(counts, 1).astype(F32)
    k = np.arange(most, dtype=F32)
    return (
        start[:, None, None]
        + np.arange(bins, dtype=F32)[None, :, None] * bin_size[:, None, None]
        + step[:, None, None] * (k[None, None, :] + F32(0.5))
    )
