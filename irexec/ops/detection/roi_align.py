"""ROIAlign-3 and ROIAlign-9: for each ROI ``[x1, y1, x2, y2]`` of ``rois`` [R, 4] on the image
``batch_indices[r]`` of data [N, C, H, W], a [C, pooled_h, pooled_w] map: the ROI is scaled by
``spatial_scale``, cut into pooled_h x pooled_w bins, each bin sampled on a regular grid of
``sampling_ratio`` x ``sampling_ratio`` points (0: ceil(bin height) x ceil(bin width) points, per
ROI) at the centres of its cells, each point read by bilinear interpolation, and the points
averaged (``mode`` avg) or their maximum taken (max).

As OpenVINO's reference samples: a point more than one pixel outside the image (y < -1, y > H,
x < -1 or x > W) reads 0 (and still counts in the average); others are clamped to the image
(below 0 to 0; at or past the last row or column to it). A bin of no point (an empty ROI in
the half-pixel modes) gives 0. ROIAlign-3 and -9's ``aligned_mode`` asymmetric (the default):
the ROI is x * spatial_scale, its width and height at least 1; -9's half_pixel_for_nn:
x * spatial_scale - 0.5, and half_pixel: (x + 0.5) * spatial_scale - 0.5, neither widened.
f16/bf16 compute in f32 and round once.

Batch indices out of [0, N) are refused.

Departs from the CPU plugin, whose ``max`` starts from 0: a bin whose points are all negative
gives 0 there (the spec: their maximum).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import DYN, fixed, fmt, intersect
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register

F32 = np.float32
CHUNK = 1 << 15  # elements of a working array in ROIAlign's kernel
# (added to the coordinate before scaling, added after) per aligned_mode
OFFSETS = {
    "asymmetric": (F32(0), F32(0)),
    "half_pixel_for_nn": (F32(0), F32(-0.5)),
    "half_pixel": (F32(0.5), F32(-0.5)),
}


def axis_samples(start, size, bins: int, counts, most: int, extent: int) -> tuple:
    """Along one axis, for each ROI (vectors ``start``, ``size``, sample ``counts``): the sample
    points of each bin [R, bins, most] as (low index, high index, low weight, high weight), the
    weights 0 for points more than a pixel outside [0, extent] (or past ``counts``)."""
    bin_size = size / F32(bins)
    step = bin_size / np.maximum(counts, 1).astype(F32)
    k = np.arange(most, dtype=F32)
    p = (
        start[:, None, None]
        + np.arange(bins, dtype=F32)[None, :, None] * bin_size[:, None, None]
        + step[:, None, None] * (k[None, None, :] + F32(0.5))
    )
    used = (k[None, None, :] < counts[:, None, None]) & (p >= -1) & (p <= extent)
    # (A point not used, a NaN ROI's among them, still needs an index that exists: 0, weight 0.)
    p = np.where(used, np.maximum(p, F32(0)), F32(0))
    low = np.floor(p).astype(np.int64)
    last = low >= extent - 1
    low = np.where(last, extent - 1, low)
    p = np.where(last, low.astype(F32), p)
    frac = p - low.astype(F32)
    high = np.where(last, low, low + 1)
    zero = F32(0)
    return low, high, np.where(used, F32(1) - frac, zero), np.where(used, frac, zero)


def batch_out_of_range(indices, n: int, op_type: str = "ROIAlign"):
    """The message for the first batch index outside [0, n), or None."""
    idx = np.asarray(indices).reshape(-1)
    bad = (idx < 0) | (idx >= n)
    return f"{op_type}'s batch index {int(idx[bad][0])} is out of range [0, {n})" if bad.any() else None


class PooledROIs(Op):
    """What ROIAlign and ROIAlignRotated share: data [N, C, H, W], ``box`` numbers per ROI, one
    batch index per ROI; outputs [num_rois, C, pooled_h, pooled_w]."""

    inputs = (
        Input("data", "float"),
        Input("rois", "float", same_as="data"),
        Input("batch_indices", "int", role="indices", value=True),
    )
    box = 4

    def setup(self):
        for name in ("pooled_h", "pooled_w"):
            if getattr(self, name) <= 0:
                raise ValidationError(f"{self.type} {name} must be positive, got {getattr(self, name)}")
        if self.sampling_ratio < 0:
            raise ValidationError(f"{self.type} sampling_ratio must be 0 or more, got {self.sampling_ratio}")
        if not self.spatial_scale > 0:
            raise ValidationError(f"{self.type} spatial_scale must be positive, got {self.spatial_scale}")

    def output_facts(self, data, rois, batch_indices):
        op = self.type
        for name, f, rank, port in (("data", data, 4, 0), ("rois", rois, 2, 1), ("batch_indices", batch_indices, 1, 2)):
            if f.shape is not None and len(f.shape) != rank:
                raise ValidationError(f"{op}'s {name} must be {rank}-D, got shape {fmt(f.shape)}", port=port)
        if rois.shape is not None and not rois.shape[1].compatible(fixed(self.box)):
            raise ValidationError(f"{op}'s rois must be [num_rois, {self.box}], got shape {fmt(rois.shape)}", port=1)
        num = rois.shape[0] if rois.shape is not None else None
        if batch_indices.shape is not None:
            num = batch_indices.shape[0] if num is None else intersect(num, batch_indices.shape[0])
            if num is None:
                raise ValidationError(
                    f"{op}'s batch_indices must have one entry per ROI, got shape "
                    f"{fmt(batch_indices.shape)} for rois {fmt(rois.shape)}",
                    port=2,
                )
        if batch_indices.value is not None and data.shape is not None and data.shape[0].is_static:
            bad = batch_out_of_range(batch_indices.value, data.shape[0].lo, op)
            if bad:
                raise ValidationError(bad, port=2, code="C004")
        channels = data.shape[1] if data.shape is not None else DYN
        return Fact(data.etype, (num or DYN, channels, fixed(self.pooled_h), fixed(self.pooled_w)))


class _ROIAlign(PooledROIs):
    attrs = (
        Attr("pooled_h", "int"),
        Attr("pooled_w", "int"),
        Attr("sampling_ratio", "int"),
        Attr("spatial_scale", "float"),
        Attr("mode", "str", choices=("avg", "max")),
    )
    aligned_mode = "asymmetric"

    def compute(self, data, rois, batch_indices):
        n, c, h, w = data.shape
        bad = batch_out_of_range(batch_indices, n)
        if bad:
            raise IndexOutOfRangeError(bad, port=2)
        if len(rois) == 0 or h == 0 or w == 0:  # (no pixel to sample: every bin is 0)
            return np.zeros((len(rois), c, self.pooled_h, self.pooled_w), data.dtype)
        idx = np.asarray(batch_indices).astype(np.int64)
        x = data.astype(F32) if data.dtype in HALF else data
        r = rois.astype(F32)
        before, after = OFFSETS[self.aligned_mode]
        scale = F32(self.spatial_scale)
        x1, y1, x2, y2 = ((r[:, i] + before) * scale + after for i in range(4))
        width, height = x2 - x1, y2 - y1
        if self.aligned_mode == "asymmetric":
            width, height = np.maximum(width, F32(1)), np.maximum(height, F32(1))
        ph, pw = self.pooled_h, self.pooled_w
        if self.sampling_ratio:
            sy = sx = np.full(len(r), self.sampling_ratio, np.int64)
        else:
            sy = np.ceil(height / F32(ph)).astype(np.int64)
            sx = np.ceil(width / F32(pw)).astype(np.int64)
        sy, sx = np.maximum(sy, 0), np.maximum(sx, 0)
        my, mx = int(sy.max(initial=0)), int(sx.max(initial=0))
        ylo, yhi, wyl, wyh = axis_samples(y1, height, ph, sy, max(my, 1), h)
        xlo, xhi, wxl, wxh = axis_samples(x1, width, pw, sx, max(mx, 1), w)
        # Channels last, one row of C values per pixel: each sample point's four neighbours are
        # then four row gathers, and no ROI's whole image is ever copied.
        flat = np.ascontiguousarray(x.transpose(0, 2, 3, 1)).reshape(n * h * w, c)
        base = (idx * (h * w))[:, None, None]  # [R, 1, 1]
        ylo, yhi, wyl, wyh = (a[:, :, None] for a in (ylo, yhi, wyl, wyh))  # [R, ph, 1, Sy]
        xlo, xhi, wxl, wxh = (a[:, None] for a in (xlo, xhi, wxl, wxh))  # [R, 1, pw, Sx]
        yin = np.arange(max(my, 1))[None, :] < sy[:, None]  # [R, Sy]
        xin = np.arange(max(mx, 1))[None, :] < sx[:, None]  # [R, Sx]
        out = np.empty((len(r), ph, pw, c), np.result_type(x.dtype, F32))
        # A few ROIs at a time, so that the [rois, ph, pw, C] working arrays stay in the cache.
        step = max(1, CHUNK // max(1, ph * pw * c))
        for lo in range(0, len(r), step):
            part = slice(lo, lo + step)
            self._bins(
                flat,
                w,
                out[part],
                base[part],
                ylo[part],
                yhi[part],
                wyl[part],
                wyh[part],
                xlo[part],
                xhi[part],
                wxl[part],
                wxh[part],
                yin[part],
                xin[part],
            )
        # out: [R, ph, pw, C]
        if self.mode == "avg":
            out = out / np.maximum(sy * sx, 1).astype(F32)[:, None, None, None]
        else:
            out = np.where(out == -np.inf, F32(0), out)  # (a bin of no sample point: 0)
        out = out.transpose(0, 3, 1, 2).astype(F32, copy=False)  # [R, C, ph, pw]
        return out.astype(data.dtype) if data.dtype != out.dtype else out

    def _bins(self, flat, w, out, base, ylo, yhi, wyl, wyh, xlo, xhi, wxl, wxh, yin, xin):
        """The sum (avg) or maximum (max) of the sample points of each bin of some ROIs, into
        ``out`` [R, ph, pw, C]. One sample position (a, b) of every bin at a time, in the order
        the sum goes: each point is the bilinear mix along y at its two columns, then along x;
        points past an ROI's own count add nothing."""
        first = True
        # Buffers worked in place: (v[top, left] * wt + v[bottom, left] * wb) * wl
        # + (v[top, right] * wt + v[bottom, right] * wb) * wr, step by step.
        pts, side, other = np.empty_like(out), np.empty_like(out), np.empty_like(out)
        for a in range(yin.shape[1]):
            top, bottom = base + ylo[..., a] * w, base + yhi[..., a] * w  # [R, ph, 1]
            wt, wb = wyl[..., a, None], wyh[..., a, None]  # [R, ph, 1, 1]
            for b in range(xin.shape[1]):
                left, right = xlo[..., b], xhi[..., b]  # [R, 1, pw]
                pts = self._mix(flat, top + left, bottom + left, wt, wb, pts, other)
                pts *= wxl[..., b, None]
                side = self._mix(flat, top + right, bottom + right, wt, wb, side, other)
                side *= wxh[..., b, None]
                pts += side
                counted = yin[:, a] & xin[:, b]
                if not counted.all():
                    pts = np.where(counted[:, None, None, None], pts, F32(0) if self.mode == "avg" else -np.inf)
                if first:
                    out[...] = pts
                elif self.mode == "avg":
                    out += pts
                else:
                    np.maximum(out, pts, out=out)
                first = False

    @staticmethod
    def _mix(flat, upper, lower, wu, wl, buf, tmp):
        """flat[upper] * wu + flat[lower] * wl into ``buf`` (``tmp`` a scratch of its shape)."""
        # (mode "clip": the indices are in range, and "raise" would first copy ``out``)
        np.take(flat, upper, axis=0, out=buf, mode="clip")
        buf *= wu
        np.take(flat, lower, axis=0, out=tmp, mode="clip")
        tmp *= wl
        buf += tmp
        return buf


@register
class ROIAlign3(_ROIAlign):
    type, version = "ROIAlign", "opset3"
    spec = "detection/roi-align-3"


@register
class ROIAlign9(_ROIAlign):
    type, version = "ROIAlign", "opset9"
    spec = "detection/roi-align-9"
    attrs = _ROIAlign.attrs + (
        Attr("aligned_mode", "str", "asymmetric", choices=("asymmetric", "half_pixel_for_nn", "half_pixel")),
    )
