"""The greedy selection NonMaxSuppression and NMSRotated share, and the reading of their scalar
inputs. Every (batch, class) pair is worked on at once: each step takes, for each pair, its
highest-scoring box still in play (ties: the lowest box index), then scores the boxes of that
batch against it with one vectorised IoU and removes (or, for Soft-NMS, decays) them. The loop
runs at most min(max_output_boxes_per_class, num_boxes) times, each step a whole-array operation.
"""
from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, intersect, product, span

F32 = np.float32


def scalar_value(arr, what: str, dtype=F32):
    """A scalar or 1-element input's value (thresholds in f32, as the kernels compare them)."""
    a = np.asarray(arr)
    if a.size != 1:
        raise ValidationError(f"{what} must hold one element, got shape {list(a.shape)}")
    return a.reshape(-1)[0].astype(dtype) if dtype is not None else a.reshape(-1)[0]


def max_boxes(arr) -> int:
    n = int(scalar_value(arr, "max_output_boxes_per_class", None))
    if n < 0:
        raise ValidationError(f"max_output_boxes_per_class must be 0 or more, got {n}")
    return n


def check_scalar_shape(fact, name: str, port: int, allow_1d: bool) -> None:
    """NonMaxSuppression-1..4 take scalars; -5, -9 and NMSRotated also a 1-element 1-D tensor."""
    shape = fact.shape
    if shape is None or len(shape) == 0:
        return
    if allow_1d and len(shape) == 1 and shape[0].compatible(fixed(1)):
        return
    what = "a scalar or a 1-element 1-D tensor" if allow_1d else "a scalar"
    raise ValidationError(f"{name} must be {what}, got shape {fmt(shape)}", port=port)


def box_dims(boxes, scores, coords: int) -> tuple:
    """(batches, boxes, classes) Dims from the boxes [B, N, coords] and scores [B, C, N] shapes;
    refuses shapes that cannot agree."""
    for name, f, port in (("boxes", boxes, 0), ("scores", scores, 1)):
        if f.shape is not None and len(f.shape) != 3:
            raise ValidationError(f"{name} must be 3-D, got shape {fmt(f.shape)}", port=port)
    b = boxes.shape or (DYN, DYN, DYN)
    s = scores.shape or (DYN, DYN, DYN)
    if not b[2].compatible(fixed(coords)):
        raise ValidationError(f"boxes' last dim must be {coords}, got shape {fmt(boxes.shape)}")
    batches, num = intersect(b[0], s[0]), intersect(b[1], s[2])
    if batches is None:
        raise ValidationError(f"boxes and scores must have one batch size, got {fmt(b)} and {fmt(s)}", port=1)
    if num is None:
        raise ValidationError(f"scores' last dim must be the number of boxes, got boxes {fmt(b)} and scores "
                              f"{fmt(s)}", port=1)
    return batches, num, s[1]


def selected_bound(batches, num, classes, limit) -> Dim:
    """The most boxes a selection can hold: min(num_boxes, limit) per (batch, class); ``limit``
    None when unknown."""
    per = num if limit is None else span(min(num.lo, limit), limit if num.hi is None else min(num.hi, limit))
    return product((per, batches, classes))


def greedy(scores: np.ndarray, iou_with, limit: int, iou_threshold, score_threshold,
           sigma=F32(0), cut_soft_by_iou: bool = False) -> tuple:
    """Select boxes per (batch, class). ``scores`` [B, C, N] f32; ``iou_with(pick)``: the IoU of
    each batch's boxes with box ``pick`` [B, C] of that batch, as [B, C, N] f32. Returns
    (batch, class, box, score) arrays in selection order per pair, pairs in (batch, class) order.

    A box is in play while its score is >= score_threshold (the spec's step 6); it leaves play
    when an IoU with a selected box exceeds iou_threshold (hard NMS; for Soft-NMS only when
    ``cut_soft_by_iou``, NonMaxSuppression-5's rule) or its decayed score falls below the
    threshold."""
    s = scores.astype(F32, copy=True)
    alive = s >= score_threshold
    scale = F32(-0.5) / sigma if sigma > 0 else None
    taken, picks, kept = [], [], []
    rows = np.arange(s.shape[-1])
    for _ in range(min(limit, s.shape[-1])):
        has = alive.any(axis=-1)
        if not has.any():
            break
        key = np.where(alive, s, -np.inf)
        pick = key.argmax(axis=-1)
        # Boxes in play whose scores are all -inf (score_threshold -inf): the lowest index.
        pick = np.where(key.max(axis=-1) == -np.inf, alive.argmax(axis=-1), pick)
        taken.append(has)
        picks.append(pick)
        kept.append(np.take_along_axis(s, pick[..., None], axis=-1)[..., 0])
        alive &= ~(rows == pick[..., None])
        iou = iou_with(pick)
        if scale is None or cut_soft_by_iou:
            alive &= ~(iou > iou_threshold)
        if scale is not None:
            decayed = s * np.exp(scale * iou * iou, dtype=F32)
            s = np.where(has[..., None], decayed, s)
            alive &= s >= score_threshold
    if not taken:
        empty = np.zeros(0, np.int64)
        return empty, empty, empty, np.zeros(0, F32)
    has = np.stack(taken, axis=-1)  # [B, C, K]: pairs, then the order of selection
    b, c = np.indices(has.shape[:2])
    batch = np.broadcast_to(b[..., None], has.shape)[has]
    cls = np.broadcast_to(c[..., None], has.shape)[has]
    box = np.stack(picks, axis=-1)[has]
    score = np.stack(kept, axis=-1)[has]
    return batch.astype(np.int64), cls.astype(np.int64), box.astype(np.int64), score


def ordered(batch, cls, box, score, descending: bool) -> np.ndarray:
    """The order of the rows: as selected (per batch, then class), or by score, highest first,
    ties by batch, class and box index (the CPU plugin's order; the spec names none)."""
    if not descending:
        return np.arange(batch.size)
    return np.lexsort((box, cls, batch, -score.astype(np.float64)))


def pairwise_iou(y1, x1, y2, x2, pick):
    """IoU of each box of a batch with box ``pick`` [B, C] of it: corner arrays [B, N] f32 in,
    [B, C, N] f32 out. A box of no area overlaps nothing (IoU 0)."""
    def at(a):
        return np.take_along_axis(a, pick, axis=1)[..., None]  # [B, C, 1]
    Y1, X1, Y2, X2 = (a[:, None, :] for a in (y1, x1, y2, x2))
    py1, px1, py2, px2 = at(y1), at(x1), at(y2), at(x2)
    area = (Y2 - Y1) * (X2 - X1)
    parea = (py2 - py1) * (px2 - px1)
    inter = (np.maximum(np.minimum(Y2, py2) - np.maximum(Y1, py1), F32(0))
             * np.maximum(np.minimum(X2, px2) - np.maximum(X1, px1), F32(0)))
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (area + parea - inter)
    return np.where((area <= 0) | (parea <= 0), F32(0), iou).astype(F32, copy=False)
