"""Split-1: the data cut along ``axis`` into ``num_splits`` equal parts, output i holding
``data[..., i*n:(i+1)*n, ...]`` with n = data.shape[axis] / num_splits (which must divide).
``axis`` is a scalar of any integer type in [-rank, rank-1] (negative counts from the end); the
layer has ``num_splits`` outputs.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, normalize_axis, span
from ..common import scalar_int
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._axes import known_axis, require_rank


def split_part(d: Dim, n: int, axis: int) -> Dim:
    """The sizes each of ``n`` equal parts of a dim of sizes ``d`` may have."""
    lo, hi = -(-d.lo // n), None if d.hi is None else d.hi // n
    if d.is_static and d.lo % n:
        raise ValidationError(f"Split: dim {d.lo} at axis {axis} is not divisible by num_splits {n}")
    if hi is not None and lo > hi:
        raise ValidationError(f"Split: no size of dim {d} at axis {axis} is divisible by num_splits {n}")
    return span(lo, hi)


@register
class Split(Op):
    type, version = "Split", "opset1"
    spec = "movement/split-1"
    inputs = (Input("data"), Input("axis", "int", role="axis", value=True))
    attrs = (Attr("num_splits", "int"),)

    def setup(self):
        if self.num_splits < 1:
            raise ValidationError(f"Split's num_splits must be positive, got {self.num_splits}")
        self.num_outputs = self.num_splits

    def output_facts(self, data, axis):
        require_rank(axis, (0,), "Split", "axis", 1, "a scalar")
        n = self.num_splits
        if data.shape is None:
            return [Fact(data.etype, None)] * n
        if not data.shape:
            raise ValidationError("Split's data must have rank 1 or more, got a scalar")
        ax = known_axis(data, axis, "Split axis")
        if ax is None:
            # Any dim may be the one cut: each is itself or a part of itself.
            return [Fact(data.etype, tuple(span(-(-d.lo // n), d.hi) for d in data.shape))] * n
        part = split_part(data.shape[ax], n, ax)
        return [Fact(data.etype, data.shape[:ax] + (part,) + data.shape[ax + 1 :])] * n

    def compute(self, data, axis):
        ax = normalize_axis(scalar_int(axis, "Split axis"), np.ndim(data), "Split axis")
        parts = tuple(np.split(data, self.num_splits, axis=ax))
        return parts if len(parts) > 1 else parts[0]  # (one output: Op.evaluate takes the array itself)
