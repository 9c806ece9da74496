"""MatrixNms-8: Matrix NMS (Wang et al., SOLOv2) of [xmin, ymin, xmax, ymax] boxes
[num_batches, num_boxes, 4] with scores [num_batches, num_classes, num_boxes]: scores decay by
how much a box overlaps better ones, instead of boxes being removed.

For each (image, class), ``background_class`` skipped: the boxes whose score is above
``score_threshold``, best first (ties: the lower index), at most ``nms_top_k`` of them (-1: all),
are the candidates. With X[i, j] the IoU of candidates i and j for i < j (0 elsewhere), and
K[i] = max over the rows of column i of X (candidate i's largest IoU with a better one), the
decay of candidate j by a better candidate i is ``(1 - X[i, j]) / (1 - K[i])`` (``decay_function``
"linear") or ``exp((K[i]^2 - X[i, j]^2) * gaussian_sigma)`` ("gaussian"); candidate j's score is
multiplied by the least of its decays (1 for the best candidate), and it is selected when the
decayed score is above ``post_threshold``. IoU = inter / (area_a + area_b - inter); with
``normalized`` false a side counts one more (``w = xmax - xmin + 1``); a box with no area (or
xmax < xmin) overlaps nothing.

Per image the selected boxes are ranked by decayed score (ties: class, then index) and the first
``keep_top_k`` kept (-1: all). Output rows ``[class, decayed score, xmin, ymin, xmax, ymax]``
(boxes' type), ``selected_indices`` [M, 1] (image * num_boxes + box) and ``selected_num``
[num_batches], both ``output_type``. Order (``sort_result_type``, "class" or "classid"): per
image, by score or by class (then score, index); with ``sort_result_across_batch`` by score
across all images (ties: image, class, index), or by class (then image, score, index); "none"
(the spec guarantees no order) gives images in order, each by score. M depends on the values:
without them the rule gives a range up to num_batches * min(keep_top_k, num_classes *
min(nms_top_k, num_boxes)), and the run sizes it. Computed in f32; a linear decay by a
candidate whose K is 1 divides by zero (inf or NaN, as IEEE says).

Where the CPU plugin departs from the spec:
- with sort_result_type "classid" and not across images it orders each image's rows by score;
- it refuses keep_top_k 0 at run time, crashes (a segmentation fault) with nms_top_k 0, and
  leaves selected_num uninitialised when there are no boxes;
- it takes no bf16.
"""

from __future__ import annotations

import numpy as np

from ..op import Attr, Input, Op
from ..registry import register
from . import _nms_extra as nx
from ._iou_matrix import iou_matrix

F32 = np.float32
CHUNK = 1 << 18  # elements of the [groups, K, K] matrices worked at once


@register
class MatrixNms(Op):
    type, version = "MatrixNms", "opset8"
    builder_args = (
        "boxes",
        "scores",
        "sort_result_type",
        "sort_result_across_batch",
        "output_type",
        "score_threshold",
        "nms_top_k",
        "keep_top_k",
        "background_class",
        "decay_function",
        "gaussian_sigma",
        "post_threshold",
        "normalized",
    )
    spec = "sort/matrix-non-max-suppression-8"
    inputs = (Input("boxes", "float", value=True), Input("scores", "float", same_as="boxes", value=True))
    outputs = ("selected_outputs", "selected_indices", "selected_num")
    attrs = nx.common_attrs() + (
        Attr("decay_function", "str", "linear", ("linear", "gaussian")),
        Attr("gaussian_sigma", "float", 2.0),
        Attr("post_threshold", "float", 0.0),
    )

    def setup(self):
        nx.check_attrs(self)

    def output_facts(self, boxes, scores):
        count = None
        if boxes.value is not None and scores.value is not None:
            nx.output_facts(self, boxes, scores)  # (the shapes first)
            count = self.compute(boxes.value, scores.value)[0].shape[0]
        return nx.output_facts(self, boxes, scores, None, count)

    def compute(self, boxes, scores):
        gb, gs, mask, img, cls, flat, nb = nx.groups(boxes, scores, None, self.background_class)
        order, valid = nx.candidates(gs, mask, gs > F32(self.score_threshold), self.nms_top_k)
        cb = np.take_along_axis(gb, order[..., None], axis=1)  # [G, K, 4], best first
        cs = np.take_along_axis(gs, order, axis=1)
        k = order.shape[1]
        # A few groups at a time, so that their [g, K, K] matrices stay in the cache.
        step = max(1, CHUNK // max(1, k * k))
        decay = np.ones(cs.shape, F32)
        for lo in range(0, len(cs), step):
            part = slice(lo, lo + step)
            decay[part] = self._decay(cb[part], valid[part])
        decayed = (cs * decay).astype(F32)
        chosen = valid & (decayed > F32(self.post_threshold))
        g, p = np.nonzero(chosen)
        rows, indices, per = nx.arrange(self, img[g], cls[g], flat[g, order[g, p]], decayed[g, p], cb[g, p], nb)
        return rows.astype(np.asarray(boxes).dtype), indices, per

    def _decay(self, cb, valid) -> np.ndarray:
        """Each candidate's decay [g, K]: the least over the candidates before it of f(IoU, their
        own largest IoU with one before them). Off the upper triangle of real pairs (i before
        j, both candidates): no decay. The matrix is worked in place, the same f32 steps as the
        formulas read."""
        k = cb.shape[1]
        outside = ~(np.triu(np.ones((k, k), bool), 1) & valid[:, :, None] & valid[:, None, :])
        x = iou_matrix(cb, cb, self.normalized)  # [g, K, K]
        np.putmask(x, outside, F32(0))
        cmax = x.max(axis=1, initial=F32(0))[:, :, None]  # K[i], along the rows
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            if self.decay_function == "gaussian":
                x *= x
                np.subtract(cmax * cmax, x, out=x)
                x *= F32(self.gaussian_sigma)
                np.exp(x, out=x)
            else:
                np.subtract(F32(1), x, out=x)
                x /= F32(1) - cmax
        np.putmask(x, outside, F32(1))
        return x.min(axis=1, initial=F32(1))
