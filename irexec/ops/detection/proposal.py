"""Proposal-1 and Proposal-4: region proposals of a Faster R-CNN RPN.

Inputs: ``class_probs`` [N, 2A, H, W] (the A anchors' background then foreground scores),
``bbox_deltas`` [N, 4A, H, W], ``image_info`` [3 or 4] = [height, width, scale] or [height,
width, scale_h, scale_w]; A = len(ratio) * len(scale). Output [N * post_nms_topn, 5] rows
``[image, x0, y0, x1, y1]``; Proposal-4 also gives their scores, [N * post_nms_topn].

As OpenVINO's CPU plugin computes it, in f32, per image:

- anchors (ratio-major): with ``framework`` "" (Caffe) ``w = round(sqrt(base_size² / ratio))``,
  ``h = round(w * ratio)``, corners ``c -+ 0.5 * (w * scale - 1)`` about ``c = 0.5 * (base_size
  - 1)``; with "tensorflow" unrounded, offsets 0, and shifted by -base_size / 2.
- each anchor at cell (h, w) moves to ``(w, h) * feat_stride`` (tensorflow: ``(h, w)``, and the
  image's height and width are read swapped, as the plugin does; its corners are first clipped to
  the image), then is decoded by its deltas (divided by ``box_coordinate_scale`` and
  ``box_size_scale``): center moved by ``d * size``, size scaled by ``exp(d)`` (sizes count the
  +1 pixel in Caffe). ``clip_before_nms`` clips to [0, image - 1] (tensorflow: [0, image]).
- a box narrower or lower than ``min_size * scale`` keeps score 0 (times its score: -0 for a
  negative one).
- sorted by score (ties: the earlier cell and anchor; the plugin's sort leaves them in no set
  order), the first ``pre_nms_topn`` go through greedy NMS (IoU above ``nms_thresh`` drops a
  box; areas count the +1 in Caffe) until ``post_nms_topn`` are kept.
- ``clip_after_nms`` clips to [0, image], ``normalize`` divides by the image's width and height.
  Unused rows are 0, the row after an image's last proposal starting with -1; unused scores 0.

The image's height and width must be positive and its scales finite and not negative (irexec
and the plugin refuse other values when they come).

Departures from the CPU plugin: it leaves Proposal-4's scores after an image's last proposal
uninitialised (irexec: 0, as OpenVINO's reference), and it crashes (a segmentation fault) when
fewer than 8 proposals go to NMS (min(pre_nms_topn, A * H * W) < 8); irexec computes those.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, intersect, product
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register
from ._common import F32, f32, floats, to_f32
from ._nms import greedy_keep


def _round(x):
    """roundf: halves away from zero."""
    return (np.sign(x) * np.floor(np.abs(x).astype(np.float64) + 0.5)).astype(F32)


def _exp(x):
    return np.exp(np.asarray(x, np.float64)).astype(F32)


class _Proposal(Op):
    builder_args = ("class_probs", "bbox_deltas", "image_shape=image_info", "attrs=**")
    inputs = (
        Input("class_probs", "float"),
        Input("bbox_deltas", "float", same_as="class_probs"),
        Input("image_info", "float", same_as="class_probs"),
    )
    attrs = (
        Attr("base_size", "int"),
        Attr("pre_nms_topn", "int"),
        Attr("post_nms_topn", "int"),
        Attr("nms_thresh", "float"),
        Attr("feat_stride", "int"),
        Attr("min_size", "int"),
        floats("ratio", REQUIRED),
        floats("scale", REQUIRED),
        Attr("clip_before_nms", "bool", True),
        Attr("clip_after_nms", "bool", False),
        Attr("normalize", "bool", False),
        Attr("box_size_scale", "float", 1.0),
        Attr("box_coordinate_scale", "float", 1.0),
        Attr("framework", "str", "", ("", "tensorflow")),
    )

    def setup(self):
        for name in ("base_size", "pre_nms_topn", "post_nms_topn", "feat_stride", "min_size"):
            if getattr(self, name) <= 0:
                raise ValidationError(f"Proposal {name} must be positive, got {getattr(self, name)}")
        if not self.ratio or not self.scale:
            raise ValidationError("Proposal needs at least one ratio and one scale")
        self.anchors = len(self.ratio) * len(self.scale)
        self.tf = self.framework == "tensorflow"

    def output_facts(self, probs, deltas, info):
        for port, (f, rank) in enumerate(((probs, 4), (deltas, 4), (info, 1))):
            if f.shape is not None and len(f.shape) != rank:
                raise ValidationError(
                    f"Proposal's {self.inputs[port].name} must have rank {rank}, got {fmt(f.shape)}", port=port
                )
        a = self.anchors
        if probs.shape is not None and not probs.shape[1].compatible(fixed(2 * a)):
            raise ValidationError(
                f"Proposal's class_probs must have 2 * {a} channels ({len(self.ratio)} ratios x "
                f"{len(self.scale)} scales), got {fmt(probs.shape)}",
                port=0,
            )
        if deltas.shape is not None and not deltas.shape[1].compatible(fixed(4 * a)):
            raise ValidationError(f"Proposal's bbox_deltas must have 4 * {a} channels, got {fmt(deltas.shape)}", port=1)
        n = DYN
        if probs.shape is not None and deltas.shape is not None:
            for axis in (0, 2, 3):
                if intersect(probs.shape[axis], deltas.shape[axis]) is None:
                    raise ValidationError(
                        f"Proposal's class_probs {fmt(probs.shape)} and bbox_deltas "
                        f"{fmt(deltas.shape)} differ in dim {axis}",
                        port=1,
                    )
            n = intersect(probs.shape[0], deltas.shape[0])
        elif probs.shape is not None or deltas.shape is not None:
            n = (probs.shape or deltas.shape)[0]
        if info.shape is not None and intersect(info.shape[0], Dim(3, 4)) is None:
            raise ValidationError(f"Proposal's image_info must have 3 or 4 elements, got {fmt(info.shape)}", port=2)
        rows = product((n, fixed(self.post_nms_topn)))
        boxes = Fact(probs.etype, (rows, fixed(5)))
        return [boxes, Fact(probs.etype, (rows,))] if self.num_outputs == 2 else boxes

    def make_anchors(self) -> np.ndarray:
        """[A, 4] anchor corners (x0, y0, x1, y1) about the origin cell."""
        off = F32(0) if self.tf else F32(1)
        base = self.base_size
        ratios = np.asarray(self.ratio, F32)[:, None]
        scales = np.asarray(self.scale, F32)[None, :]
        w = np.sqrt(F32(base * base) / ratios)
        h = w * ratios
        if not self.tf:
            w = _round(w)
            h = _round(w * ratios)
        center = F32(0.5) * (F32(base) - off)
        sw, sh = F32(0.5) * (w * scales - off), F32(0.5) * (h * scales - off)
        corners = np.stack([center - sw, center - sh, center + sw, center + sh], axis=-1).reshape(-1, 4)
        if self.tf:
            corners = corners - F32(base) * F32(0.5)
        return corners.astype(F32)

    def compute(self, probs, deltas, info):
        dtype = probs.dtype
        n, _, hh, ww = probs.shape
        a = self.anchors
        info = to_f32(info).reshape(-1)
        img_h, img_w = (info[1], info[0]) if self.tf else (info[0], info[1])
        scale_h = info[2]
        scale_w = info[3] if info.size == 4 else info[2]
        if not (
            np.isfinite(info[:2]).all() and (info[:2] > 0).all() and np.all(np.abs(info[:2]) >= np.finfo(F32).tiny)
        ):
            raise ValidationError(f"Proposal's image height and width must be positive, got {info[:2].tolist()}")
        if not (np.isfinite([scale_h, scale_w]).all() and scale_h >= 0 and scale_w >= 0):
            raise ValidationError(f"Proposal's image scales must be finite and not negative, got {info[2:].tolist()}")
        off = F32(0) if self.tf else F32(1)
        min_h, min_w = F32(self.min_size) * scale_h, F32(self.min_size) * scale_w
        anchors = self.make_anchors()  # [A, 4]
        # Per image: [H, W, A] proposals, flattened cell-major as the plugin enumerates them.
        sy, sx = np.meshgrid(np.arange(hh), np.arange(ww), indexing="ij")
        if self.tf:
            sx, sy = sy, sx
        x = (sx * self.feat_stride).astype(F32)[..., None]
        y = (sy * self.feat_stride).astype(F32)[..., None]
        x0, y0, x1, y1 = (x + anchors[:, 0], y + anchors[:, 1], x + anchors[:, 2], y + anchors[:, 3])
        if self.tf:
            x0, x1 = (np.maximum(F32(0), np.minimum(v, img_w)) for v in (x0, x1))
            y0, y1 = (np.maximum(F32(0), np.minimum(v, img_h)) for v in (y0, y1))
        bw, bh = x1 - x0 + off, y1 - y0 + off
        cx, cy = x0 + F32(0.5) * bw, y0 + F32(0.5) * bh
        d = to_f32(deltas).reshape(n, a, 4, hh, ww).transpose(0, 3, 4, 1, 2)  # [N, H, W, A, 4]
        scores = to_f32(probs)[:, a:].transpose(0, 2, 3, 1).reshape(n, -1)  # foreground, [N, H*W*A]
        rois = np.zeros((n, self.post_nms_topn, 5), F32)
        out_scores = np.zeros((n, self.post_nms_topn), F32)
        with np.errstate(over="ignore", invalid="ignore"):
            dx = d[..., 0] / f32(self.box_coordinate_scale)
            dy = d[..., 1] / f32(self.box_coordinate_scale)
            dw = d[..., 2] / f32(self.box_size_scale)
            dh = d[..., 3] / f32(self.box_size_scale)
            px, py = dx * bw + cx, dy * bh + cy
            pw, ph = _exp(dw) * bw, _exp(dh) * bh
            box = [px - F32(0.5) * pw, py - F32(0.5) * ph, px + F32(0.5) * pw, py + F32(0.5) * ph]
            if self.clip_before_nms:
                lim = (img_w - off, img_h - off) * 2
                box = [np.maximum(F32(0), np.minimum(v, m)) for v, m in zip(box, lim)]
            box = np.stack(box, axis=-1).reshape(n, -1, 4)  # [N, H*W*A, 4]
            big = (min_w <= box[..., 2] - box[..., 0] + off) & (min_h <= box[..., 3] - box[..., 1] + off)
            scores = big.astype(F32) * scores
        top = min(scores.shape[1], self.pre_nms_topn)
        for i in range(n):
            order = np.argsort(-scores[i], kind="stable")[:top]
            kept = order[self.nms(box[i, order], f32(self.nms_thresh), off)]
            k = len(kept)
            b = box[i, kept]
            if self.clip_after_nms:
                b = np.maximum(F32(0), np.minimum(b, np.array([img_w, img_h] * 2, F32)))
            if self.normalize:
                b = b / np.array([img_w, img_h] * 2, F32)
            rois[i, :k, 0] = i
            rois[i, :k, 1:] = b
            out_scores[i, :k] = scores[i, kept]
            if k < self.post_nms_topn:
                rois[i, k, 0] = -1
        rois = rois.reshape(-1, 5).astype(dtype)
        return (rois, out_scores.reshape(-1).astype(dtype)) if self.num_outputs == 2 else rois

    def nms(self, b, thr, off) -> list:
        """Greedy NMS over boxes [K, 4] (best first), at most post_nms_topn kept."""
        area = (b[:, 2] - b[:, 0] + off) * (b[:, 3] - b[:, 1] + off)

        def overlaps(i):
            x0, y0, x1, y1 = b[i]
            touch = (x0 <= b[:, 2]) & (y0 <= b[:, 3]) & (b[:, 0] <= x1) & (b[:, 1] <= y1)
            w = np.maximum(F32(0), np.minimum(x1, b[:, 2]) - np.maximum(x0, b[:, 0]) + off)
            h = np.maximum(F32(0), np.minimum(y1, b[:, 3]) - np.maximum(y0, b[:, 1]) + off)
            inter = w * h
            return np.where(touch, inter / (area[i] + area - inter), F32(0))

        return greedy_keep(len(b), overlaps, thr, self.post_nms_topn)


@register
class Proposal1(_Proposal):
    type, version = "Proposal", "opset1"
    spec = "detection/proposal-1"


@register
class Proposal4(_Proposal):
    type, version = "Proposal", "opset4"
    spec = "detection/proposal-4"
    outputs = ("rois", "scores")
