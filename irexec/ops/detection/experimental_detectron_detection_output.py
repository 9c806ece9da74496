"""ExperimentalDetectronDetectionOutput-6: class-wise non-maximum suppression of refined boxes.
Inputs: ``rois`` [R, 4] ``[x0, y0, x1, y1]``, ``deltas`` [R, num_classes * 4], ``scores``
[R, num_classes], ``im_info`` [1, 3] ``[image_height, image_width, scale]`` (scale unused).
Outputs, each of ``max_detections_per_image`` rows: boxes [M, 4], classes (i32) [M], scores [M].

1. Each ROI and class c >= 1 gives a refined box (class 0 is the background: it gives none):
   box_w = x1 - x0 + 1, ctr_x = x0 + 0.5 * box_w (y alike), dx = deltas[r, 4c] / deltas_weights[0],
   dy, d_log_w, d_log_h likewise from 4c + 1.. and weights 1..3, and

       x0' = ctr_x + (dx - 0.5 * exp(min(d_log_w, max_delta_log_wh))) * box_w
       x1' = ctr_x + (dx + 0.5 * exp(min(d_log_w, max_delta_log_wh))) * box_w - 1

   (y0', y1' alike with dy, d_log_h, box_h), computed as OpenVINO does: the centre dx * box_w +
   ctr_x, the size exp(...) * box_w, then centre -/+ half the size.
2. The refined box is clipped to the image: x to [0, image_width - 1], y to [0, image_height - 1].
3. Candidates of class c are the ROIs whose score[r, c] is above ``score_threshold``, in
   descending order of score (equal scores by ROI index); greedy NMS keeps each unless a kept one
   overlaps it by more than ``nms_threshold`` (IoU with the +1 pixel convention: widths
   x1 - x0 + 1), stopping at ``post_nms_count`` kept.
4. The kept detections, class by class (ascending) and by score within a class, are the output;
   when there are more than max_detections_per_image, the output is instead the
   max_detections_per_image best by score (equal scores by ROI index, then class). Rows past the
   detections (undefined in the spec) are 0, as OpenVINO writes them.

As OpenVINO: an ROI of no positive width or height gives no candidate (its scores count as 0),
and ``class_agnostic_box_regression`` changes nothing (the spec's one sentence on it names no
computation; class 0 is never output either way).

Departs from the CPU plugin and OpenVINO's reference, which do not clip to the image's far
edges (only below 0): a refined box past the image keeps its size there, and NMS sees that
size; and with no ROIs at all the plugin leaves its outputs as its buffers held them (irexec:
zeros). f16/bf16 compute in f32 and round once.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, intersect
from ...types import element_type
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register
from ._common import Floats
from ._nms import greedy_keep
from ._roi_extra import F32

NAME = "ExperimentalDetectronDetectionOutput"
I32 = element_type("i32")


@register
class ExperimentalDetectronDetectionOutput(Op):
    type, version = NAME, "opset6"
    spec = "detection/experimental-detectron-detection-output-6"
    inputs = (
        Input("rois", "float"),
        Input("deltas", "float", same_as="rois"),
        Input("scores", "float", same_as="rois"),
        Input("im_info", "float", same_as="rois"),
    )
    outputs = ("boxes", "classes", "scores")
    attrs = (
        Attr("score_threshold", "float"),
        Attr("nms_threshold", "float"),
        Attr("num_classes", "int"),
        Attr("post_nms_count", "int"),
        Attr("max_detections_per_image", "int"),
        Attr("class_agnostic_box_regression", "bool", False),
        Attr("max_delta_log_wh", "float"),
        Floats("deltas_weights", "floats", REQUIRED),
    )

    def setup(self):
        for name in ("num_classes", "post_nms_count", "max_detections_per_image"):
            if getattr(self, name) < 0:
                raise ValidationError(f"{NAME} {name} must be 0 or more, got {getattr(self, name)}")
        for name in ("score_threshold", "nms_threshold"):
            if not getattr(self, name) >= 0:
                raise ValidationError(f"{NAME} {name} must be 0 or more, got {getattr(self, name)}")
        if len(self.deltas_weights) != 4:
            raise ValidationError(f"{NAME} deltas_weights must hold 4 values, got {list(self.deltas_weights)}")

    def output_facts(self, rois, deltas, scores, im_info):
        num = DYN
        for port, what, f, last in (
            (0, "rois", rois, 4),
            (1, "deltas", deltas, 4 * self.num_classes),
            (2, "scores", scores, self.num_classes),
        ):
            if f.shape is None:
                continue
            if len(f.shape) != 2 or not f.shape[1].compatible(fixed(last)):
                shape = (
                    "[number_of_ROIs, 4]"
                    if port == 0
                    else f"[number_of_ROIs, {'4 * ' if port == 1 else ''}num_classes] = [?, {last}]"
                )
                raise ValidationError(f"{NAME}'s {what} must be {shape}, got shape {fmt(f.shape)}", port=port)
            merged = intersect(num, f.shape[0])
            if merged is None:
                raise ValidationError(
                    f"{NAME}'s rois, deltas and scores must have one ROI count, got "
                    f"{fmt(rois.shape)}, {fmt(deltas.shape)} and {fmt(scores.shape)}",
                    port=port,
                )
            num = merged
        if im_info.shape is not None and (
            len(im_info.shape) != 2
            or not im_info.shape[0].compatible(fixed(1))
            or not im_info.shape[1].compatible(fixed(3))
        ):
            raise ValidationError(f"{NAME}'s im_info must be [1, 3], got shape {fmt(im_info.shape)}", port=3)
        m = fixed(self.max_detections_per_image)
        return [Fact(rois.etype, (m, fixed(4))), Fact(I32, (m,)), Fact(rois.etype, (m,))]

    def compute(self, rois, deltas, scores, im_info):
        m, classes = self.max_detections_per_image, self.num_classes
        r = np.asarray(rois, F32).reshape(-1, 4)
        n = len(r)
        boxes, score = self._refine(
            r,
            np.asarray(deltas, F32).reshape(n, classes, 4),
            np.asarray(scores, F32).reshape(n, classes),
            np.asarray(im_info, F32),
        )
        found = []  # (score, class, roi) of the kept detections, class by class
        for c in range(1, classes):
            cand = np.flatnonzero(score[:, c] > F32(self.score_threshold))
            cand = cand[np.lexsort((cand, -score[cand, c]))]
            b = boxes[cand, c]
            area = (b[:, 2] - b[:, 0] + F32(1)) * (b[:, 3] - b[:, 1] + F32(1))
            kept = greedy_keep(
                len(cand),
                lambda i: _iou(b, area, i),  # noqa: B023 (called within this iteration)
                F32(self.nms_threshold),
                limit=self.post_nms_count,
            )
            found += [(score[cand[i], c], c, cand[i]) for i in kept]
        if len(found) > m:
            s, c, i = (np.array(v) for v in zip(*found))
            found = [found[k] for k in np.lexsort((c, i, -s))[:m]]
        out_boxes = np.zeros((m, 4), F32)
        out_classes = np.zeros(m, np.int32)
        out_scores = np.zeros(m, F32)
        if found:
            s, c, i = (np.array(v) for v in zip(*found))
            k = len(found)
            out_boxes[:k], out_classes[:k], out_scores[:k] = boxes[i, c], c, s
        dtype = rois.dtype
        return out_boxes.astype(dtype, copy=False), out_classes, out_scores.astype(dtype, copy=False)

    def _refine(self, r, d, s, im_info):
        """The refined boxes [R, classes, 4] and the scores [R, classes] (0 for ROIs of no size)."""
        x0, y0, x1, y1 = r.T
        valid = (x1 - x0 > 0) & (y1 - y0 > 0)
        one, half = F32(1), F32(0.5)
        ww, hh = (x1 - x0 + one)[:, None], (y1 - y0 + one)[:, None]
        cx, cy = x0[:, None] + half * ww, y0[:, None] + half * hh
        wt = [F32(v) for v in self.deltas_weights]
        limit = F32(self.max_delta_log_wh)
        pcx, pcy = d[..., 0] / wt[0] * ww + cx, d[..., 1] / wt[1] * hh + cy
        pw = np.exp(np.minimum(d[..., 2] / wt[2], limit)) * ww
        ph = np.exp(np.minimum(d[..., 3] / wt[3], limit)) * hh
        height, width = im_info.reshape(-1)[:2]
        xs = [pcx - half * pw, pcx + half * pw - one]
        ys = [pcy - half * ph, pcy + half * ph - one]
        xs = [np.maximum(np.minimum(v, width - one), F32(0)) for v in xs]
        ys = [np.maximum(np.minimum(v, height - one), F32(0)) for v in ys]
        boxes = np.stack([xs[0], ys[0], xs[1], ys[1]], axis=-1).astype(F32, copy=False)
        return boxes, np.where(valid[:, None], s, F32(0))


def _iou(b, area, i):
    """The overlap of box i of b [K, 4] with every box (+1 pixel convention; 0 when apart)."""
    one = F32(1)
    iw = np.minimum(b[:, 2], b[i, 2]) - np.maximum(b[:, 0], b[i, 0]) + one
    ih = np.minimum(b[:, 3], b[i, 3]) - np.maximum(b[:, 1], b[i, 1]) + one
    apart = (b[:, 0] > b[i, 2]) | (b[:, 2] < b[i, 0]) | (b[:, 1] > b[i, 3]) | (b[:, 3] < b[i, 1])
    inter = iw * ih
    return np.where(apart | (iw <= 0) | (ih <= 0), F32(0), inter / (area + area[i] - inter))
