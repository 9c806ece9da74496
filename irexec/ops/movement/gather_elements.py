"""GatherElements-6: ``out[i, j, k] = data[..., indices[i, j, k], ...]`` along axis, the other
coordinates the entry's own; the inverse of ScatterElementsUpdate. Data and indices have one
rank and match except along the axis; the output has indices' shape.

Indices: i32 or i64 (its spec and OpenVINO alike). The spec does not say what negative indices
mean; the CPU plugin counts them from the end, and so does irexec. An index out of range is an
error (the plugin reads past the data).
"""

from __future__ import annotations

import numpy as np

from ... import kernels
from ...errors import ValidationError
from ...shapes import fmt, normalize_axis
from ..common import const_indices
from ..op import Attr, Bound, Fact, Input, Op
from ..registry import register


@register
class GatherElements(Op):
    type, version = "GatherElements", "opset6"
    builder_args = ("data", "indices", ("axis", 0))
    spec = "movement/gather-elements-6"
    inputs = (Input("data"), Input("indices", "i32|i64", role="indices", bound=Bound("elements", axis="axis")))
    attrs = (Attr("axis", "int"),)

    def output_facts(self, data, indices):
        if data.shape is not None and indices.shape is not None:
            if len(data.shape) != len(indices.shape):
                raise ValidationError(f"data {fmt(data.shape)} and indices {fmt(indices.shape)} must have one rank")
            ax = normalize_axis(self.axis, len(data.shape))
            for d, (a, b) in enumerate(zip(data.shape, indices.shape)):
                if d != ax and not a.compatible(b):
                    raise ValidationError(
                        f"data {fmt(data.shape)} and indices {fmt(indices.shape)} must match except at axis {ax}",
                        port=1,
                    )
            const_indices(indices, data.shape[ax], True, "GatherElements indices", dim=ax)
        return Fact(data.etype, indices.shape)

    def compute(self, data, indices):
        return kernels.gather_elements(data, indices, normalize_axis(self.axis, np.ndim(data)))
