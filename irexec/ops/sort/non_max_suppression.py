"""NonMaxSuppression-1, -3, -4, -5 and -9: greedy non-maximum suppression of boxes [B, N, 4]
with scores [B, C, N], independently for each (batch, class): take the box of highest score
(ties: the lowest index); stop when its score is below ``score_threshold``, else select it and
remove every box whose IoU with it is above ``iou_threshold``; at most
``max_output_boxes_per_class`` boxes per class. Soft-NMS (-5 and -9, ``soft_nms_sigma`` > 0)
decays the other scores by exp(-0.5 * iou^2 / sigma) instead; -5 still removes boxes whose IoU
is above iou_threshold, -9 does not. The optional inputs default to 0 (max 0 selects nothing).

``box_encoding``: corner ``[y1, x1, y2, x2]`` (any diagonal pair of corners: swapped ones are
the same box) or center ``[x_center, y_center, width, height]``. A box of zero area overlaps
nothing. The output rows are [batch, class, box] triplets (and [batch, class, score] for
``selected_scores``): per batch, then class, in order of selection, or with
``sort_result_descending`` (the default) all of them by score, highest first, ties by batch,
class and box index (the CPU plugin's order; the spec names none).

Output sizes: -1 and -3 give ``[min(num_boxes, max_output_boxes_per_class * num_classes), 3]``,
-4 ``[min(num_boxes, max_output_boxes_per_class) * num_batches * num_classes, 3]``, the rows
past those selected filled with -1, as the specs say; where -1/-3's size is below the number
selected (several batches), the first rows are kept. -5 and -9 give exactly the selected rows
(the count depends on the values: without them the rule gives a range, and the run sizes it)
and ``valid_outputs`` [1]. Indices are ``output_type`` (i64 by default, or i32; -1 is always
i64); ``selected_scores`` are f32 whatever the input type, as OpenVINO types the port (the spec
says T_THRESHOLDS). Boxes and scores are compared in f32. A negative
max_output_boxes_per_class is refused (the spec gives it no meaning).

Where the CPU plugin departs from the specs:
- it drops a box whose score equals score_threshold (the spec: selected when >=), and
  suppresses at an IoU equal to iou_threshold (the spec: only above), so with iou_threshold 0,
  the default, it keeps one box per class where the spec also keeps the disjoint ones;
- its Soft-NMS in -5 ignores iou_threshold (the spec removes boxes above it);
- -1, -3 and -4 give only the selected rows: no -1 padding, and -1/-3 all of them even past the
  size the spec (and OpenVINO's own port) gives;
- -5 and -9 give an uninitialised valid_outputs when there is nothing to select (no
  max_output_boxes_per_class, or 0, or no boxes);
- a negative max_output_boxes_per_class fails in -5/-9 (it is unsigned there).
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


def corners(boxes: np.ndarray, center: bool) -> tuple:
    """(y1, x1, y2, x2) [B, N] f32, with y1 <= y2 and x1 <= x2 for corner boxes."""
    b = boxes.astype(F32, copy=False)
    if center:
        xc, yc, w, h = (b[..., i] for i in range(4))
        hw, hh = w * F32(0.5), h * F32(0.5)
        return yc - hh, xc - hw, yc + hh, xc + hw
    return (
        np.minimum(b[..., 0], b[..., 2]),
        np.minimum(b[..., 1], b[..., 3]),
        np.maximum(b[..., 0], b[..., 2]),
        np.maximum(b[..., 1], b[..., 3]),
    )


class _NMS(Op):
    attrs = (
        Attr("box_encoding", "str", "corner", choices=("corner", "center")),
        Attr("sort_result_descending", "bool", True),
        Attr("output_type", "etype", I64),
    )
    soft = False  # whether soft_nms_sigma is read (-5, -9)
    cut_soft = False  # whether Soft-NMS still removes boxes above iou_threshold (-5)

    def setup(self):
        if self.output_type.name not in ("i32", "i64"):
            raise ValidationError(f"NonMaxSuppression output_type must be i32 or i64, got {self.output_type}")

    def _check(self, ins: tuple) -> tuple:
        for port, fact in enumerate(ins[2:], start=2):
            _nms.check_scalar_shape(fact, self.inputs[port].name, port, allow_1d=self.soft)
        limit = None
        if len(ins) < 3:
            limit = 0
        elif ins[2].value is not None:
            limit = _nms.max_boxes(ins[2].value)
        return _nms.box_dims(ins[0], ins[1], 4) + (limit,)

    def select(self, boxes, scores, max_out=None, iou=None, score=None, sigma=None) -> tuple:
        """The selected (batch, class, box, score) rows, in output order."""
        limit = 0 if max_out is None else _nms.max_boxes(max_out)
        thr = F32(0) if iou is None else _nms.scalar_value(iou, "iou_threshold")
        low = F32(0) if score is None else _nms.scalar_value(score, "score_threshold")
        sig = F32(0) if sigma is None else _nms.scalar_value(sigma, "soft_nms_sigma")
        y1, x1, y2, x2 = corners(boxes, self.box_encoding == "center")
        area = (y2 - y1) * (x2 - x1)
        rows = _nms.greedy(
            scores.astype(F32),
            lambda pick: _nms.pairwise_iou(y1, x1, y2, x2, pick),
            limit,
            thr,
            low,
            sig,
            cut_soft_by_iou=self.cut_soft,
            iou_block=lambda b, p, q: _nms.block_iou(y1, x1, y2, x2, area, b, p, q),
        )
        order = _nms.ordered(*rows, self.sort_result_descending)
        return tuple(r[order] for r in rows)


class _Padded(_NMS):
    """-1, -3, -4: one output of a size the spec fixes, padded with -1 rows."""

    inputs = (
        Input("boxes", "float"),
        Input("scores", "float", same_as="boxes"),
        Input("max_output_boxes_per_class", "int", role="sizes", value=True, optional=True),
        Input("iou_threshold", "float", optional=True),
        Input("score_threshold", "float", optional=True),
    )
    outputs = ("selected_indices",)

    def rows(self, batches, num, classes, limit):
        raise NotImplementedError

    def output_facts(self, *ins):
        batches, num, classes, limit = self._check(ins)
        return Fact(self.output_type, (self.rows(batches, num, classes, limit), fixed(3)))

    def compute(self, boxes, scores, *scalars):
        batch, cls, box, _ = self.select(boxes, scores, *scalars)
        n = self.rows(
            fixed(boxes.shape[0]),
            fixed(boxes.shape[1]),
            fixed(scores.shape[1]),
            _nms.max_boxes(scalars[0]) if scalars else 0,
        ).value
        out = np.full((n, 3), -1, self.output_type.dtype)
        m = min(n, batch.size)
        out[:m] = np.stack((batch, cls, box), axis=-1)[:m]
        return out


class _PerClasses(_Padded):
    """-1 and -3: min(num_boxes, max_output_boxes_per_class * num_classes) rows."""

    def rows(self, batches, num, classes, limit):
        if limit is None:
            return span(0, num.hi)
        if num.is_static and classes.is_static:
            return fixed(min(num.lo, limit * classes.lo))
        hi = num.hi if classes.hi is None else limit * classes.hi if num.hi is None else min(num.hi, limit * classes.hi)
        return span(min(num.lo, limit * classes.lo), hi)


@register
class NonMaxSuppression1(_PerClasses):
    type, version = "NonMaxSuppression", "opset1"
    spec = "sort/non-max-suppression-1"
    attrs = _NMS.attrs[:2]
    output_type = I64  # (no attribute: always i64)

    def setup(self):
        pass


@register
class NonMaxSuppression3(_PerClasses):
    type, version = "NonMaxSuppression", "opset3"
    spec = "sort/non-max-suppression-3"


@register
class NonMaxSuppression4(_Padded):
    type, version = "NonMaxSuppression", "opset4"
    spec = "sort/non-max-suppression-4"

    def rows(self, batches, num, classes, limit):
        if limit is None:
            return span(0, _nms.selected_bound(batches, num, classes, None).hi)
        return _nms.selected_bound(batches, num, classes, limit)


class _Dynamic(_NMS):
    """-5 and -9: exactly the selected rows, their scores, and their count."""

    inputs = (
        Input("boxes", "float", value=True),
        Input("scores", "float", same_as="boxes", value=True),
        Input("max_output_boxes_per_class", "int", role="sizes", value=True, optional=True),
        Input("iou_threshold", "float", value=True, optional=True),
        Input("score_threshold", "float", value=True, optional=True),
        Input("soft_nms_sigma", "float", value=True, optional=True),
    )
    outputs = ("selected_indices", "selected_scores", "valid_outputs")
    soft = True

    def output_facts(self, *ins):
        batches, num, classes, limit = self._check(ins)
        if all(f.value is not None for f in ins):
            count = fixed(self.select(*(f.value for f in ins))[0].size)
        else:
            count = span(0, _nms.selected_bound(batches, num, classes, limit).hi)
        it = self.output_type
        return [Fact(it, (count, fixed(3))), Fact(F32T, (count, fixed(3))), Fact(it, (fixed(1),))]

    def compute(self, boxes, scores, *scalars):
        batch, cls, box, score = self.select(boxes, scores, *scalars)
        it = self.output_type.dtype
        indices = np.stack((batch, cls, box), axis=-1).astype(it).reshape(-1, 3)
        scored = np.stack((batch.astype(F32), cls.astype(F32), score.astype(F32)), axis=-1).reshape(-1, 3)
        return indices, scored, np.array([batch.size], it)


@register
class NonMaxSuppression5(_Dynamic):
    type, version = "NonMaxSuppression", "opset5"
    spec = "sort/no-max-suppression-5"
    cut_soft = True


@register
class NonMaxSuppression9(_Dynamic):
    type, version = "NonMaxSuppression", "opset9"
    spec = "sort/non-max-suppression-9"
