"""Slice-8: ``data[start:stop:step]`` along each axis the ``axes`` input lists (all leading axes,
in order, when it is absent); start, stop and step have one entry per axis, no step is 0 and no
axis repeats. Bounds are clamped as OpenVINO does (see ``_slicing``): with a negative step a
start before the first element clamps to it instead of emptying the slice.

The CPU plugin computes i64 start, stop and step fed at run time as i32. With the data's dims
unknown, OpenVINO's shape inference calls a slice that starts before the first element with a
negative step (x[-5:-5:-1]) empty, though on 1 to 4 elements it holds the first; irexec's rule says
[0..1].
"""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import normalize_axis, span
from ..op import Input
from ..registry import register
from ._slicing import UNKNOWN, SliceBase, vector


def slice8_key(rank: int, start: list, stop: list, step: list, axes) -> list:
    if not len(start) == len(stop) == len(step):
        raise ValidationError(f"start, stop and step must have one length, got {len(start)}, {len(stop)}, {len(step)}")
    if axes is None:
        axes = list(range(len(start)))
    if len(axes) != len(start):
        raise ValidationError(f"axes {axes} must have one entry per start value ({len(start)})")
    if any(s == 0 for s in step):
        raise ValidationError("Slice step must not be 0")
    norm = [a if a is UNKNOWN else normalize_axis(a, rank, "Slice axis") for a in axes]
    known = [a for a in norm if a is not UNKNOWN]
    if len(set(known)) != len(known):
        raise ValidationError(f"Slice axes {axes} repeat an axis")
    if len(known) < len(norm):
        # Any dim may be sliced: each may shrink.
        return [slice(UNKNOWN, UNKNOWN, UNKNOWN)] * rank
    key = [slice(None)] * rank
    for a, b, e, s in zip(norm, start, stop, step):
        key[a] = slice(b, e, s)
    return key


@register
class Slice8(SliceBase):
    type, version = "Slice", "opset8"
    spec = "movement/slice-8"
    inputs = (
        Input("data"),
        Input("start", "int", role="sizes", value=True),
        Input("stop", "int", role="sizes", value=True),
        Input("step", "int", role="sizes", value=True),
        Input("axes", "int", role="axes", value=True, optional=True),
    )

    def raw_key(self, rank, values):
        axes = vector(values[3], "axes") if len(values) > 3 else None
        return slice8_key(rank, vector(values[0], "start"), vector(values[1], "stop"), vector(values[2], "step"), axes)

    def unknown_shape(self, shape):
        # The rank stays; each dim may shrink.
        return tuple(span(0, d.hi) for d in shape)
