"""What MulticlassNms and MatrixNms share: their attributes, the shape rule of their three outputs
(a data-dependent count of rows), the IoU of [xmin, ymin, xmax, ymax] boxes, the pick of each
class's candidates, and the order of the selected rows.

Both work on groups: one group per (image, class), holding that class's candidate boxes of that
image, padded to a common count (a mask says which entries are real). Every step works on all
groups at once."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, intersect, span
from ...types import element_type
from ..op import Attr, Fact

F32 = np.float32
I64 = element_type("i64")

SORTS = ("none", "classid", "score", "class")


def common_attrs() -> tuple:
    return (
        Attr("sort_result_type", "str", "none", SORTS),
        Attr("sort_result_across_batch", "bool", False),
        Attr("output_type", "etype", I64),
        Attr("score_threshold", "float", 0.0),
        Attr("nms_top_k", "int", -1),
        Attr("keep_top_k", "int", -1),
        Attr("background_class", "int", -1),
        Attr("normalized", "bool", True),
    )


def check_attrs(op) -> None:
    if op.output_type.name not in ("i32", "i64"):
        raise ValidationError(f"{op.type} output_type must be i32 or i64, got {op.output_type}")
    if op.sort_result_type == "class":  # the spec's word for what the IR writes as "classid"
        op.sort_result_type = "classid"
    for name in ("nms_top_k", "keep_top_k"):
        if getattr(op, name) < -1:
            raise ValidationError(f"{op.type} {name} must be -1 (no limit) or more, got {getattr(op, name)}")


def _rank(f, rank: int, name: str, port: int, op) -> tuple:
    if f.shape is None:
        return (DYN,) * rank
    if len(f.shape) != rank:
        raise ValidationError(f"{op.type}'s {name} must be {rank}-D, got shape {fmt(f.shape)}", port=port)
    return f.shape


def output_facts(op, boxes, scores, rois=None, count=None) -> list:
    """[M, 6], [M, 1] and [images]: M the number selected (``count`` when known, else a range up
    to images * min(keep_top_k, classes * min(nms_top_k, boxes)))."""
    b = _rank(boxes, 3, "boxes", 0, op)
    if rois is None:
        s = _rank(scores, 3, "scores", 1, op)
        images, classes, num = intersect(b[0], s[0]), s[1], intersect(b[1], s[2])
        if images is None:
            raise ValidationError(
                f"{op.type}'s boxes and scores must have one batch size, got {fmt(b)} and {fmt(s)}", port=1
            )
        if num is None:
            raise ValidationError(
                f"{op.type}'s scores' last dim must be the number of boxes, got boxes {fmt(b)} and scores {fmt(s)}",
                port=1,
            )
    else:
        s = _rank(scores, 2, "scores", 1, op)
        r = _rank(rois, 1, "roisnum", 2, op)
        classes, num, images = intersect(b[0], s[0]), intersect(b[1], s[1]), r[0]
        if classes is None:
            raise ValidationError(
                f"{op.type}'s boxes [classes, boxes, 4] and scores [classes, boxes] must have "
                f"one number of classes, got {fmt(b)} and {fmt(s)}",
                port=1,
            )
        if num is None:
            raise ValidationError(
                f"{op.type}'s scores' last dim must be the number of boxes, got boxes {fmt(b)} and scores {fmt(s)}",
                port=1,
            )
    if not b[2].compatible(fixed(4)):
        raise ValidationError(f"{op.type}'s boxes' last dim must be 4, got shape {fmt(b)}", port=0)
    if count is None:
        per = None if num.hi is None else num.hi if op.nms_top_k < 0 else min(num.hi, op.nms_top_k)
        per = None if per is None or classes.hi is None else per * classes.hi
        if op.keep_top_k >= 0:
            per = op.keep_top_k if per is None else min(per, op.keep_top_k)
        hi = None if per is None or images.hi is None else per * images.hi
        if rois is not None and hi is not None and num.hi is not None and classes.hi is not None:
            hi = min(hi, num.hi * classes.hi)  # each box of each class belongs to one image
        count = span(0, hi)
    else:
        count = fixed(count)
    it = op.output_type
    return [Fact(boxes.etype, (count, fixed(6))), Fact(it, (count, fixed(1))), Fact(it, (images,))]


def iou(a: np.ndarray, b: np.ndarray, normalized: bool) -> np.ndarray:
    """IoU of boxes [..., 4] ([xmin, ymin, xmax, ymax], broadcast), in f32. Not normalized, a
    box's sides count one pixel more (w = xmax - xmin + 1). A box of no area overlaps nothing."""
    one = F32(0) if normalized else F32(1)
    ax1, ay1, ax2, ay2 = (a[..., i] for i in range(4))
    bx1, by1, bx2, by2 = (b[..., i] for i in range(4))
    area_a = (ax2 - ax1 + one) * (ay2 - ay1 + one)
    area_b = (bx2 - bx1 + one) * (by2 - by1 + one)
    w = np.maximum(np.minimum(ax2, bx2) - np.maximum(ax1, bx1) + one, F32(0))
    h = np.maximum(np.minimum(ay2, by2) - np.maximum(ay1, by1) + one, F32(0))
    inter = w * h
    with np.errstate(divide="ignore", invalid="ignore"):
        out = inter / (area_a + area_b - inter)
    bad = (ax2 < ax1) | (ay2 < ay1) | (bx2 < bx1) | (by2 < by1) | (area_a <= 0) | (area_b <= 0)
    return np.where(bad, F32(0), out).astype(F32, copy=False)


def groups(boxes, scores, rois, background: int) -> tuple:
    """The (image, class) groups: boxes [G, M, 4] f32, scores [G, M] f32, mask [G, M] (real
    entries), the image and class of each group, and each entry's index in the flattened boxes
    [G, M] (shared boxes: image * num_boxes + box; per-class boxes [C, N, 4]: class * N + box)."""
    boxes = np.asarray(boxes, F32)
    scores = np.asarray(scores, F32)
    if rois is None:
        nb, nc, n = scores.shape
        img, cls = (a.reshape(-1) for a in np.indices((nb, nc)))
        gb = np.broadcast_to(boxes[:, None], (nb, nc, n, 4)).reshape(nb * nc, n, 4)
        gs = scores.reshape(nb * nc, n)
        mask = np.ones(gs.shape, bool)
        flat = img[:, None] * n + np.arange(n)
    else:
        nc, n = scores.shape
        counts = np.asarray(rois).astype(np.int64).reshape(-1)
        if (counts < 0).any() or counts.sum() > n:
            raise ValidationError(
                f"roisnum must hold counts of 0 or more summing to at most the {n} boxes, got {counts.tolist()}"
            )
        nb = counts.size
        start = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
        m = int(counts.max()) if nb else 0
        local = np.arange(m)
        mask1 = local < counts[:, None]  # [B, m]
        pos = np.where(mask1, start[:, None] + local, 0)  # [B, m] box index
        img, cls = (a.reshape(-1) for a in np.indices((nb, nc)))
        gb = boxes[cls[:, None], pos[img]] if n else np.zeros((nb * nc, m, 4), F32)
        gs = scores[cls[:, None], pos[img]] if n else np.zeros((nb * nc, m), F32)
        mask = mask1[img]
        flat = cls[:, None] * n + pos[img]
    if 0 <= background:
        mask = mask & (cls != background)[:, None]
    m = gs.shape[-1]
    return gb.reshape(len(img), m, 4), gs.reshape(len(img), m), mask, img, cls, flat, nb


def candidates(scores, mask, keep, top_k: int) -> tuple:
    """Each group's candidates, best first (ties: the lower index): ``keep`` [G, M] says which
    pass the score threshold. Returns (order [G, K], valid [G, K]) with at most ``top_k`` (-1:
    all) valid per group."""
    ok = mask & keep
    key = np.where(ok, scores, -np.inf)
    order = (
        np.lexsort((np.broadcast_to(np.arange(scores.shape[1]), scores.shape), -key.astype(np.float64)), axis=-1)
        if scores.size
        else np.zeros(scores.shape, np.int64)
    )
    k = scores.shape[1] if top_k < 0 else min(top_k, scores.shape[1])
    order = order[:, :k]
    valid = np.take_along_axis(ok, order, axis=1)
    return order, valid


def arrange(op, img, cls, flat, score, box, nb: int) -> tuple:
    """The selected rows in output order, as the three outputs. Within an image the best
    ``keep_top_k`` by score are kept (ties: the lower class, then index); then the rows go per
    image (``sort_result_across_batch`` false) by score or class (then score, index), or across
    images by score (ties: image, class, index) or class (then image, score, index); "none"
    keeps images in order, each by score."""
    first = np.lexsort((flat, cls, -score.astype(np.float64), img))
    img, cls, flat, score, box = img[first], cls[first], flat[first], score[first], box[first]
    rank = np.arange(img.size) - np.searchsorted(img, img, side="left")
    if op.keep_top_k >= 0:
        kept = rank < op.keep_top_k
        img, cls, flat, score, box = img[kept], cls[kept], flat[kept], score[kept], box[kept]
    per = np.bincount(img, minlength=nb)[:nb]
    neg = -score.astype(np.float64)
    sort = op.sort_result_type
    if op.sort_result_across_batch and sort == "score":
        order = np.lexsort((flat, cls, img, neg))
    elif op.sort_result_across_batch and sort == "classid":
        order = np.lexsort((flat, neg, img, cls))
    elif sort == "classid":
        order = np.lexsort((flat, neg, cls, img))
    else:
        order = np.arange(img.size)
    rows = np.concatenate(
        [cls[order].astype(F32)[:, None], score[order].astype(F32)[:, None], box[order].astype(F32).reshape(-1, 4)],
        axis=1,
    )
    it = op.output_type.dtype
    return rows.reshape(-1, 6), flat[order].astype(it).reshape(-1, 1), per.astype(it)
