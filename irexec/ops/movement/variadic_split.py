"""VariadicSplit-1: the data cut along ``axis`` into consecutive parts of the lengths
``split_lengths`` gives, one output per entry: output i is ``data[..., o_i:o_i + len_i, ...]``
with o_i the sum of the lengths before it. The lengths sum to data.shape[axis]; one of them may
be -1 (all that the others leave), and a length may be 0 (an empty output). ``axis`` is a scalar
or a [1] tensor, of any integer type, in [-rank, rank-1].

How many outputs the layer has is the length of the ``split_lengths`` input, which no attribute
says: the op takes the count the layer declares, and the rule refuses split_lengths of another
length.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, normalize_axis, span
from ..common import dyn_rank, int_vector, scalar_int
from ..op import Fact, Input, Op
from ..registry import register
from ._axes import known_axis, length, require_rank


def resolve_lengths(lengths: list, dim: Dim, axis: int) -> list:
    """The split lengths with a -1 replaced by what the others leave of ``dim`` (a Dim: an
    interval when the dim is not static); checks what the values alone show."""
    for v in lengths:
        if v < -1:
            raise ValidationError(f"VariadicSplit's split_lengths {lengths} hold {v}: each must be -1 or more")
    if lengths.count(-1) > 1:
        raise ValidationError(f"VariadicSplit's split_lengths {lengths} hold more than one -1")
    rest = sum(v for v in lengths if v != -1)
    if -1 in lengths:
        if dim.hi is not None and rest > dim.hi:
            raise ValidationError(f"VariadicSplit's split_lengths {lengths} sum to more than dim {dim} at axis {axis}")
        left = span(max(0, dim.lo - rest), None if dim.hi is None else dim.hi - rest)
        return [left if v == -1 else fixed(v) for v in lengths]
    if not dim.compatible(fixed(rest)):
        raise ValidationError(f"VariadicSplit's split_lengths {lengths} sum to {rest}, not to dim {dim} at axis {axis}")
    return [fixed(v) for v in lengths]


@register
class VariadicSplit(Op):
    type, version = "VariadicSplit", "opset1"
    spec = "movement/variadic-split-1"
    outputs_from_layer = True
    inputs = (
        Input("data"),
        Input("axis", "int", role="axis", value=True),
        Input("split_lengths", "int", role="sizes", value=True),
    )

    def output_facts(self, data, axis, split_lengths):
        require_rank(axis, (0, 1), "VariadicSplit", "axis", 1, "a scalar or a [1] tensor")
        if axis.shape is not None and len(axis.shape) == 1 and not axis.shape[0].compatible(fixed(1)):
            raise ValidationError(
                f"VariadicSplit's axis must be a scalar or a [1] tensor, got shape {fmt(axis.shape)}", port=1
            )
        require_rank(split_lengths, (1,), "VariadicSplit", "split_lengths", 2, "a 1-D tensor")
        n = length(split_lengths)
        if n is None:
            # (OpenVINO cannot read such a layer either: its outputs are not known.)
            raise ValidationError(
                f"VariadicSplit's split_lengths must have a known length (it is the number of "
                f"outputs), got shape {fmt(split_lengths.shape)}",
                port=2,
            )
        if n != self.num_outputs:
            raise ValidationError(
                f"VariadicSplit's split_lengths has {n} entries, but the layer declares {self.num_outputs} outputs",
                port=2,
            )
        if data.shape is not None and not data.shape:
            raise ValidationError("VariadicSplit's data must have rank 1 or more, got a scalar")
        ax = known_axis(data, axis, "VariadicSplit axis")
        if ax is None:
            return [Fact(data.etype, None if data.shape is None else dyn_rank(len(data.shape)))] * n
        if split_lengths.value is None:
            return [Fact(data.etype, data.shape[:ax] + (DYN,) + data.shape[ax + 1 :])] * n
        dims = resolve_lengths(int_vector(split_lengths.value, "split_lengths"), data.shape[ax], ax)
        return [Fact(data.etype, data.shape[:ax] + (d,) + data.shape[ax + 1 :]) for d in dims]

    def compute(self, data, axis, split_lengths):
        ax = normalize_axis(scalar_int(axis, "VariadicSplit axis"), np.ndim(data), "VariadicSplit axis")
        dims = resolve_lengths(int_vector(split_lengths, "split_lengths"), fixed(np.shape(data)[ax]), ax)
        cuts = np.cumsum([d.lo for d in dims])[:-1]
        return tuple(np.split(data, cuts, axis=ax))
