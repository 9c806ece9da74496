"""DeformablePSROIPooling-1: position-sensitive pooling of regions of interest whose bins may be
shifted by offsets. For each ROI ``[batch_id, x1, y1, x2, y2]`` of ``rois`` [R, 5] on the image
``batch_id`` (truncated toward zero) of data [N, C, H, W], C = output_dim * group_size^2, an
[output_dim, group_size, group_size] map: output [R, output_dim, group_size, group_size].

The ROI is ``round(x1) * spatial_scale - 0.5`` to ``(round(x2) + 1) * spatial_scale - 0.5``
(C's rounding, halves away from zero; y alike), its width and height at least 0.1, cut into
group_size x group_size bins. Bin (i, j) of output channel c starts at

    x = x_start + j * bin_w + offsets[r, 2 * k, pi, pj] * trans_std * roi_w,
    y = y_start + i * bin_h + offsets[r, 2 * k + 1, pi, pj] * trans_std * roi_h

(no shift without the offsets input), where k = c / (output_dim / K) is c's class among the K
= offsets.shape[1] / 2 classes and (pi, pj) = (i * part_size / group_size, j * part_size /
group_size), integer division. The bin is cut into spatial_bins_y x spatial_bins_x sub-bins;
the top-left corner of each, x + bx * bin_w / spatial_bins_x (y alike), is read by bilinear
interpolation in channel ``(c * group_size + i) * group_size + j``: a corner outside
[-0.5, W - 0.5] x [-0.5, H - 0.5] is skipped, others are clamped to [0, W - 1] x [0, H - 1].
The bin is the mean of the corners read (0 when none is).

``offsets`` must be [R, 2 * K, part_size, part_size] with output_dim a multiple of K (OpenVINO
reads out of its buffers otherwise). Batch ids out of [0, N) are refused (the spec: they must be
in range; OpenVINO's reference skips negative ones, and the CPU plugin takes an id of -1 as the
end of the ROIs, writing zeros from there on). f16 and bf16 compute in f32 and round once.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._roi_extra import F32, batch_ids, check_batch_ids, refuse_batch_ids, rois5_rule, round_half_away

NAME = "DeformablePSROIPooling"


@register
class DeformablePSROIPooling(Op):
    type, version = NAME, "opset1"
    builder_args = (
        "feature_maps=data",
        "coords=rois",
        "output_dim",
        "spatial_scale",
        "group_size",
        "mode",
        "spatial_bins_x",
        "spatial_bins_y",
        "trans_std",
        "part_size",
        "offsets",
    )
    spec = "detection/deformable-psroi-pooling-1"
    inputs = (
        Input("data", "float"),
        Input("rois", "float", same_as="data", value=True),
        Input("offsets", "float", same_as="data", optional=True),
    )
    attrs = (
        Attr("output_dim", "int"),
        Attr("spatial_scale", "float"),
        Attr("group_size", "int", 1),
        Attr("mode", "str", "bilinear_deformable", choices=("bilinear_deformable",)),
        Attr("spatial_bins_x", "int", 1),
        Attr("spatial_bins_y", "int", 1),
        Attr("trans_std", "float", 1.0),
        Attr("part_size", "int", 1),
    )

    def setup(self):
        for name in ("output_dim", "group_size", "spatial_bins_x", "spatial_bins_y", "part_size"):
            if getattr(self, name) <= 0:
                raise ValidationError(f"{NAME} {name} must be positive, got {getattr(self, name)}")
        if not self.spatial_scale > 0:
            raise ValidationError(f"{NAME} spatial_scale must be positive, got {self.spatial_scale}")

    def output_facts(self, data, rois, offsets=None):
        rois5_rule(self, data, rois)
        g = self.group_size
        channels = self.output_dim * g * g
        if data.shape is not None and not data.shape[1].compatible(fixed(channels)):
            raise ValidationError(
                f"{NAME}'s data must have output_dim * group_size^2 = {channels} channels, got shape {fmt(data.shape)}",
                port=0,
            )
        if offsets is not None and offsets.shape is not None:
            s = offsets.shape
            part = fixed(self.part_size)
            if len(s) != 4 or not s[2].compatible(part) or not s[3].compatible(part):
                raise ValidationError(
                    f"{NAME}'s offsets must be [num_rois, 2 * classes, part_size, part_size] "
                    f"(part_size {self.part_size}), got shape {fmt(s)}",
                    port=2,
                )
            if rois.shape is not None and not s[0].compatible(rois.shape[0]):
                raise ValidationError(
                    f"{NAME}'s offsets must have one entry per ROI, got shape {fmt(s)} for rois {fmt(rois.shape)}",
                    port=2,
                )
            if s[1].is_static and (s[1].lo == 0 or s[1].lo % 2 or self.output_dim % (s[1].lo // 2)):
                raise ValidationError(
                    f"{NAME}'s offsets must have 2 * K channels, K classes dividing output_dim "
                    f"{self.output_dim}, got shape {fmt(s)}",
                    port=2,
                )
        check_batch_ids(self, rois, data.shape)
        num = rois.shape[0] if rois.shape is not None else DYN
        if num is DYN and offsets is not None and offsets.shape is not None and len(offsets.shape) == 4:
            num = offsets.shape[0]
        return Fact(data.etype, (num, fixed(self.output_dim), fixed(g), fixed(g)))

    def compute(self, data, rois, offsets=None):
        n, _, h, w = data.shape
        refuse_batch_ids(self, rois, n)
        g, od = self.group_size, self.output_dim
        r = np.asarray(rois, F32)
        if len(r) == 0 or h == 0 or w == 0:
            return np.zeros((len(r), od, g, g), data.dtype)
        x = np.asarray(data, F32)
        scale = F32(self.spatial_scale)
        x_start = round_half_away(r[:, 1]) * scale - F32(0.5)
        y_start = round_half_away(r[:, 2]) * scale - F32(0.5)
        roi_w = np.maximum((round_half_away(r[:, 3]) + F32(1)) * scale - F32(0.5) - x_start, F32(0.1))
        roi_h = np.maximum((round_half_away(r[:, 4]) + F32(1)) * scale - F32(0.5) - y_start, F32(0.1))
        bin_w, bin_h = roi_w / F32(g), roi_h / F32(g)
        k = np.arange(g, dtype=F32)
        # Bin corners [R, od, g, g]: rows vary along axis 2, columns along axis 3.
        bx = (k[None, :] * bin_w[:, None] + x_start[:, None])[:, None, None, :]
        by = (k[None, :] * bin_h[:, None] + y_start[:, None])[:, None, :, None]
        if offsets is not None:
            classes = offsets.shape[1] // 2
            cls = np.arange(od) // (od // classes)  # [od]
            part = (np.arange(g) * self.part_size) // g  # [g]
            off = np.asarray(offsets, F32).reshape(len(r), classes, 2, self.part_size, self.part_size)
            ri = np.arange(len(r))[:, None, None, None]
            ci, pi, pj = cls[None, :, None, None], part[None, None, :, None], part[None, None, None, :]
            trans = F32(self.trans_std)
            bx = bx + (off[ri, ci, 0, pi, pj] * trans) * roi_w[:, None, None, None]
            by = by + (off[ri, ci, 1, pi, pj] * trans) * roi_h[:, None, None, None]
        bx, by = np.broadcast_to(bx, (len(r), od, g, g)), np.broadcast_to(by, (len(r), od, g, g))
        sub_w, sub_h = (
            (bin_w / F32(self.spatial_bins_x))[:, None, None, None],
            (bin_h / F32(self.spatial_bins_y))[:, None, None, None],
        )
        chan = (np.arange(od)[:, None, None] * g + np.arange(g)[None, :, None]) * g + np.arange(g)[None, None, :]
        where = (batch_ids(r)[:, None, None, None], chan[None])  # each bin's image and channel
        total = np.zeros((len(r), od, g, g), F32)
        count = np.zeros((len(r), od, g, g), F32)
        for iy in range(self.spatial_bins_y):
            py = by + F32(iy) * sub_h
            for ix in range(self.spatial_bins_x):
                px = bx + F32(ix) * sub_w
                ok = (px >= -0.5) & (px <= F32(w) - F32(0.5)) & (py >= -0.5) & (py <= F32(h) - F32(0.5))
                # (Points outside, NaN ones among them, read pixel 0: their value is not used.)
                ys, xs = np.where(ok, np.clip(py, 0, h - 1), F32(0)), np.where(ok, np.clip(px, 0, w - 1), F32(0))
                total += np.where(ok, _read(x, where, ys, xs), F32(0))
                count += ok
        out = np.where(count > 0, total / np.maximum(count, F32(1)), F32(0))
        return out.astype(data.dtype, copy=False)


def _read(x, where, py, px):
    """Bilinear reads of x [N, C, H, W] at one point per bin (py, px [R, od, g, g]) in the image
    and channel ``where`` gives, weighting the four neighbours as the plugin does."""
    top, left = np.floor(py).astype(np.int64), np.floor(px).astype(np.int64)
    bottom, right = np.ceil(py).astype(np.int64), np.ceil(px).astype(np.int64)
    dy, dx = py - top.astype(F32), px - left.astype(F32)

    def at(yi, xi):
        return x[where + (yi, xi)]

    one = F32(1)
    return (
        (one - dx) * (one - dy) * at(top, left)
        + (one - dx) * dy * at(bottom, left)
        + dx * (one - dy) * at(top, right)
        + dx * dy * at(bottom, right)
    )
