"""Reverse-1: the data with the order of its elements reversed along some axes. ``mode``
"index": ``axes`` lists the axes (integers in [-rank, rank), negative counting from the end; an
axis listed twice is reversed once, as OpenVINO takes the list as a set); "mask": ``axes`` is a
boolean tensor with one entry per data dim, true where the axis is reversed.

``mode`` has no default in the spec: irexec refuses a layer without it, which OpenVINO reads as
"index".
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import normalize_axis
from ..common import int_vector
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._axes import length, require_rank


def reversed_axes(rank: int, axes, mode: str) -> tuple:
    """The axes to reverse, from the axes input's values."""
    if mode == "mask":
        mask = np.reshape(axes, -1)
        if mask.size != rank:
            raise ValidationError(f"Reverse's mask {mask.tolist()} must have one entry per data dim ({rank})")
        return tuple(int(a) for a in np.flatnonzero(mask))
    return tuple(sorted({normalize_axis(a, rank, "Reverse axis") for a in int_vector(axes, "axes")}))


@register
class Reverse(Op):
    type, version = "Reverse", "opset1"
    spec = "movement/reverse-1"
    inputs = (Input("data"), Input("axes", role="axes", value=True))
    attrs = (Attr("mode", "str", choices=("index", "mask")),)

    def output_facts(self, data, axes):
        require_rank(axes, (1,), "Reverse", "axes", 1, "a 1-D tensor")
        et = axes.etype
        if et is not None and self.mode == "mask" and et.name != "boolean":
            raise ValidationError(f"Reverse's axes must be boolean in mode 'mask', got {et}", port=1)
        if et is not None and self.mode == "index" and not et.is_integer:
            raise ValidationError(f"Reverse's axes must be of an integer type in mode 'index', got {et}", port=1)
        if data.shape is not None:
            rank, n = len(data.shape), length(axes)
            if self.mode == "mask" and n is not None and n != rank:
                raise ValidationError(
                    f"Reverse's mask has {n} entries for a rank-{rank} input: it needs one per dim", port=1
                )
            if axes.value is not None:
                reversed_axes(rank, axes.value, self.mode)
        return Fact(data.etype, data.shape)

    def compute(self, data, axes):
        data = np.asarray(data)
        return np.flip(data, reversed_axes(data.ndim, axes, self.mode))
