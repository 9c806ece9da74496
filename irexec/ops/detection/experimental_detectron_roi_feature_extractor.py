"""ExperimentalDetectronROIFeatureExtractor-6: ROIAlign over a feature pyramid. Each ROI
``[x1, y1, x2, y2]`` of ``rois`` [R, 4] (in image pixels) is pooled from one level of the
pyramid (inputs 2.., each [1, C, H_l, W_l]) into an [C, output_size, output_size] map:

    output[i] = ROIAlign(level[j], rois[i]),  j = floor(2 + log2(sqrt(w * h) / 224))

with w = x2 - x1, h = y2 - y1. As OpenVINO's reference and the CPU plugin: log2 is taken of
sqrt(w * h) / 224 + 1e-6, j is clamped to [0, L - 1], and an ROI of no positive area is pooled
from no level (its features are 0). On level j, ROIAlign scales the ROI by 1 / pyramid_scales[j]
(``aligned``: and shifts it by -0.5), widens it to at least 1 x 1, cuts it into output_size x
output_size bins, samples each bin on a grid of sampling_ratio x sampling_ratio points (0:
ceil(bin size) per axis, per ROI) at its cells' centres, reads each point by bilinear
interpolation (a point more than a pixel outside the level reads 0; others are clamped to it)
and averages them.

The second output is the ROIs, in input order: the spec calls them "reordered according to their
mapping to the pyramid levels", but its formula keeps the features in input order, and
OpenVINO's reference and the CPU plugin return the input ROIs as they are. ``pyramid_scales``
must name a scale per level (OpenVINO reads past the list otherwise; scales past the levels are
unused). f16/bf16 compute in f32 and round once.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, intersect
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._roi_extra import F32
from .roi_align import axis_samples

NAME = "ExperimentalDetectronROIFeatureExtractor"


@register
class ExperimentalDetectronROIFeatureExtractor(Op):
    type, version = NAME, "opset6"
    spec = "detection/experimental-detectron-roi-feature-extractor-6"
    inputs = (Input("rois", "float"), Input("pyramid", "float", same_as="rois", variadic=True))
    outputs = ("features", "rois")
    attrs = (
        Attr("output_size", "int"),
        Attr("sampling_ratio", "int"),
        Attr("pyramid_scales", "ints"),
        Attr("aligned", "bool", False),
    )

    def setup(self):
        if self.output_size <= 0:
            raise ValidationError(f"{NAME} output_size must be positive, got {self.output_size}")
        if self.sampling_ratio < 0:
            raise ValidationError(f"{NAME} sampling_ratio must be 0 or more, got {self.sampling_ratio}")
        if not self.pyramid_scales or any(s <= 0 for s in self.pyramid_scales):
            raise ValidationError(f"{NAME} pyramid_scales must be positive integers, got {list(self.pyramid_scales)}")

    def output_facts(self, rois, *levels):
        if rois.shape is not None and (len(rois.shape) != 2 or not rois.shape[1].compatible(fixed(4))):
            raise ValidationError(f"{NAME}'s rois must be [number_of_ROIs, 4], got shape {fmt(rois.shape)}", port=0)
        if len(levels) > len(self.pyramid_scales):
            raise ValidationError(
                f"{NAME} has {len(levels)} pyramid levels but pyramid_scales names "
                f"{len(self.pyramid_scales)} ({list(self.pyramid_scales)})",
                port=len(levels),
            )
        channels = None
        for port, f in enumerate(levels, start=1):
            if f.shape is None:
                continue
            if len(f.shape) != 4 or not f.shape[0].compatible(fixed(1)):
                raise ValidationError(
                    f"{NAME}'s pyramid level {port - 1} must be [1, C, H, W], got shape {fmt(f.shape)}", port=port
                )
            channels = f.shape[1] if channels is None else intersect(channels, f.shape[1])
            if channels is None:
                raise ValidationError(
                    f"{NAME}'s pyramid levels must have one channel count, level {port - 1} has shape {fmt(f.shape)}",
                    port=port,
                )
        num = rois.shape[0] if rois.shape is not None else DYN
        size = fixed(self.output_size)
        return [Fact(rois.etype, (num, channels or DYN, size, size)), Fact(rois.etype, (num, fixed(4)))]

    def compute(self, rois, *levels):
        r = np.asarray(rois, F32)
        c = levels[0].shape[1]
        n, size = len(r), self.output_size
        out = np.zeros((n, c, size, size), F32)
        x0, y0, x1, y1 = r.T if n else (np.zeros(0, F32),) * 4
        area = (x1 - x0) * (y1 - y0)
        with np.errstate(all="ignore"):
            level = np.floor(np.log2(np.sqrt(area) / F32(224) + F32(1e-6)) + F32(2))
        level = np.where(area > 0, np.clip(np.nan_to_num(level, nan=0.0), 0, len(levels) - 1), len(levels))
        for j, fmap in enumerate(levels):
            pick = np.flatnonzero(level == j)
            if pick.size and fmap.shape[2] and fmap.shape[3]:
                out[pick] = self._align(np.asarray(fmap[0], F32), r[pick], F32(1) / F32(self.pyramid_scales[j]))
        dtype = rois.dtype
        return out.astype(dtype, copy=False), np.array(rois, copy=True)

    def _align(self, img, r, scale):
        """ROIAlign of the ROIs r [K, 4] on one level img [C, H, W]: [K, C, size, size]."""
        c, h, w = img.shape
        offset = F32(0.5) if self.aligned else F32(0)
        wy = _weights(r[:, 1] * scale - offset, r[:, 3] * scale - offset, self.output_size, self.sampling_ratio, h)
        wx = _weights(r[:, 0] * scale - offset, r[:, 2] * scale - offset, self.output_size, self.sampling_ratio, w)
        counts = wy[1] * wx[1]
        pooled = np.einsum("chw,kph,kqw->kcpq", img, wy[0], wx[0], dtype=F32)
        return pooled / counts[:, None, None, None]


def _weights(start, end, bins: int, ratio: int, extent: int) -> tuple:
    """Along one axis: each ROI's bilinear weights of each bin over the pixels [K, bins, extent]
    (summed over the bin's sample points), and its count of sample points per bin [K]."""
    size = np.maximum(end - start, F32(1))
    bin_size = size / F32(bins)
    counts = np.full(len(start), ratio, np.int64) if ratio else np.ceil(bin_size).astype(np.int64)
    most = max(int(counts.max(initial=1)), 1)
    if extent == 0:  # (a level with no pixel along this axis: no weight anywhere)
        return np.zeros((len(start), bins, 0), F32), np.maximum(counts, 0).astype(F32)
    low, high, w_low, w_high = axis_samples(start, size, bins, counts, most, extent)
    weights = np.zeros((len(start), bins, extent), F32)
    kk, bb, _ = np.indices(low.shape)
    np.add.at(weights, (kk, bb, low), w_low)
    np.add.at(weights, (kk, bb, high), w_high)
    return weights, counts.astype(F32)
