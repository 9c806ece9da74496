"""SliceScatter-15: a copy of ``data`` with the slice Slice-8 would take written over by
``updates``::

    out = copy(data); out[key] = updates

where ``key`` slices ``data[start[i]:stop[i]:step[i]]`` along ``axes[i]`` (all leading axes, in
order, when ``axes`` is left out), with Slice-8's bounds and clamping (with a negative step a
start before the first element clamps to it). start, stop, step and axes are 1-D with one entry
each, no step is 0, no axis repeats (also as -1 and r-1), and ``updates`` has data's type and
exactly the slice's shape (no broadcast). data has rank >= 1; the output has data's shape and
type. An empty slice leaves data as it is.

Where the CPU plugin departs: with any of start, stop, step or axes fed at run time it writes
nothing, writes elsewhere, or crashes (a floating-point exception); with a step of -2^63 it
writes nothing (the slice holds the first element it starts at, as Slice-8 takes it).
"""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import fmt, normalize_axis
from ..common import dyn_rank
from ..op import Fact, Input, Op
from ..registry import register
from ._slicing import UNKNOWN, _entries, key_pshape, resolve, vector

NAMES = ("start", "stop", "step", "axes")


def scatter_key(rank: int, start: list, stop: list, step: list, axes) -> list:
    """Slice-8's raw key (bounds as given, UNKNOWN where not known), with SliceScatter's checks."""
    if not len(start) == len(stop) == len(step):
        raise ValidationError(
            f"SliceScatter's start, stop and step must have one length, got {len(start)}, {len(stop)}, {len(step)}"
        )
    if axes is None:
        axes = list(range(len(start)))
    if len(axes) != len(start):
        raise ValidationError(
            f"SliceScatter's axes must have one entry per start value ({len(start)}), got {len(axes)}"
        )
    if any(s == 0 for s in step if s is not UNKNOWN):
        raise ValidationError("SliceScatter's step must not be 0")
    norm = [a if a is UNKNOWN else normalize_axis(a, rank, "SliceScatter axis") for a in axes]
    known = [a for a in norm if a is not UNKNOWN]
    if len(set(known)) != len(known):
        raise ValidationError(f"SliceScatter's axes {axes} name an axis twice")
    if len(known) < len(norm):
        return [slice(UNKNOWN, UNKNOWN, UNKNOWN)] * rank  # any dim may be the sliced one
    key = [slice(None)] * rank
    for a, b, e, s in zip(norm, start, stop, step):
        key[a] = slice(b, e, s)
    return key


@register
class SliceScatter(Op):
    type, version = "SliceScatter", "opset15"
    spec = "movement/slice-scatter-15"
    inputs = (
        Input("data", "numeric"),
        Input("updates", same_as="data"),
        Input("start", "int", role="sizes", value=True),
        Input("stop", "int", role="sizes", value=True),
        Input("step", "int", role="sizes", value=True),
        Input("axes", "int", role="axes", value=True, optional=True),
    )

    def output_facts(self, data, updates, *bounds):
        for port, f in enumerate(bounds, 2):
            if f.shape is not None and len(f.shape) != 1:
                raise ValidationError(
                    f"SliceScatter's {NAMES[port - 2]} must be 1-D, got shape {fmt(f.shape)}", port=port
                )
        shape, upd = data.shape, updates.shape
        if shape is not None and upd is not None and len(shape) != len(upd):
            raise ValidationError(
                f"SliceScatter's data and updates must have one rank, got {fmt(shape)} and {fmt(upd)}", port=1
            )
        if shape is None:
            return Fact(data.etype, None if upd is None else dyn_rank(len(upd)))
        if not shape:
            raise ValidationError("SliceScatter's data cannot be a scalar")
        # Each bound not known holds as many entries as its shape says, or as the others hold.
        entries = [_entries(f) for f in bounds]
        n = next((e for e in entries if e is not None), None)
        if n is not None and upd is not None:
            values = [
                f.value if f.value is not None else [UNKNOWN] * (n if e is None else e) for f, e in zip(bounds, entries)
            ]
            key = scatter_key(
                len(shape),
                *[vector(v, NAMES[i]) for i, v in enumerate(values[:3])],
                vector(values[3], "axes") if len(values) > 3 else None,
            )
            want = key_pshape(key, shape)
            if not all(a.compatible(b) for a, b in zip(want, upd)):
                raise ValidationError(
                    f"SliceScatter's updates {fmt(upd)} do not have the slice's shape {fmt(want)}", port=1
                )
        return Fact(data.etype, shape)

    def compute(self, data, updates, *bounds):
        vals = [vector(b, NAMES[i]) for i, b in enumerate(bounds)]
        key = resolve(scatter_key(data.ndim, *vals[:3], vals[3] if len(vals) > 3 else None), data.shape)
        out = data.copy()
        target = out[key]
        if target.shape != updates.shape:
            raise ValidationError(
                f"SliceScatter's updates {list(updates.shape)} do not have the slice's shape {list(target.shape)}",
                port=1,
            )
        out[key] = updates
        return out
