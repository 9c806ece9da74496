"""GenerateProposals-9: region proposals of each image of a batch, from anchors moved by deltas,
kept by score and greedy NMS.

Inputs: ``im_info`` [N, 3] ``[height, width, scale]`` or [N, 4] ``[height, width, scale_h,
scale_w]``; ``anchors`` [H, W, A, 4] ``[xmin, ymin, xmax, ymax]``; ``deltas`` [N, 4A, H, W] (anchor
a's ``[dx, dy, dlog_w, dlog_h]`` at channels 4a..4a+3); ``scores`` [N, A, H, W].

Per image, with ``o = 0`` when ``normalized`` (the default), else 1, each anchor (in [H, W, A]
order) becomes a proposal (as OpenVINO's reference computes it, in f32; the spec names the steps,
not these formulas)::

    w = x1 - x0 + o, h = y1 - y0 + o, cx = x0 + w / 2, cy = y0 + h / 2
    cx' = dx * w + cx, cy' = dy * h + cy
    w' = exp(min(dlog_w, log(1000 / 16))) * w, h' likewise
    box = [cx' - w'/2, cy' - h'/2, cx' + w'/2 - o, cy' + h'/2 - o], clipped to [0, width - o] in x
          and [0, height - o] in y

The proposals are sorted by score, highest first (ties: the earlier one; the spec leaves them
undefined), the first ``pre_nms_count`` taken, and those narrower or lower than ``min_size *
scale`` (``x1 - x0 + o``) removed. Greedy NMS then keeps the best one left and removes those
whose IoU with it is above the threshold (areas count ``+ o``; boxes that do not touch have IoU
0), which starts at ``nms_threshold`` and, when ``nms_eta < 1``, is multiplied by it after each
kept box while above 0.5; at most ``post_nms_count`` are kept. Outputs: the kept boxes of every
image, image after image, ``rois`` [M, 4] and ``scores`` [M] (inputs' type), and ``rois_num``
[N] (``roi_num_type``, i64 by default). M depends on the values: without them the rule gives a
range up to N * min(post_nms_count, pre_nms_count, A * H * W), and the run sizes it. The CPU
plugin's box coordinates differ from irexec's by an ulp or two (its exp and order of operations).

Where OpenVINO departs from the spec: it refuses the layer when ``nms_eta`` is not 1 (its
reference has no adaptive threshold) or pre_nms_count or post_nms_count is 0, and its CPU
plugin cannot compile the layer when every input is a constant.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, intersect, product, span
from ...types import element_type
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._common import F32

MAX_LOG = F32(np.log(1000.0 / 16.0))


def check_counts(op) -> None:
    """The spec's attributes are non-negative."""
    for name in ("min_size", "nms_threshold", "pre_nms_count", "post_nms_count"):
        if getattr(op, name) < 0:
            raise ValidationError(f"{op.type} {name} must not be negative, got {getattr(op, name)}")


def rank_of(op, f, rank: int, port: int) -> tuple:
    if f.shape is None:
        return (DYN,) * rank
    if len(f.shape) != rank:
        raise ValidationError(f"{op.type}'s {op.inputs[port].name} must be {rank}-D, got {fmt(f.shape)}", port=port)
    return f.shape


def merge(op, dims: list, what: str, port: int) -> Dim:
    """The one size ``dims`` [(dim, shape)] must share, or a refusal naming ``what``."""
    out = DYN
    for d, _ in dims:
        out = intersect(out, d)
        if out is None:
            shapes = " and ".join(fmt(s) for _, s in dims)
            raise ValidationError(f"{op.type}'s inputs disagree on {what}: {shapes}", port=port)
    return out


def decode(anchors, deltas, scores, img_h, img_w, o) -> tuple:
    """Proposals [..., K, 4] and scores [..., K] (K = H * W * A, in that order) from anchors
    [H, W, A, 4], deltas [..., 4A, H, W] and scores [..., A, H, W]; img_h / img_w broadcast over
    the leading dims (shape [...])."""
    lead = deltas.shape[:-3]
    a = scores.shape[-3]
    d = np.moveaxis(np.asarray(deltas, F32).reshape(lead + (a, 4) + deltas.shape[-2:]), (-4, -3), (-2, -1))
    d = d.reshape(lead + (-1, 4))  # [..., H*W*A, 4]
    s = np.moveaxis(np.asarray(scores, F32), -3, -1).reshape(lead + (-1,))
    an = np.asarray(anchors, F32).reshape(-1, 4)
    x0, y0, x1, y1 = (an[:, i] for i in range(4))
    half = F32(0.5)
    w, h = x1 - x0 + o, y1 - y0 + o
    cx, cy = x0 + half * w, y0 + half * h
    with np.errstate(over="ignore", invalid="ignore"):
        px, py = d[..., 0] * w + cx, d[..., 1] * h + cy
        pw = np.exp(np.minimum(d[..., 2], MAX_LOG), dtype=F32) * w
        ph = np.exp(np.minimum(d[..., 3], MAX_LOG), dtype=F32) * h
        mw, mh = (np.asarray(img_w, F32) - o)[..., None], (np.asarray(img_h, F32) - o)[..., None]
        box = [
            np.maximum(F32(0), np.minimum(v, m))
            for v, m in ((px - half * pw, mw), (py - half * ph, mh), (px + half * pw - o, mw), (py + half * ph - o, mh))
        ]
    return np.stack(box, axis=-1).astype(F32), s


def nms_keep(boxes, thr, o, limit: int, eta=F32(1)) -> np.ndarray:
    """Greedy NMS over boxes [K, 4], best first: the positions kept (at most ``limit``). A box
    dies when its IoU with a kept one is above the threshold and the two touch; ``eta`` < 1
    shrinks the threshold after each kept box while it is above 0.5."""
    kept = []
    alive = np.ones(len(boxes), bool)
    x0, y0, x1, y1 = (boxes[:, i] for i in range(4))
    area = (x1 - x0 + o) * (y1 - y0 + o)
    thr = F32(thr)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        while len(kept) < limit and alive.any():
            i = int(np.argmax(alive))
            kept.append(i)
            alive[i] = False
            if eta < 1 and thr > F32(0.5):
                thr = F32(thr * eta)
            w = np.maximum(F32(0), np.minimum(x1[i], x1) - np.maximum(x0[i], x0) + o)
            h = np.maximum(F32(0), np.minimum(y1[i], y1) - np.maximum(y0[i], y0) + o)
            inter = w * h
            iou = inter / (area[i] + area - inter)
            touch = (x0[i] <= x1) & (y0[i] <= y1) & (x0 <= x1[i]) & (y0 <= y1[i])
            alive &= ~((iou > thr) & touch)
    return np.asarray(kept, np.int64)


def best_first(scores) -> np.ndarray:
    """Positions by score, highest first; ties: the earlier position."""
    return np.argsort(-np.asarray(scores, np.float64), kind="stable")


@register
class GenerateProposals(Op):
    type, version = "GenerateProposals", "opset9"
    spec = "detection/generate-proposals-9"
    inputs = (
        Input("im_info", "float", value=True),
        Input("anchors", "float", same_as="im_info", value=True),
        Input("deltas", "float", same_as="im_info", value=True),
        Input("scores", "float", same_as="im_info", value=True),
    )
    outputs = ("rois", "scores", "rois_num")
    attrs = (
        Attr("min_size", "float"),
        Attr("nms_threshold", "float"),
        Attr("pre_nms_count", "int"),
        Attr("post_nms_count", "int"),
        Attr("normalized", "bool", True),
        Attr("nms_eta", "float", 1.0),
        Attr("roi_num_type", "etype", element_type("i64")),
    )

    def setup(self):
        check_counts(self)
        if self.roi_num_type.name not in ("i32", "i64"):
            raise ValidationError(f"GenerateProposals roi_num_type must be i32 or i64, got {self.roi_num_type}")

    def output_facts(self, info, anchors, deltas, scores):
        i = rank_of(self, info, 2, 0)
        an = rank_of(self, anchors, 4, 1)
        d = rank_of(self, deltas, 4, 2)
        s = rank_of(self, scores, 4, 3)
        if intersect(i[1], Dim(3, 4)) is None:
            raise ValidationError(f"GenerateProposals' im_info must be [N, 3] or [N, 4], got {fmt(info.shape)}", port=0)
        if not an[3].compatible(fixed(4)):
            raise ValidationError(f"GenerateProposals' anchors must be [H, W, A, 4], got {fmt(anchors.shape)}", port=1)
        n = merge(self, [(i[0], i), (d[0], d), (s[0], s)], "the batch size", 2)
        hh = merge(self, [(an[0], an), (d[2], d), (s[2], s)], "the height", 2)
        ww = merge(self, [(an[1], an), (d[3], d), (s[3], s)], "the width", 2)
        a = merge(self, [(an[2], an), (s[1], s)], "the number of anchors", 3)
        four_a = d[1]
        if a.is_static and not four_a.compatible(fixed(4 * a.lo)) or four_a.is_static and four_a.lo % 4:
            raise ValidationError(
                f"GenerateProposals' deltas must have 4 channels per anchor, got deltas "
                f"{fmt(deltas.shape)} and scores {fmt(scores.shape)}",
                port=2,
            )
        if all(f.value is not None for f in (info, anchors, deltas, scores)):
            count = fixed(self.compute(info.value, anchors.value, deltas.value, scores.value)[0].shape[0])
        else:
            per = product((hh, ww, a)).hi
            per = min(self.post_nms_count, self.pre_nms_count, per if per is not None else self.post_nms_count)
            count = span(0, None if n.hi is None else n.hi * per)
        return [Fact(info.etype, (count, fixed(4))), Fact(info.etype, (count,)), Fact(self.roi_num_type, (n,))]

    def compute(self, info, anchors, deltas, scores):
        dtype = np.asarray(info).dtype
        info = np.asarray(info, F32)
        n = info.shape[0]
        o = F32(0) if self.normalized else F32(1)
        boxes, sc = decode(anchors, deltas, scores, info[:, 0], info[:, 1], o)  # [N, K, 4], [N, K]
        scale_h = info[:, 2]
        scale_w = info[:, 3] if info.shape[1] == 4 else info[:, 2]
        min_h, min_w = F32(self.min_size) * scale_h, F32(self.min_size) * scale_w
        rois, out_scores, counts = [], [], []
        for i in range(n):  # images: each its own sort and greedy NMS
            order = best_first(sc[i])[: self.pre_nms_count]
            b = boxes[i, order]
            big = (min_w[i] <= b[:, 2] - b[:, 0] + o) & (min_h[i] <= b[:, 3] - b[:, 1] + o)
            order, b = order[big], b[big]
            kept = order[nms_keep(b, self.nms_threshold, o, self.post_nms_count, F32(self.nms_eta))]
            rois.append(boxes[i, kept])
            out_scores.append(sc[i, kept])
            counts.append(len(kept))
        rois = np.concatenate(rois).reshape(-1, 4) if n else np.zeros((0, 4), F32)
        out_scores = np.concatenate(out_scores) if n else np.zeros(0, F32)
        return (
            rois.astype(dtype),
            out_scores.astype(dtype),
            np.asarray(counts, np.int64).astype(self.roi_num_type.dtype),
        )
