"""The greedy selection NonMaxSuppression and NMSRotated share (and its hard-NMS scan, which
MulticlassNms shares too), and the reading of their scalar inputs. Every (batch, class) pair is
worked on at once.

Hard NMS (scores never change) is a scan down each pair's candidates sorted by score (ties: the
lowest box index): a candidate is selected unless a box selected before it overlaps it by more
than iou_threshold. The candidates come in blocks, each with one IoU matrix against the boxes
already selected and one among its own survivors; the block's selection is then a fixed point
reached in a few matrix products (see ``scan``), so no Python loop runs per candidate.

Soft-NMS decays the scores as it goes, so the order is only known step by step: each step takes,
for each pair, its highest-scoring box still in play (ties: the lowest box index), then scores
the boxes of that batch against it with one vectorised IoU and decays (or removes) them. The
loop runs at most min(max_output_boxes_per_class, num_boxes) times.
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
        raise ValidationError(
            f"scores' last dim must be the number of boxes, got boxes {fmt(b)} and scores {fmt(s)}", port=1
        )
    return batches, num, s[1]


def selected_bound(batches, num, classes, limit) -> Dim:
    """The most boxes a selection can hold: min(num_boxes, limit) per (batch, class); ``limit``
    None when unknown."""
    per = num if limit is None else span(min(num.lo, limit), limit if num.hi is None else min(num.hi, limit))
    return product((per, batches, classes))


def greedy(
    scores: np.ndarray,
    iou_with,
    limit: int,
    iou_threshold,
    score_threshold,
    sigma=F32(0),
    cut_soft_by_iou: bool = False,
    iou_block=None,
) -> tuple:
    """Select boxes per (batch, class). ``scores`` [B, C, N] f32; ``iou_with(pick)``: the IoU of
    each batch's boxes with box ``pick`` [B, C] of that batch, as [B, C, N] f32; ``iou_block``
    (for hard NMS): ``iou_block(batch, picks, boxes)``, the IoU [R, P, Q] of boxes ``picks``
    [R, P] with boxes ``boxes`` [R, Q] of batch ``batch`` [R], elementwise the same values as
    ``iou_with``'s. Returns (batch, class, box, score) arrays in selection order per pair, pairs
    in (batch, class) order.

    A box is in play while its score is >= score_threshold (the spec's step 6); it leaves play
    when an IoU with a selected box exceeds iou_threshold (hard NMS; for Soft-NMS only when
    ``cut_soft_by_iou``, NonMaxSuppression-5's rule) or its decayed score falls below the
    threshold."""
    if not sigma > 0 and iou_block is not None:
        return _hard(scores, iou_block, limit, iou_threshold, score_threshold)
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


# Candidates per IoU matrix: the first block is small (a low max_output_boxes_per_class is often
# met within it), the next ones double up to a size whose [groups, K, K] matrix stays a few MB.
FIRST_BLOCK, LAST_BLOCK = 64, 512
BUDGET = 1 << 21  # elements of an IoU matrix worked at once: many groups make the blocks smaller
SETTLE_ROUNDS = 12  # rounds of the fixed point before a block falls back to one step a selection


def _hard(scores, iou_block, limit: int, iou_threshold, score_threshold) -> tuple:
    """Hard NMS as a scan down each pair's sorted candidates (see the module's docstring)."""
    nb, nc, n = scores.shape
    s = scores.astype(F32, copy=False).reshape(nb * nc, n)
    alive = s >= score_threshold
    empty = np.zeros(0, np.int64)
    if min(limit, n) == 0 or not alive.any():
        return empty, empty, empty, np.zeros(0, F32)
    with np.errstate(invalid="ignore"):
        order = np.argsort(np.where(alive, -s, np.inf), axis=1, kind="stable")
    valid = np.take_along_axis(alive, order, axis=1)
    if (valid[:, 1:] & ~valid[:, :-1]).any():
        # Boxes in play scored -inf (score_threshold -inf) tie with those out of play: put the
        # ones in play first, each side keeping its order.
        order = np.take_along_axis(order, np.argsort(~valid, axis=1, kind="stable"), axis=1)
        valid = np.take_along_axis(alive, order, axis=1)
    pair_batch = np.arange(nb * nc) // max(nc, 1)

    def iou_at(rows, p, q):
        at = rows[:, None]
        return iou_block(pair_batch[rows], order[at, p], order[at, q])

    pair, pos = scan(valid, iou_at, limit, iou_threshold)
    box = order[pair, pos]
    return (pair // max(nc, 1)).astype(np.int64), (pair % max(nc, 1)).astype(np.int64), box, s[pair, box]


def scan(valid, iou_at, limit: int, iou_threshold, eta=None) -> tuple:
    """Greedy hard NMS down each group's candidates, best first: ``valid`` [G, K] says which
    positions hold one; ``iou_at(rows, p, q)``: the IoU [R, P, Q] of the candidates at positions
    ``p`` [R, P] and ``q`` [R, Q] of groups ``rows`` [R]. A candidate is selected unless one
    selected before it overlaps it by more than the threshold; at most ``limit`` a group. With
    ``eta`` < 1 (MulticlassNms' nms_eta) the threshold, while above 0.5, is multiplied by eta at
    each selection, before that box suppresses. Returns (group, position) of the selected, per
    group in order.

    The candidates come in blocks. A block's candidates overlapped by an earlier selection go
    first (one IoU matrix against those), the rest get one IoU matrix among themselves, and the
    block's selection is the fixed point of "live and overlapped by no selected candidate
    before it" (unique: each position depends only on those before it), reached in a few
    rounds of one matrix product each; a block that does not settle (long chains of
    suppression), and every block of a shrinking threshold, goes one step a selection instead,
    each step selecting, in every group, its first candidate still live. Of a block's matrix
    among its own candidates (``p`` and ``q`` then equal) only the pairs of p before q are read."""
    ng, k = valid.shape
    cap = min(limit, k)
    thr = np.full(ng, iou_threshold)
    kept = np.zeros((ng, cap), np.int64)  # positions selected, per group in order
    kept_thr = np.zeros((ng, cap), thr.dtype)  # the threshold each suppressed with
    nkept = np.zeros(ng, np.int64)
    shrinking = eta is not None and eta < 1
    start, size = 0, FIRST_BLOCK
    while start < k and cap:
        rows = np.flatnonzero((nkept < cap) & valid[:, start:].any(axis=1))
        if rows.size == 0:
            break
        stop = min(k, start + min(size, max(16, int((BUDGET // rows.size) ** 0.5))))
        live = valid[rows, start:stop].copy()
        have, th = nkept[rows], thr[rows]
        if have.max():
            # Against the earlier selections, as many groups at a time as the budget allows.
            block = np.broadcast_to(np.arange(start, stop), live.shape)
            step = max(1, BUDGET // (int(have.max()) * live.shape[1]))
            for lo in range(0, rows.size, step):
                part = slice(lo, lo + step)
                h = int(have[part].max())
                if h:
                    over = iou_at(rows[part], kept[rows[part], :h], block[part]) > kept_thr[rows[part], :h, None]
                    over &= (np.arange(h) < have[part, None])[..., None]  # [r, H, B]
                    live[part] &= ~over.any(axis=1)
        start, size = stop, min(2 * size, LAST_BLOCK)
        m = int(live.sum(axis=1).max())
        if m == 0:
            continue
        # The survivors first (in order), the block cut to the most any group has.
        sub = np.argsort(~live, axis=1, kind="stable")[:, :m]
        pos = stop - live.shape[1] + sub  # [R, M]
        live = np.take_along_axis(live, sub, axis=1)
        iou = iou_at(rows, pos, pos)  # [R, M, M]
        take = None if shrinking else _settle(live, iou > th[:, None, None])
        if take is None:
            _steps(live, iou, pos, rows, cap, eta if shrinking else None, have, th, kept, kept_thr)
        else:
            # (as many as the limit leaves room for: the greedy's first selections)
            rank = np.cumsum(take, axis=1) - 1
            take &= rank < (cap - have)[:, None]
            r, c = np.nonzero(take)
            kept[rows[r], have[r] + rank[r, c]] = pos[r, c]
            kept_thr[rows[r], have[r] + rank[r, c]] = th[r]
            have = have + take.sum(axis=1)
        nkept[rows], thr[rows] = have, th
    sel = np.arange(cap) < nkept[:, None]
    return np.nonzero(sel)[0], kept[sel]


def _settle(live, over):
    """The greedy selection of a block as a fixed point (``over`` [R, M, M]: row i suppresses
    column j), or None when it takes more than SETTLE_ROUNDS rounds."""
    m = live.shape[1]
    # 0/1 as f32: the product counts the selected boxes before j that overlap it (exact).
    sup = (over & np.triu(np.ones((m, m), bool), 1)).astype(F32)
    take = live
    for _ in range(SETTLE_ROUNDS):
        hit = np.matmul(take.astype(F32)[:, None, :], sup)[:, 0] > 0
        new = live & ~hit
        if np.array_equal(new, take):
            return new
        take = new
    return None


def _steps(live, iou, pos, rows, cap, eta, have, th, kept, kept_thr) -> None:
    """A block one selection a step (``have`` and ``th`` updated in place)."""
    at = np.arange(rows.size)
    while True:
        go = np.flatnonzero(live.any(axis=1) & (have < cap))
        if go.size == 0:
            break
        first = live[go].argmax(axis=1)
        if eta is not None:
            th[go] = np.where(th[go] > 0.5, th[go] * eta, th[go]).astype(th.dtype)
        kept[rows[go], have[go]] = pos[go, first]
        kept_thr[rows[go], have[go]] = th[go]
        have[go] += 1
        live[go] &= ~(iou[at[go], first] > th[go, None])
        live[go, first] = False


def ordered(batch, cls, box, score, descending: bool) -> np.ndarray:
    """The order of the rows: as selected (per batch, then class), or by score, highest first,
    ties by batch, class and box index (the CPU plugin's order; the spec names none)."""
    if not descending:
        return np.arange(batch.size)
    return np.lexsort((box, cls, batch, -score.astype(np.float64)))


def block_iou(y1, x1, y2, x2, area, batch, pick, box):
    """IoU [R, P, Q] of boxes ``pick`` [R, P] with boxes ``box`` [R, Q] of batch ``batch`` [R]
    (``area`` [B, N]: (y2 - y1) * (x2 - x1)): the same f32 arithmetic as ``pairwise_iou``, whose
    every step is symmetric in the two boxes, worked in place to spare the temporaries."""
    b = batch[:, None]
    Y1, X1, Y2, X2, A = (a[b, box][:, None, :] for a in (y1, x1, y2, x2, area))
    py1, px1, py2, px2, pa = (a[b, pick][:, :, None] for a in (y1, x1, y2, x2, area))
    h = np.minimum(Y2, py2)
    h -= np.maximum(Y1, py1)
    np.maximum(h, F32(0), out=h)
    w = np.minimum(X2, px2)
    w -= np.maximum(X1, px1)
    np.maximum(w, F32(0), out=w)
    h *= w
    union = np.add(A, pa, out=w)
    union -= h
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = np.divide(h, union, out=h)
    iou[(A <= 0) | (pa <= 0)] = F32(0)
    return iou


def pairwise_iou(y1, x1, y2, x2, pick):
    """IoU of each box of a batch with box ``pick`` [B, C] of it: corner arrays [B, N] f32 in,
    [B, C, N] f32 out. A box of no area overlaps nothing (IoU 0)."""

    def at(a):
        return np.take_along_axis(a, pick, axis=1)[..., None]  # [B, C, 1]

    Y1, X1, Y2, X2 = (a[:, None, :] for a in (y1, x1, y2, x2))
    py1, px1, py2, px2 = at(y1), at(x1), at(y2), at(x2)
    area = (Y2 - Y1) * (X2 - X1)
    parea = (py2 - py1) * (px2 - px1)
    inter = np.maximum(np.minimum(Y2, py2) - np.maximum(Y1, py1), F32(0)) * np.maximum(
        np.minimum(X2, px2) - np.maximum(X1, px1), F32(0)
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (area + parea - inter)
    return np.where((area <= 0) | (parea <= 0), F32(0), iou).astype(F32, copy=False)
