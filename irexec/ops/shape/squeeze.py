"""Squeeze-1 and Squeeze-15: the data without the dims of 1 the ``axes`` input lists (a scalar or 1-D; negative
axes count from the end); without axes, or with an empty list, without every dim of 1.

A listed axis whose dim is known not to be 1 is kept, not refused (the spec, and the CPU plugin).
A listed dim not known ahead (dynamic data, or axes fed at run time) that might be 1 is dropped by
shape inference, as the spec's note and OpenVINO say; if at run time it is not 1, the output
cannot have the shape inferred ahead: the run refuses it (the sizing pass checks the shapes the
actual inputs give against those the declared ones gave), as the plugin fails there too.

The CPU plugin takes axes fed at run time only of one element; irexec takes any.

Squeeze-15 computes the same values. Its shape inference differs where the dims are not known
ahead, as OpenVINO's: with axes fed at run time the output's rank is left open (not one less, as
Squeeze-1 infers for one axis), so a listed dim found not to be 1 at run time is kept, as the
spec says, not refused; and with ``allow_axis_skip`` (default false) a listed dim not known ahead
that might be 1 leaves the rank open too, instead of being inferred dropped. The CPU plugin
refuses a Squeeze whose output rank is open (Squeeze-15 with axes fed at run time); irexec runs it.
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, PShape, fmt, normalize_axis
from ..common import dyn_rank, int_vector
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register

ONE = Dim(1, 1)


def _maybe_one(d) -> bool:
    return Dim.of(d).compatible(ONE)


def squeeze_rule(in_shape: tuple, axes) -> PShape:
    """Squeeze-1 as OpenVINO infers it, over ints or Dims. No axes (or an empty list) drops every
    dim of 1; listed axes whose dim cannot be 1 are kept, not refused (the plugin does so)."""
    rank = len(in_shape)
    if not axes:
        if any(isinstance(d, Dim) and not d.is_static and d.compatible(ONE) for d in in_shape):
            return None  # whether such a dim is dropped is only known at run time
        return tuple(d for d in in_shape if not _maybe_one(d))
    norm = {normalize_axis(a, rank, "Squeeze axis") for a in axes}
    return tuple(d for i, d in enumerate(in_shape) if i not in norm or not _maybe_one(d))


@register
class Squeeze(Op):
    type, version = "Squeeze", "opset1"
    builder_args = ("data", ("axes", REQUIRED))
    spec = "shape/squeeze-1"
    inputs = (Input("data"), Input("axes", "int", role="axes", value=True, optional=True))

    def output_facts(self, data, axes=None):
        if axes is not None and axes.shape is not None and len(axes.shape) > 1:
            raise ValidationError(f"Squeeze's axes must be a scalar or 1-D, got {fmt(axes.shape)}")
        if data.shape is None:
            return Fact(data.etype, None)
        if (
            not data.shape
            and axes is not None
            and axes.shape is not None
            and all(d.is_static for d in axes.shape)
            and math.prod(d.lo for d in axes.shape) > 0
        ):
            # (Known from the shapes alone: a scalar has no axis to list.)
            raise ValidationError("Squeeze axes are out of range for a scalar (rank 0)", code="S006")
        if axes is None or axes.value is not None:
            ax = None if axes is None else int_vector(axes.value, "axes")
            return Fact(data.etype, squeeze_rule(data.shape, ax))
        if (
            axes.shape is not None
            and all(d.is_static for d in axes.shape)
            and math.prod(d.lo for d in axes.shape) == 1
            and data.shape
        ):
            # One unknown axis: the rank drops by one if any dim could be 1 (OpenVINO's rule).
            if any(d.compatible(ONE) for d in data.shape):
                return Fact(data.etype, dyn_rank(len(data.shape) - 1))
            return Fact(data.etype, data.shape)
        return Fact(data.etype, None)

    def compute(self, data, axes=None):
        ax = None if axes is None else int_vector(axes, "axes")
        return np.reshape(data, squeeze_rule(np.shape(data), ax))


@register
class Squeeze15(Squeeze):
    type, version = "Squeeze", "opset15"
    builder_args = ("data", "axes", "allow_axis_skip")
    spec = "shape/squeeze-15"
    attrs = (Attr("allow_axis_skip", "bool", False),)

    def output_facts(self, data, axes=None):
        if axes is None or axes.value is not None or data.shape is None:
            if axes is not None and self.allow_axis_skip and data.shape is not None and data.shape:
                ax = {normalize_axis(a, len(data.shape), "Squeeze axis") for a in int_vector(axes.value, "axes")}
                if any(not data.shape[i].is_static and data.shape[i].compatible(ONE) for i in ax):
                    return Fact(data.etype, None)  # whether such a dim is dropped is only known at run time
            return super().output_facts(data, axes)
        # Axes not known ahead: the checks Squeeze-1 makes, then any rank (a listed dim not 1 stays).
        super().output_facts(data, axes)
        return Fact(data.etype, None)
