"""NonZero-3: the indices of the non-zero elements of data, in row-major order, as a
``[rank, count]`` tensor of ``output_type`` (i64 by default, or i32): column j holds the
coordinates of the j-th non-zero element. NaN is non-zero; -0.0 is zero.

The count depends on the values: without them the rule says ``[rank, 0..size]``, and the run
sizes it from the actual data (declared as a value input for that).

A scalar is taken as a 1-element vector: ``[1, count]``, as OpenVINO gives it (its constant
folding and the CPU plugin alike; ONNX's NonZero too). The spec's ``[rank(input),
num_non_zero]`` would be ``[0, count]``, which holds no index, and OpenVINO writes ``[1, 1]`` on
the port of a folded one, which irexec must read. (Of a zero scalar, OpenVINO's folding says
``[0, 0]`` and its plugin ``[1, 0]``; irexec gives ``[1, 0]``.)

Departs from the CPU plugin, which narrows i64 data to i32 and u64 data too (2^40 and 2^63 count
as zero there).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, product, span
from ...types import element_type
from ..op import Attr, Fact, Input, Op
from ..registry import register


def nonzero_mask(data) -> np.ndarray:
    return np.asarray(data) != 0


@register
class NonZero(Op):
    type, version = "NonZero", "opset3"
    spec = "condition/nonzero-3"
    inputs = (Input("data", value=True),)
    attrs = (Attr("output_type", "etype", element_type("i64")),)

    def setup(self):
        if self.output_type.name not in ("i32", "i64"):
            raise ValidationError(f"NonZero output_type must be i32 or i64, got {self.output_type}")

    def output_facts(self, data):
        if data.shape is None:
            return Fact(self.output_type, (DYN, DYN))
        if data.value is not None:
            count = fixed(int(np.count_nonzero(nonzero_mask(data.value))))
        else:
            count = span(0, product(data.shape).hi)
        return Fact(self.output_type, (fixed(max(1, len(data.shape))), count))

    def compute(self, data):
        mask = nonzero_mask(data).reshape(np.shape(data) or (1,))  # (a scalar as a vector)
        return np.array(np.nonzero(mask)).astype(self.output_type.dtype, copy=False)
