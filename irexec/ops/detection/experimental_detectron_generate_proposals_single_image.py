"""ExperimentalDetectronGenerateProposalsSingleImage-6: region proposals of one image, from
anchors moved by deltas, kept by score and greedy NMS (Detectron's RPN).

Inputs: ``im_info`` [3] ``[height, width, scale]`` (the scale is not used); ``anchors``
[H * W * A, 4] ``[xmin, ymin, xmax, ymax]`` in [H, W, A] order; ``deltas`` [4A, H, W] (anchor
a's ``[dx, dy, dlog_w, dlog_h]`` at channels 4a..4a+3); ``scores`` [A, H, W].

Each anchor becomes a proposal (as OpenVINO's reference computes it, in f32, sides counting one
more; the spec names the steps, not these formulas)::

    w = x1 - x0 + 1, h = y1 - y0 + 1, cx = x0 + w / 2, cy = y0 + h / 2
    cx' = dx * w + cx, cy' = dy * h + cy
    w' = exp(min(dlog_w, log(1000 / 16))) * w, h' likewise
    box = [cx' - w'/2, cy' - h'/2, cx' + w'/2 - 1, cy' + h'/2 - 1], clipped to [0, width - 1] in x
          and [0, height - 1] in y

Proposals narrower or lower than ``min_size`` (``x1 - x0 + 1``) are removed; the others sorted
by score, highest first (ties: the earlier one; the spec leaves them undefined), and the first
``pre_nms_count`` go to greedy NMS: keep the best one left, remove those whose IoU with it is
above ``nms_threshold`` (here areas are ``(x1 - x0) * (y1 - y0)``; boxes that do not touch have
IoU 0), at most ``post_nms_count`` kept. Outputs ``rois`` [post_nms_count, 4] and ``scores``
[post_nms_count] (inputs' type), rows past the kept ones 0.

Where the CPU plugin departs from the spec: it does not remove the proposals below min_size but
keeps them with score 0 (sorted last, so they fill rows the spec leaves 0); it crashes (a
segmentation fault) with post_nms_count 0. Its box coordinates differ from irexec's by an ulp or
two (its exp and order of operations).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed, fmt, intersect, product
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._common import F32
from .generate_proposals import best_first, check_counts, decode, merge, nms_keep, rank_of


@register
class ExperimentalDetectronGenerateProposalsSingleImage(Op):
    type, version = "ExperimentalDetectronGenerateProposalsSingleImage", "opset6"
    spec = "detection/experimental-detectron-generate-proposals-single-image-6"
    inputs = (
        Input("im_info", "float"),
        Input("anchors", "float", same_as="im_info"),
        Input("deltas", "float", same_as="im_info"),
        Input("scores", "float", same_as="im_info"),
    )
    outputs = ("rois", "scores")
    attrs = (
        Attr("min_size", "float"),
        Attr("nms_threshold", "float"),
        Attr("pre_nms_count", "int"),
        Attr("post_nms_count", "int"),
    )

    def setup(self):
        check_counts(self)

    def output_facts(self, info, anchors, deltas, scores):
        i = rank_of(self, info, 1, 0)
        an = rank_of(self, anchors, 2, 1)
        d = rank_of(self, deltas, 3, 2)
        s = rank_of(self, scores, 3, 3)
        if not i[0].compatible(fixed(3)):
            raise ValidationError(f"{self.type}'s im_info must have 3 elements, got {fmt(info.shape)}", port=0)
        if not an[1].compatible(fixed(4)):
            raise ValidationError(f"{self.type}'s anchors must be [H * W * A, 4], got {fmt(anchors.shape)}", port=1)
        hh = merge(self, [(d[1], d), (s[1], s)], "the height", 3)
        ww = merge(self, [(d[2], d), (s[2], s)], "the width", 3)
        a, four_a = s[0], d[0]
        if a.is_static and not four_a.compatible(fixed(4 * a.lo)) or four_a.is_static and four_a.lo % 4:
            raise ValidationError(
                f"{self.type}'s deltas must have 4 channels per anchor, got deltas "
                f"{fmt(deltas.shape)} and scores {fmt(scores.shape)}",
                port=2,
            )
        if intersect(an[0], product((hh, ww, a))) is None:
            raise ValidationError(
                f"{self.type}'s anchors must number H * W * A, got anchors {fmt(anchors.shape)} "
                f"and scores {fmt(scores.shape)}",
                port=1,
            )
        rows = fixed(self.post_nms_count)
        return [Fact(info.etype, (rows, fixed(4))), Fact(info.etype, (rows,))]

    def compute(self, info, anchors, deltas, scores):
        dtype = np.asarray(info).dtype
        info = np.asarray(info, F32).reshape(-1)
        one = F32(1)
        boxes, sc = decode(anchors, deltas, scores, info[0], info[1], one)  # [K, 4], [K]
        m = F32(self.min_size)
        big = np.nonzero((m <= boxes[:, 2] - boxes[:, 0] + one) & (m <= boxes[:, 3] - boxes[:, 1] + one))[0]
        order = big[best_first(sc[big])][: self.pre_nms_count]
        kept = order[nms_keep(boxes[order], self.nms_threshold, F32(0), self.post_nms_count)]
        rois = np.zeros((self.post_nms_count, 4), F32)
        out = np.zeros(self.post_nms_count, F32)
        rois[: len(kept)] = boxes[kept]
        out[: len(kept)] = sc[kept]
        return rois.astype(dtype), out.astype(dtype)
