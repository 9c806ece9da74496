"""NMSRotated-13 (the opset13 NMS; opset13's NonMaxSuppression is still -9): NonMaxSuppression-9's
greedy selection (hard NMS: no soft_nms_sigma, no box_encoding) of rotated boxes
``[x_center, y_center, width, height, angle]`` (angle in radians; ``clockwise`` (the default):
a positive angle turns the box clockwise, else counterclockwise, with y pointing down as in
images: the CPU plugin's direction). Every input is required:
boxes [B, N, 5], scores [B, C, N], max_output_boxes_per_class, iou_threshold, score_threshold.
The outputs, their order (``sort_result_descending``) and types (``output_type``; scores f32) are
-9's: exactly the selected rows, sized at run time, and their count.

The IoU of two boxes is the area of their intersection (the convex polygon whose vertices are
the crossings of their edges and the corners of each inside the other; the shoelace formula
over them in angular order) over the area of their union, computed in f64; a box of no area
overlaps nothing. A box is selected when its score is >= score_threshold and removed when its
IoU with a selected box is above iou_threshold (the spec's rule).

Where the CPU plugin departs (as for NonMaxSuppression): it drops a score equal to
score_threshold and suppresses at an IoU equal to iou_threshold.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed, span
from ...types import element_type
from ..op import Attr, Fact, Input, Op
from ..registry import register
from . import _nms

I64, F32T = element_type("i64"), element_type("f32")
F32 = np.float32


def box_corners(boxes: np.ndarray, clockwise: bool) -> np.ndarray:
    """[..., 4, 2] corners (x, y), in order around each box, of [..., 5] rotated boxes."""
    b = boxes.astype(np.float64)
    xc, yc, w, h, a = (b[..., i] for i in range(5))
    a = a if clockwise else -a  # (clockwise with y pointing down, as images have it)
    cos, sin = np.cos(a)[..., None], np.sin(a)[..., None]
    dx = np.array([-0.5, 0.5, 0.5, -0.5]) * w[..., None]
    dy = np.array([-0.5, -0.5, 0.5, 0.5]) * h[..., None]
    return np.stack((xc[..., None] + dx * cos - dy * sin, yc[..., None] + dx * sin + dy * cos), axis=-1)


def _cross(a, b):
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def _inside(points, poly):
    """Which of ``points`` [..., P, 2] lie in the convex polygons ``poly`` [..., 4, 2] (either
    orientation; the border counts)."""
    edge = np.roll(poly, -1, axis=-2) - poly  # [..., 4, 2]
    side = _cross(edge[..., None, :, :], points[..., :, None, :] - poly[..., None, :, :])  # [..., P, 4]
    tol = 1e-9 * np.maximum(np.abs(edge).max(axis=(-1, -2)), 1)[..., None, None]
    return np.all(side >= -tol, axis=-1) | np.all(side <= tol, axis=-1)


def intersection_area(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Areas of the intersections of convex quadrilaterals ``p`` and ``q`` [..., 4, 2]."""
    p, q = np.broadcast_arrays(p, q)
    d1 = np.roll(p, -1, axis=-2) - p
    d2 = np.roll(q, -1, axis=-2) - q
    a, d1 = p[..., :, None, :], d1[..., :, None, :]  # [..., 4, 1, 2]
    c, d2 = q[..., None, :, :], d2[..., None, :, :]  # [..., 1, 4, 2]
    denom = _cross(d1, d2)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = _cross(c - a, d2) / denom
        u = _cross(c - a, d1) / denom
    crossing = (denom != 0) & (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    points = a + np.where(crossing, t, 0.0)[..., None] * d1
    lead = p.shape[:-2]
    pts = np.concatenate((points.reshape(lead + (16, 2)), p, q), axis=-2)  # [..., 24, 2]
    valid = np.concatenate((crossing.reshape(lead + (16,)), _inside(p, q), _inside(q, p)), axis=-1)
    pts = np.where(valid[..., None], pts, 0.0)
    count = valid.sum(axis=-1)
    centre = pts.sum(axis=-2) / np.maximum(count, 1)[..., None]
    angle = np.arctan2(pts[..., 1] - centre[..., None, 1], pts[..., 0] - centre[..., None, 0])
    order = np.argsort(np.where(valid, angle, np.inf), axis=-1, kind="stable")
    pts = np.take_along_axis(pts, order[..., None], axis=-2)
    keep = np.take_along_axis(valid, order, axis=-1)
    # The unused slots (last) repeat the first point: they add nothing to the shoelace sum.
    pts = np.where(keep[..., None], pts, pts[..., :1, :])
    area = 0.5 * np.abs(_cross(pts, np.roll(pts, -1, axis=-2)).sum(axis=-1))
    return np.where(count >= 3, area, 0.0)


def rotated_iou(corners: np.ndarray, areas: np.ndarray, pick: np.ndarray) -> np.ndarray:
    """IoU [B, C, N] of each batch's boxes with box ``pick`` [B, C] of that batch."""
    chosen = corners[np.arange(pick.shape[0])[:, None], pick]  # [B, C, 4, 2]
    inter = intersection_area(corners[:, None], chosen[:, :, None])  # [B, C, N]
    parea = np.take_along_axis(areas, pick, axis=1)[..., None]
    a = areas[:, None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (a + parea - inter)
    return np.where((a <= 0) | (parea <= 0), 0.0, iou)


CHUNK = 16384  # pairs of boxes a polygon clipping takes at once (a few KB each)


class Reach:
    """What tells pairs of boxes apart that cannot meet: each box's centre [B, N, 2], the radius
    [B, N] of its corners around it, and the boxes too thin for the test: the inside test's
    tolerance is at most 1e-9 of the longer side (or of 1) in cross-product units, a distance of up
    to 1e-9 * max(long, 1) / short, kept under 1e-6 by a short side of at least 1e-3 of that."""

    def __init__(self, corners: np.ndarray, boxes: np.ndarray):
        self.centre = corners.mean(axis=-2)
        self.radius = np.sqrt(((corners - self.centre[..., None, :]) ** 2).sum(axis=-1)).max(axis=-1)
        w, h = np.abs(boxes[..., 2]), np.abs(boxes[..., 3])
        self.thin = np.minimum(w, h) < 1e-3 * np.maximum(np.maximum(w, h), 1)

    def apart(self, b, pick, box) -> np.ndarray:
        """[R, P, Q]: the boxes' circles are apart by more than 1e-5 (plus a relative 1e-6), so
        their intersection is empty: no crossing, no corner inside the other."""
        d = self.centre[b, pick][:, :, None] - self.centre[b, box][:, None, :]
        reach = self.radius[b, pick][:, :, None] + self.radius[b, box][:, None, :]
        far = np.sqrt((d * d).sum(axis=-1)) > reach * (1 + 1e-6) + 1e-5
        return far & ~self.thin[b, pick][:, :, None] & ~self.thin[b, box][:, None, :]


def block_rotated_iou(corners: np.ndarray, areas: np.ndarray, reach: Reach, batch, pick, box) -> np.ndarray:
    """IoU [R, P, Q] of boxes ``pick`` [R, P] with boxes ``box`` [R, Q] of batch ``batch`` [R],
    the same arithmetic, with the same roles, as ``rotated_iou``; the polygons are clipped only
    for the pairs whose circles meet (the others' intersection is exactly 0 there too), and,
    for a block against itself, only for the pairs the scan reads (pick before box; the others
    are left 0)."""
    b = batch[:, None]
    parea = areas[b, pick][:, :, None]
    a = areas[b, box][:, None, :]
    inter = np.zeros(np.broadcast_shapes(parea.shape, a.shape))
    clip = ~(reach.apart(b, pick, box) | (a <= 0) | (parea <= 0))
    if pick.shape == box.shape and np.array_equal(pick, box):
        clip &= np.triu(np.ones(clip.shape[1:], bool), 1)
    r, i, j = np.nonzero(clip)
    for lo in range(0, r.size, CHUNK):
        k = slice(lo, lo + CHUNK)
        inter[r[k], i[k], j[k]] = intersection_area(
            corners[batch[r[k]], box[r[k], j[k]]], corners[batch[r[k]], pick[r[k], i[k]]]
        )
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (a + parea - inter)
    return np.where((a <= 0) | (parea <= 0), 0.0, iou)


@register
class NMSRotated(Op):
    type, version = "NMSRotated", "opset13"
    spec = "sort/nms-rotated-13"
    inputs = (
        Input("boxes", "float", value=True),
        Input("scores", "float", same_as="boxes", value=True),
        Input("max_output_boxes_per_class", "int", role="sizes", value=True),
        Input("iou_threshold", "float", value=True),
        Input("score_threshold", "float", value=True),
    )
    outputs = ("selected_indices", "selected_scores", "valid_outputs")
    attrs = (
        Attr("sort_result_descending", "bool", True),
        Attr("output_type", "etype", I64),
        Attr("clockwise", "bool", True),
    )

    def setup(self):
        if self.output_type.name not in ("i32", "i64"):
            raise ValidationError(f"NMSRotated output_type must be i32 or i64, got {self.output_type}")

    def output_facts(self, boxes, scores, max_out, iou, score):
        for port, fact in ((2, max_out), (3, iou), (4, score)):
            _nms.check_scalar_shape(fact, self.inputs[port].name, port, allow_1d=True)
        batches, num, classes = _nms.box_dims(boxes, scores, 5)
        limit = None if max_out.value is None else _nms.max_boxes(max_out.value)
        if all(f.value is not None for f in (boxes, scores, max_out, iou, score)):
            count = fixed(self.select(boxes.value, scores.value, max_out.value, iou.value, score.value)[0].size)
        else:
            count = span(0, _nms.selected_bound(batches, num, classes, limit).hi)
        it = self.output_type
        return [Fact(it, (count, fixed(3))), Fact(F32T, (count, fixed(3))), Fact(it, (fixed(1),))]

    def select(self, boxes, scores, max_out, iou, score) -> tuple:
        corners = box_corners(boxes, self.clockwise)  # [B, N, 4, 2]
        b = boxes.astype(np.float64)
        areas = b[..., 2] * b[..., 3]
        reach = Reach(corners, b)
        thr = np.float64(_nms.scalar_value(iou, "iou_threshold"))
        rows = _nms.greedy(
            scores.astype(F32),
            lambda pick: rotated_iou(corners, areas, pick),
            _nms.max_boxes(max_out),
            thr,
            _nms.scalar_value(score, "score_threshold"),
            iou_block=lambda bat, p, q: block_rotated_iou(corners, areas, reach, bat, p, q),
        )
        order = _nms.ordered(*rows, self.sort_result_descending)
        return tuple(r[order] for r in rows)

    def compute(self, boxes, scores, max_out, iou, score):
        batch, cls, box, sc = self.select(boxes, scores, max_out, iou, score)
        it = self.output_type.dtype
        indices = np.stack((batch, cls, box), axis=-1).astype(it).reshape(-1, 3)
        scored = np.stack((batch.astype(F32), cls.astype(F32), sc.astype(F32)), axis=-1).reshape(-1, 3)
        return indices, scored, np.array([batch.size], it)
