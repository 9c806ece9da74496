"""Slice-8: ``data[start:stop:step]`` along each axis the ``axes`` input lists (all leading axes,
in order, when it is absent); start, stop and step have one entry per axis, no step is 0 and no
axis repeats. Bounds are clamped as OpenVINO does (see ``_slicing``): with a negative step a
start before the first element clamps to it instead of emptying the slice.
"""
from __future__ import annotations

from ...errors import ValidationError
from ...shapes import DYN, normalize_axis
from ..common import int_vector
from ..op import Input
from ..registry import register
from ._slicing import SliceBase


def slice8_key(rank: int, start: list, stop: list, step: list, axes) -> list:
    if not len(start) == len(stop) == len(step):
        raise ValidationError(f"start, stop and step must have one length, got "
                              f"{len(start)}, {len(stop)}, {len(step)}")
    if axes is None:
        axes = list(range(len(start)))
    if len(axes) != len(start):
        raise ValidationError(f"axes {axes} must have one entry per start value ({len(start)})")
    norm = [normalize_axis(a, rank, "Slice axis") for a in axes]
    if len(set(norm)) != len(norm):
        raise ValidationError(f"Slice axes {axes} repeat an axis")
    key = [slice(None)] * rank
    for a, b, e, s in zip(norm, start, stop, step):
        if s == 0:
            raise ValidationError("Slice step must not be 0")
        key[a] = slice(b, e, s)
    return key


@register
class Slice8(SliceBase):
    type, version = "Slice", "opset8"
    spec = "movement/slice-8"
    inputs = (Input("data"), Input("start", "int", role="sizes", value=True),
              Input("stop", "int", role="sizes", value=True), Input("step", "int", role="sizes", value=True),
              Input("axes", "int", role="axes", value=True, optional=True))

    def raw_key(self, rank, values):
        axes = int_vector(values[3], "axes") if len(values) > 3 else None
        return slice8_key(rank, int_vector(values[0], "start"), int_vector(values[1], "stop"),
                          int_vector(values[2], "step"), axes)

    def unknown_shape(self, shape):
        # The rank stays; each dim may shrink.
        return None if shape is None else (DYN,) * len(shape)
