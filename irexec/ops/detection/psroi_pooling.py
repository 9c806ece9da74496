"""PSROIPooling-1: position-sensitive pooling of regions of interest. For each ROI
``[batch_id, x1, y1, x2, y2]`` of ``rois`` [R, 5] on image ``batch_id`` (truncated toward zero)
of data [N, C, H, W], an [output_dim, group_size, group_size] map: output [R, output_dim,
group_size, group_size]. Each output bin reads its own input channel.

``mode`` average (the default): C must be output_dim * group_size^2. The ROI, in data pixels, is
``round(x1) * spatial_scale`` to ``round(x2 + 1) * spatial_scale`` (C's rounding, halves away
from zero; y alike), its size at least 0.1; bin (i, j) covers rows
[floor(y_start + i * bin_h), ceil(y_start + (i + 1) * bin_h)) (bin_h = height / group_size),
columns alike, clipped to the image, and gives the mean of channel
``(c * group_size + i) * group_size + j`` there (0 for a bin wholly outside the image).

``bilinear``: the ROI's coordinates are in [0, 1] of the image (times ``spatial_scale``); C must
be output_dim * spatial_bins_x * spatial_bins_y. The ROI is cut into spatial_bins_y x
spatial_bins_x sub-boxes; sub-box (by, bx) [y0, y1] x [x0, x1] gives output point (i, j) of
channel c the value read by bilinear interpolation at y = i * (y1 - y0) * (H - 1) /
(group_size - 1) + y0 * (H - 1) (the centre (y0 + y1) / 2 * (H - 1) when group_size is 1), x
alike, in channel ``c + (by * spatial_bins_x + bx) * output_dim``; a point outside [0, H - 1] x
[0, W - 1] reads 0. The output is the mean over the sub-boxes.

The spec leaves the window edges open: they are the CPU plugin's (OpenVINO's reference kernel
differs for points in (H - 1, H), which it reads clamped, and in its window rounding of
negative halves). Batch ids out of [0, N) are refused (the spec: they must be in range; the
CPU plugin takes an id of -1 as the end of the ROIs and writes zeros from there on). OpenVINO
refuses a layer that leaves out ``mode``, ``group_size`` or (bilinear) ``spatial_bins_x`` and
``_y``; irexec takes the spec's defaults. f16 and bf16 compute in f32 and round once.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register
from ._roi_extra import F32, batch_ids, box_sums, check_batch_ids, refuse_batch_ids, rois5_rule, round_half_away


@register
class PSROIPooling(Op):
    type, version = "PSROIPooling", "opset1"
    builder_args = (
        "input=data",
        "coords=rois",
        "output_dim",
        ("group_size", REQUIRED),
        "spatial_scale",
        ("spatial_bins_x", REQUIRED),
        ("spatial_bins_y", REQUIRED),
        ("mode", REQUIRED),
    )
    spec = "detection/psroi-pooling-1"
    inputs = (Input("data", "float"), Input("rois", "float", same_as="data", value=True))
    attrs = (
        Attr("output_dim", "int"),
        Attr("group_size", "int", 1),
        Attr("spatial_scale", "float"),
        Attr("mode", "str", "average", choices=("average", "bilinear")),
        Attr("spatial_bins_x", "int", 1),
        Attr("spatial_bins_y", "int", 1),
    )

    def setup(self):
        for name in ("output_dim", "group_size") + (
            ("spatial_bins_x", "spatial_bins_y") if self.mode == "bilinear" else ()
        ):
            if getattr(self, name) <= 0:
                raise ValidationError(f"PSROIPooling {name} must be positive, got {getattr(self, name)}")
        if not self.spatial_scale > 0:
            raise ValidationError(f"PSROIPooling spatial_scale must be positive, got {self.spatial_scale}")

    def channels(self) -> int:
        per = self.group_size**2 if self.mode == "average" else self.spatial_bins_x * self.spatial_bins_y
        return self.output_dim * per

    def output_facts(self, data, rois):
        rois5_rule(self, data, rois)
        if data.shape is not None and not data.shape[1].compatible(fixed(self.channels())):
            what = "group_size^2" if self.mode == "average" else "spatial_bins_x * spatial_bins_y"
            raise ValidationError(
                f"PSROIPooling's data must have output_dim * {what} = {self.channels()} channels "
                f"in {self.mode} mode, got shape {fmt(data.shape)}",
                port=0,
            )
        check_batch_ids(self, rois, data.shape)
        num = rois.shape[0] if rois.shape is not None else DYN
        g = fixed(self.group_size)
        return Fact(data.etype, (num, fixed(self.output_dim), g, g))

    def compute(self, data, rois):
        n, _, h, w = data.shape
        refuse_batch_ids(self, rois, n)
        x = np.asarray(data, F32)
        r = np.asarray(rois, F32)
        g, od = self.group_size, self.output_dim
        if len(r) == 0 or h == 0 or w == 0:
            return np.zeros((len(r), od, g, g), data.dtype)
        b = batch_ids(r)
        out = self._average(x, r, b) if self.mode == "average" else self._bilinear(x, r, b)
        return out.astype(data.dtype, copy=False)

    def _average(self, x, r, b):
        g, od, scale = self.group_size, self.output_dim, F32(self.spatial_scale)
        h, w = x.shape[2:]
        k = np.arange(g, dtype=F32)

        def edges(lo, hi, extent):  # the [start, end) of each bin along one axis: [R, g] each
            start = round_half_away(lo) * scale
            size = np.maximum(round_half_away(hi + F32(1)) * scale - start, F32(0.1))
            step = size / F32(g)
            first = np.floor(k[None] * step[:, None] + start[:, None])
            last = np.ceil((k[None] + F32(1)) * step[:, None] + start[:, None])
            # (A NaN edge, from an infinite scale or ROI, makes an empty bin: its output is 0.)
            first, last = np.nan_to_num(first, nan=0.0), np.nan_to_num(last, nan=0.0)
            return (np.clip(first, 0, extent).astype(np.int64), np.clip(last, 0, extent).astype(np.int64))

        ys, ye = edges(r[:, 2], r[:, 4], h)
        xs, xe = edges(r[:, 1], r[:, 3], w)
        table = box_sums(x)
        chan = ((np.arange(od)[:, None, None] * g + np.arange(g)[None, :, None]) * g + np.arange(g)[None, None, :])[
            None
        ]  # [1, od, g, g]
        bb = b[:, None, None, None]
        y0, y1 = ys[:, None, :, None], ye[:, None, :, None]
        x0, x1 = xs[:, None, None, :], xe[:, None, None, :]
        total = table[bb, chan, y1, x1] - table[bb, chan, y0, x1] - table[bb, chan, y1, x0] + table[bb, chan, y0, x0]
        area = ((y1 - y0) * (x1 - x0)).astype(F32)
        return np.where(area > 0, total.astype(F32) / np.maximum(area, F32(1)), F32(0))

    def _bilinear(self, x, r, b):
        g, od, scale = self.group_size, self.output_dim, F32(self.spatial_scale)
        nby, nbx = self.spatial_bins_y, self.spatial_bins_x
        h, w = x.shape[2:]
        sx, sy, ex, ey = (r[:, i] * scale for i in range(1, 5))
        k = np.arange(g, dtype=F32)
        total = np.zeros((len(r), od, g, g), F32)
        bb = b[:, None, None, None]

        def points(start, size, bins, index, extent):  # [R, g] sample coordinates of one sub-box
            lo = start + F32(index) * (size / F32(bins))
            hi = start + F32(index + 1) * (size / F32(bins))
            if g > 1:
                step = (hi - lo) * F32(extent - 1) / F32(g - 1)
                return k[None] * step[:, None] + (lo * F32(extent - 1))[:, None]
            return (F32(0.5) * (lo + hi) * F32(extent - 1))[:, None]

        for by in range(nby):
            py = points(sy, ey - sy, nby, by, h)
            for bx in range(nbx):
                px = points(sx, ex - sx, nbx, bx, w)
                chan = (np.arange(od) + (by * nbx + bx) * od)[None, :, None, None]
                inside = ((py >= 0) & (py <= F32(h - 1)))[:, None, :, None] & ((px >= 0) & (px <= F32(w - 1)))[
                    :, None, None, :
                ]
                total += np.where(inside, _bilinear_read(x, bb, chan, py, px), F32(0))
        return total / F32(nby * nbx)


def _bilinear_read(x, bb, chan, py, px):
    """x[bb, chan] read at rows py [R, g] and columns px [R, g]: [R, C, g, g], interpolating
    between floor and ceil (clamped to the image) as the plugin does."""
    h, w = x.shape[2:]
    # (NaN points are outside, their reads discarded; they still need an index that exists.)
    cy, cx = np.clip(np.nan_to_num(py, nan=0.0), 0, h - 1), np.clip(np.nan_to_num(px, nan=0.0), 0, w - 1)
    top, left = np.floor(cy).astype(np.int64), np.floor(cx).astype(np.int64)
    bottom, right = np.minimum(np.ceil(cy), h - 1).astype(np.int64), np.minimum(np.ceil(cx), w - 1).astype(np.int64)
    fy = (cy - top.astype(F32))[:, None, :, None]
    fx = (cx - left.astype(F32))[:, None, None, :]
    t, bo = top[:, None, :, None], bottom[:, None, :, None]
    le, ri = left[:, None, None, :], right[:, None, None, :]
    upper = x[bb, chan, t, le] + (x[bb, chan, t, ri] - x[bb, chan, t, le]) * fx
    lower = x[bb, chan, bo, le] + (x[bb, chan, bo, ri] - x[bb, chan, bo, le]) * fx
    return upper + (lower - upper) * fy
