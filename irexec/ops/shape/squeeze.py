"""Squeeze-1: the data without the dims of 1 the ``axes`` input lists (a scalar or 1-D; negative
axes count from the end); without axes, or with an empty list, without every dim of 1.

A listed axis whose dim is known not to be 1 is kept, not refused (the spec, and the CPU plugin).
A listed dim not known ahead (dynamic data, or axes fed at run time) that might be 1 is dropped by
shape inference, as the spec's note and OpenVINO say; if at run time it is not 1, the output
cannot have the shape inferred ahead: the run refuses it (the sizing pass checks the shapes the
actual inputs give against those the declared ones gave), as the plugin fails there too.

The CPU plugin takes axes fed at run time only of one element; irexec takes any.
"""
from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, PShape, fmt, normalize_axis
from ..common import dyn_rank, int_vector
from ..op import Fact, Input, Op
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
    spec = "shape/squeeze-1"
    inputs = (Input("data"), Input("axes", "int", role="axes", value=True, optional=True))

    def output_facts(self, data, axes=None):
        if axes is not None and axes.shape is not None and len(axes.shape) > 1:
            raise ValidationError(f"Squeeze's axes must be a scalar or 1-D, got {fmt(axes.shape)}")
        if data.shape is None:
            return Fact(data.etype, None)
        if not data.shape and axes is not None and axes.shape is not None and \
                all(d.is_static for d in axes.shape) and math.prod(d.lo for d in axes.shape) > 0:
            # (Known from the shapes alone: a scalar has no axis to list.)
            raise ValidationError("Squeeze axes are out of range for a scalar (rank 0)", code="S006")
        if axes is None or axes.value is not None:
            ax = None if axes is None else int_vector(axes.value, "axes")
            return Fact(data.etype, squeeze_rule(data.shape, ax))
        if axes.shape is not None and all(d.is_static for d in axes.shape) and \
                math.prod(d.lo for d in axes.shape) == 1 and data.shape:
            # One unknown axis: the rank drops by one if any dim could be 1 (OpenVINO's rule).
            if any(d.compatible(ONE) for d in data.shape):
                return Fact(data.etype, dyn_rank(len(data.shape) - 1))
            return Fact(data.etype, data.shape)
        return Fact(data.etype, None)

    def compute(self, data, axes=None):
        ax = None if axes is None else int_vector(axes, "axes")
        return np.reshape(data, squeeze_rule(np.shape(data), ax))
