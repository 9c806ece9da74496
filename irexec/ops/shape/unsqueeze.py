"""Unsqueeze-1: the data with a dim of 1 inserted at each axis the ``axes`` input lists (a
scalar or 1-D, not empty; negative axes count from the end of the output).

As OpenVINO infers it, repeated axes count once, both before normalising (they set the output
rank) and after it; an axis that lands past the end appends.

The CPU plugin compiles no Unsqueeze whose axes come at run time ("CPU plug-in doesn't support
Unsqueeze operation with dynamic rank", even for one axis); irexec runs it.
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, fmt, normalize_axis
from ..common import dyn_rank, int_vector, require_rank
from ..op import Fact, Input, Op
from ..registry import register

ONE = Dim(1, 1)


def unsqueeze_rule(in_shape: tuple, axes: list, one=1) -> tuple:
    """Unsqueeze-1 as OpenVINO infers it: repeated axes count once, both before normalising
    (they set the output rank) and after it; an axis that lands past the end appends."""
    if not axes:
        raise ValidationError("Unsqueeze axes must not be empty")
    distinct = set(axes)
    rank = len(in_shape) + len(distinct)
    require_rank(rank)
    out = list(in_shape)
    for a in sorted({normalize_axis(a, rank, "Unsqueeze axis") for a in distinct}):
        if a > len(out) + 1:
            raise ValidationError(f"Unsqueeze axis {a} is past the end of {len(out)} dims")
        out.insert(a, one)
    return tuple(out)


@register
class Unsqueeze(Op):
    type, version = "Unsqueeze", "opset1"
    spec = "shape/unsqueeze-1"
    inputs = (Input("data"), Input("axes", "int", role="axes", value=True))

    def output_facts(self, data, axes):
        if axes.shape is not None and len(axes.shape) > 1:
            raise ValidationError(f"Unsqueeze's axes must be a scalar or 1-D, got {fmt(axes.shape)}")
        if axes.shape is not None and axes.shape and axes.shape[0].is_static and axes.shape[0].lo == 0:
            raise ValidationError("Unsqueeze axes must not be empty")  # (known from the shape alone)
        if data.shape is None:
            return Fact(data.etype, None)
        if axes.value is not None:
            return Fact(data.etype, unsqueeze_rule(data.shape, int_vector(axes.value, "axes"), ONE))
        if axes.shape is not None and all(d.is_static for d in axes.shape) and math.prod(d.lo for d in axes.shape) == 1:
            return Fact(data.etype, dyn_rank(len(data.shape) + 1))
        return Fact(data.etype, None)

    def compute(self, data, axes):
        return np.reshape(data, unsqueeze_rule(np.shape(data), int_vector(axes, "axes")))
