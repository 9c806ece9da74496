"""The IoU matrix of two sets of [xmin, ymin, xmax, ymax] boxes per group, for MulticlassNms and
MatrixNms: the values of ``_nms_extra.iou`` (the same f32 arithmetic, step by step, so the same
bits), computed with the per-box parts (areas, the boxes that overlap nothing) once per box and
the pairwise parts in place, on contiguous coordinate planes."""

from __future__ import annotations

import numpy as np

F32 = np.float32


def _planes(boxes: np.ndarray, one) -> tuple:
    x1, y1, x2, y2 = (np.ascontiguousarray(boxes[..., i], F32) for i in range(4))
    area = (x2 - x1 + one) * (y2 - y1 + one)
    nothing = (x2 < x1) | (y2 < y1) | (area <= 0)
    return x1, y1, x2, y2, area, nothing


def iou_matrix(a: np.ndarray, b: np.ndarray, normalized: bool) -> np.ndarray:
    """IoU [G, P, Q] f32 of boxes ``a`` [G, P, 4] with boxes ``b`` [G, Q, 4]. Not normalized, a
    box's sides count one pixel more. A box of no area overlaps nothing."""
    one = F32(0) if normalized else F32(1)
    ax1, ay1, ax2, ay2, area_a, bad_a = (v[:, :, None] for v in _planes(a, one))
    bx1, by1, bx2, by2, area_b, bad_b = (v[:, None, :] for v in _planes(b, one))
    w = np.minimum(ax2, bx2)
    w -= np.maximum(ax1, bx1)
    w += one
    np.maximum(w, F32(0), out=w)
    h = np.minimum(ay2, by2)
    h -= np.maximum(ay1, by1)
    h += one
    np.maximum(h, F32(0), out=h)
    w *= h  # the intersection
    union = np.add(area_a, area_b, out=h)
    union -= w
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.divide(w, union, out=w)
    out[bad_a | bad_b] = F32(0)
    return out
