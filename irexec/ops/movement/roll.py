"""Roll-7: the data's elements shifted cyclically along ``axes``: along axis a by ``shift``
(output[..., (i + s) mod n, ...] = data[..., i, ...]). ``shift`` is a scalar (the same shift for
every axis) or a 1-D tensor with one shift per entry of ``axes``; ``axes`` a scalar or a 1-D
tensor, negative entries counting from the end. An axis listed twice is shifted by the sum of its
shifts. Both are i32 or i64.

The CPU plugin refuses to compile a scalar shift beside more than one axis ("'shift' and 'axes'
dimensions mismatch"), which the spec and OpenVINO's shape inference allow; it crashes on an
axis out of range that arrives at run time (irexec refuses it); and it shifts [3,4] data by -1
along an axis listed twice with the i64 shifts 2**62 and -2**62, which add up to 0.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, normalize_axis
from ..common import int_vector
from ..op import Fact, Input, Op
from ..registry import register
from ._axes import require_rank


def roll_axes(rank: int, axes) -> list:
    return [normalize_axis(a, rank, "Roll axis") for a in int_vector(np.reshape(axes, -1), "axes")]


@register
class Roll(Op):
    type, version = "Roll", "opset7"
    spec = "movement/roll-7"
    inputs = (Input("data"), Input("shift", "i32|i64"), Input("axes", "i32|i64", role="axes", value=True))

    def output_facts(self, data, shift, axes):
        require_rank(shift, (0, 1), "Roll", "shift", 1, "a scalar or a 1-D tensor")
        require_rank(axes, (0, 1), "Roll", "axes", 2, "a scalar or a 1-D tensor")
        if (
            shift.shape is not None
            and len(shift.shape) == 1
            and axes.shape is not None
            and not (len(axes.shape) == 1 and axes.shape[0].compatible(shift.shape[0]))
        ):
            raise ValidationError(
                f"Roll's shift of shape {fmt(shift.shape)} needs axes of the same shape, got {fmt(axes.shape)}", port=2
            )
        if data.shape is not None and axes.value is not None:
            roll_axes(len(data.shape), axes.value)
        return Fact(data.etype, data.shape)

    def compute(self, data, shift, axes):
        data = np.asarray(data)
        ax = roll_axes(data.ndim, axes)
        shifts = int_vector(np.reshape(shift, -1), "shift")
        if len(shifts) == 1:
            shifts = shifts * len(ax)
        # (Python ints: two large i64 shifts of one axis add up without wrapping.)
        total = {}
        for a, s in zip(ax, shifts):
            total[a] = total.get(a, 0) + s
        keep = [a for a in total if data.shape[a]]
        if not keep:
            return data.copy()
        return np.roll(data, [total[a] % data.shape[a] for a in keep], axis=keep)
