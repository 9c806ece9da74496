"""ExperimentalDetectronTopKROIs-6: the ``max_rois`` ROIs of ``input_rois`` [R, 4] with the highest
``rois_probs`` [R], in descending order of probability: output [max_rois, 4].

``out[i] = input_rois[order[i]]`` for i < min(max_rois, R), where ``order`` sorts the
probabilities in descending order. The spec leaves the order of equal probabilities open; irexec
keeps them in ascending index order (as the CPU plugin does). The spec leaves the rows past R
(max_rois > R) undefined; irexec writes 0 there, where the CPU plugin leaves whatever its buffer
held. A NaN probability, on which the spec is silent, sorts below every number in irexec (the
plugin compares NaN as C++ does, so its order is then an accident of its sort).

Values are copied, never computed: f16 and bf16 are exact.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed, fmt
from ..op import Attr, Fact, Input, Op
from ..registry import register


@register
class ExperimentalDetectronTopKROIs(Op):
    type, version = "ExperimentalDetectronTopKROIs", "opset6"
    builder_name = "experimental_detectron_topk_rois"
    spec = "sort/experimental-detectron-top-krois-6"
    inputs = (Input("input_rois", "float"), Input("rois_probs", "float", same_as="input_rois"))
    attrs = (Attr("max_rois", "int", 0),)

    def setup(self):
        if self.max_rois < 0:
            raise ValidationError(f"ExperimentalDetectronTopKROIs max_rois must be 0 or more, got {self.max_rois}")

    def output_facts(self, rois, probs):
        if rois.shape is not None:
            if len(rois.shape) != 2 or not rois.shape[1].compatible(fixed(4)):
                raise ValidationError(
                    f"ExperimentalDetectronTopKROIs's input_rois must be [number_of_ROIs, 4], "
                    f"got shape {fmt(rois.shape)}",
                    port=0,
                )
        if probs.shape is not None and len(probs.shape) != 1:
            raise ValidationError(
                f"ExperimentalDetectronTopKROIs's rois_probs must be 1-D, got shape {fmt(probs.shape)}", port=1
            )
        if rois.shape is not None and probs.shape is not None and not rois.shape[0].compatible(probs.shape[0]):
            raise ValidationError(
                f"ExperimentalDetectronTopKROIs's rois_probs must hold one probability per ROI, "
                f"got shape {fmt(probs.shape)} for input_rois {fmt(rois.shape)}",
                port=1,
            )
        return Fact(rois.etype, (fixed(self.max_rois), fixed(4)))

    def compute(self, rois, probs):
        p = np.asarray(probs, np.float32)
        # Descending and stable: ascending order of the negated values (NaN stays NaN, sorted last).
        order = np.argsort(-p, kind="stable")[: self.max_rois]
        out = np.zeros((self.max_rois, 4), rois.dtype)
        out[: len(order)] = rois[order]
        return out
