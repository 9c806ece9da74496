"""Inputs the NonMaxSuppression tables share: boxes that overlap in known ways, distinct scores."""

import numpy as np

from cases.rows import T

# Three clusters along x: boxes 0-2 overlap (IoU 0.82 and 0.82 with box 0), 3-4 overlap (0.82),
# 5 stands alone. Box 3 scores highest, then 0.
SIX = [[[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1], [0, 100, 1, 101]]]
SIX_SCORES = [[[0.9, 0.75, 0.6, 0.95, 0.5, 0.3]]]
# Every pair of these overlaps (all hold the point (1, 1)): with iou_threshold 0 one box a class.
CROWD = [[[0, 0, 2, 2], [0.5, 0.5, 1.5, 3], [2, 2, 0.25, 0.75], [1, 1, 3, 3]]]
# IoU of boxes 0 and 1 is exactly 0.5; box 2 is apart.
HALF = [[[0, 0, 1, 1], [0, 0, 2, 1], [5, 5, 6, 6]]]


def boxes(batches, n, seed, center=False, const=False, etype="f32"):
    """Random boxes in an 8 x 8 square, sides 1 to 4, in eighths; corner boxes with some corners
    swapped (the same boxes)."""
    rng = np.random.default_rng(seed)
    y, x = rng.integers(0, 64, (2, batches, n)) / 8
    h, w = rng.integers(8, 32, (2, batches, n)) / 8
    if center:
        return T(etype, (batches, n, 4), np.stack((x + w / 2, y + h / 2, w, h), -1), const=const)
    b = np.stack((y, x, y + h, x + w), -1)
    swap = rng.integers(0, 2, (batches, n)).astype(bool)
    b[swap] = b[swap][:, [2, 3, 0, 1]]
    return T(etype, (batches, n, 4), b, const=const)


def scores(batches, classes, n, seed, etype="f32", const=False):
    """Distinct scores in (0, 1): no ties."""
    count = batches * classes * n
    values = (np.random.default_rng(seed).permutation(count) + 1) / (count + 1)
    return T(etype, (batches, classes, n), values.reshape(batches, classes, n), const=const)


def i64(v, const=True, etype="i64"):
    return T(etype, (), v, const=const)


def f32(v, const=True, shape=()):
    return T("f32", shape, np.full(shape, v) if shape else v, const=const)


# ---- ties: what the spec leaves open, and irexec's choice -------------------------------------------


def _corners(b) -> np.ndarray:
    """Corner boxes as [y1, x1, y2, x2] with y1 <= y2 and x1 <= x2 (any diagonal pair of corners
    is the same box), in f32 as both runtimes compare them."""
    b = np.asarray(b, np.float32)
    return np.stack(
        (
            np.minimum(b[..., 0], b[..., 2]),
            np.minimum(b[..., 1], b[..., 3]),
            np.maximum(b[..., 0], b[..., 2]),
            np.maximum(b[..., 1], b[..., 3]),
        ),
        -1,
    )


def _iou(a, b) -> float:
    """IoU of two corner boxes; a box of no area overlaps nothing."""
    area_a, area_b = (a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])
    if area_a <= 0 or area_b <= 0:
        return 0.0
    inter = max(np.float32(0), min(a[2], b[2]) - max(a[0], b[0])) * max(
        np.float32(0), min(a[3], b[3]) - max(a[1], b[1])
    )
    return float(inter / (area_a + area_b - inter))


def _nms_inputs(inputs) -> tuple:
    boxes_, scores_ = _corners(inputs[0]), np.asarray(inputs[1], np.float32)
    return boxes_, scores_, int(np.asarray(inputs[2])), float(np.asarray(inputs[3])), float(np.asarray(inputs[4]))


def lowest_index_first(inputs, descending: bool) -> tuple:
    """NonMaxSuppression-5/9's outputs (corner boxes, no Soft-NMS) as irexec gives them where the
    spec leaves a choice: of boxes tied on score the lowest index is taken first; rows per batch
    and class in order of selection, or (``descending``) by score, ties by batch, class and box."""
    boxes_, scores_, most, iou_threshold, lowest = _nms_inputs(inputs)
    rows = []
    for b, c in np.ndindex(*scores_.shape[:2]):
        s, kept = scores_[b, c], []
        for n in np.argsort(-s.astype(np.float64), kind="stable").tolist():
            if len(kept) == most or s[n] < lowest:
                break
            if all(_iou(boxes_[b, n], boxes_[b, m]) <= iou_threshold for m in kept):
                kept.append(n)
        rows += [(b, c, n, float(s[n])) for n in kept]
    if descending:
        rows.sort(key=lambda r: (-r[3], r[0], r[1], r[2]))
    idx = np.array([r[:3] for r in rows], np.int64).reshape(-1, 3)
    sc = np.array([[r[0], r[1], r[3]] for r in rows], np.float32).reshape(-1, 3)
    return idx, sc, [len(rows)]


def any_tie_taken(descending: bool):
    """``allows`` for NonMaxSuppression-5/9 (corner boxes, no Soft-NMS) where scores tie: the spec
    says "take the box with highest score" and names no tie-break, nor an order for rows of equal
    score. The rows must be a run of the spec's loop for some choice among tied boxes: per batch
    and class, at each score level the boxes taken are ones tied there that no box taken before
    overlaps above iou_threshold, and a tied box left out is overlapped by one taken (or the class
    is full); rows by score, highest first (per batch and class, those in order, unless
    ``descending``), their scores the boxes' own, valid_outputs their count."""

    def allows(inputs, outputs) -> bool:
        boxes_, scores_, most, iou_threshold, lowest = _nms_inputs(inputs)
        idx, sc, valid = (np.asarray(o) for o in outputs)
        if idx.ndim != 2 or idx.shape[1:] != (3,) or sc.shape != idx.shape or valid.reshape(-1).tolist() != [len(idx)]:
            return False
        rows = [tuple(r) for r in idx.astype(np.int64).tolist()]
        if any(
            not (sc[j, 0] == b and sc[j, 1] == c and sc[j, 2] == scores_[b, c, n]) for j, (b, c, n) in enumerate(rows)
        ):
            return False
        order = [(b, c) for b, c, _ in rows] if not descending else [0] * len(rows)
        if order != sorted(order) or any(
            order[j] == order[j + 1] and sc[j, 2] < sc[j + 1, 2] for j in range(len(rows) - 1)
        ):
            return False
        for b, c in np.ndindex(*scores_.shape[:2]):
            picked = [n for bb, cc, n in rows if (bb, cc) == (b, c)]
            if len(set(picked)) != len(picked) or not _a_run(
                boxes_[b], scores_[b, c], set(picked), most, iou_threshold, lowest
            ):
                return False
        return True

    return allows


def _a_run(boxes_, s, picked: set, most: int, iou_threshold: float, lowest: float) -> bool:
    """Whether ``picked`` is what the spec's loop selects for some choice among tied scores."""

    def overlaps(n, taken) -> bool:
        return any(_iou(boxes_[n], boxes_[m]) > iou_threshold for m in taken)

    remaining = [n for n in range(s.size) if s[n] >= lowest]
    taken = []
    while remaining and len(taken) < most:
        top = max(s[n] for n in remaining)
        tied = [n for n in remaining if s[n] == top]
        here = [n for n in tied if n in picked]
        for n in here:
            if overlaps(n, taken):
                return False
            taken.append(n)
        left_free = any(n not in picked and not overlaps(n, taken) for n in tied)
        if len(taken) > most or (left_free and len(taken) < most):
            return False
        remaining = [n for n in remaining if s[n] != top and not overlaps(n, taken)]
    return set(taken) == picked
