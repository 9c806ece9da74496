"""MulticlassNms-8 and -9: greedy non-maximum suppression of [xmin, ymin, xmax, ymax] boxes, per
class of each image, with the boxes of all classes gathered per image.

Inputs: ``boxes`` [num_batches, num_boxes, 4] shared by the classes and ``scores``
[num_batches, num_classes, num_boxes]; or (-9 only) per-class ``boxes`` [num_classes,
num_boxes, 4], ``scores`` [num_classes, num_boxes] and ``roisnum`` [num_batches], the number of
boxes of each image, taken in order along num_boxes (they must not be negative nor sum past
num_boxes).

For each (image, class), ``background_class`` skipped: the boxes whose score is >=
``score_threshold``, best first (ties: the lower index), at most ``nms_top_k`` of them (-1: all),
are the candidates. Greedily, with ``t = iou_threshold``: take the best candidate left, select
it; if ``nms_eta < 1`` and ``t > 0.5`` then ``t *= nms_eta``; remove every candidate left whose
IoU with it is above ``t``. IoU = inter / (area_a + area_b - inter); with ``normalized`` false a
side counts one more (``w = xmax - xmin + 1``); a box with no area (or xmax < xmin) overlaps
nothing.

Per image the selected boxes are ranked by score (ties: class, then index) and the first
``keep_top_k`` kept (-1: all). Output rows ``[class, score, xmin, ymin, xmax, ymax]`` (boxes'
type), ``selected_indices`` [M, 1] (the box's index in the flattened boxes: image * num_boxes +
box, or with per-class boxes class * num_boxes + box) and ``selected_num`` [num_batches] (rows
per image), both ``output_type``. Order (``sort_result_type``, "class" or "classid"): per image,
by score or by class (then score, index); with ``sort_result_across_batch`` by score across all
images (ties: image, class, index), or by class (then image, score, index); "none" (the spec
guarantees no order) gives images in order, each by score. M depends on the values: without
them the rule gives a range up to num_batches * min(keep_top_k, num_classes * min(nms_top_k,
num_boxes)), and the run sizes it. Computed in f32.

Where the CPU plugin departs from the spec:
- it removes a box whose IoU equals the threshold (the spec: only above), so with
  iou_threshold 0, the default, it keeps one of boxes that do not overlap at all;
- with nms_eta < 1 it checks each candidate against every selected box with the threshold of
  that moment (the spec: each selected box suppresses with the threshold it was selected with),
  so while the threshold shrinks it can remove boxes the spec keeps;
- with per-class boxes its selected_indices are (roi index) * num_classes + class, not the
  index in the flattened boxes (class * num_boxes + roi index);
- it leaves selected_num uninitialised when nms_top_k is 0 or there are no boxes, and it cannot
  compile the layer when both boxes and scores are constants.
"""

from __future__ import annotations

import numpy as np

from ..op import Attr, Input, Op
from ..registry import register
from . import _nms
from . import _nms_extra as nx
from ._iou_matrix import iou_matrix

F32 = np.float32


class _MulticlassNms(Op):
    outputs = ("selected_outputs", "selected_indices", "selected_num")
    attrs = nx.common_attrs() + (Attr("iou_threshold", "float", 0.0), Attr("nms_eta", "float", 1.0))
    builder_args = (
        "boxes",
        "scores",
        "sort_result_type",
        "sort_result_across_batch",
        "output_type",
        "iou_threshold",
        "score_threshold",
        "nms_top_k",
        "keep_top_k",
        "background_class",
        "nms_eta",
        "normalized",
    )

    def setup(self):
        nx.check_attrs(self)

    def output_facts(self, boxes, scores, rois=None):
        count = None
        if boxes.value is not None and scores.value is not None and (rois is None or rois.value is not None):
            nx.output_facts(self, boxes, scores, rois)  # (the shapes first)
            count = self.compute(boxes.value, scores.value, *(() if rois is None else (rois.value,)))[0].shape[0]
        return nx.output_facts(self, boxes, scores, rois, count)

    def compute(self, boxes, scores, rois=None):
        gb, gs, mask, img, cls, flat, nb = nx.groups(boxes, scores, rois, self.background_class)
        order, alive = nx.candidates(gs, mask, gs >= F32(self.score_threshold), self.nms_top_k)
        cb = np.take_along_axis(gb, order[..., None], axis=1)  # [G, K, 4], best first
        cs = np.take_along_axis(gs, order, axis=1)
        g, p = _nms.scan(
            alive,
            lambda rows, p, q: iou_matrix(cb[rows[:, None], p], cb[rows[:, None], q], self.normalized),
            cb.shape[1],
            F32(self.iou_threshold),
            F32(self.nms_eta),
        )
        rows, indices, per = nx.arrange(self, img[g], cls[g], flat[g, order[g, p]], cs[g, p], cb[g, p], nb)
        return rows.astype(np.asarray(boxes).dtype), indices, per


@register
class MulticlassNms8(_MulticlassNms):
    type, version = "MulticlassNms", "opset8"
    spec = "sort/multiclass-non-max-suppression-8"
    inputs = (Input("boxes", "float", value=True), Input("scores", "float", same_as="boxes", value=True))


@register
class MulticlassNms9(_MulticlassNms):
    type, version = "MulticlassNms", "opset9"
    builder_args = _MulticlassNms.builder_args[:2] + ("roisnum",) + _MulticlassNms.builder_args[2:]
    spec = "sort/multiclass-non-max-suppression-9"
    inputs = (
        Input("boxes", "float", value=True),
        Input("scores", "float", same_as="boxes", value=True),
        Input("roisnum", "i32|i64", role="sizes", value=True, optional=True),
    )
