"""Range-1 and Range-4: evenly spaced values in [start, stop).

With an integer output type, Range-4 casts start, stop and step to it first (rounding toward
zero), as its spec says and the CPU plugin's constant folding does. The plugin's run-time
kernel differs: it steps in floating point and rounds to nearest, and it yields
|stop - start| / step elements even when the step points away from stop (start=5, stop=0,
step=1 gives [5..9]). irexec follows the spec.
"""
from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN
from ..common import FOLD_LIMIT, static
from .compat import fold, require_same_type, values_known
from .compat import Attr, Fact, LegacyOp as Op, register

_WHAT = ("start", "stop", "step")


def _scalar(x, what):
    a = np.asarray(x)
    if a.ndim != 0:
        # OpenVINO wants rank 0 here; a 1-element vector is refused too.
        raise ValidationError(f"Range's {what} must be a scalar, got shape {list(a.shape)}")
    return a


def _bounds(start, stop, step, dtype):
    """(first, step, count) of the range, as the output type sees them."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        # Integer output: inputs are cast to the output type first, then counted exactly.
        b, e, s = (int(np.asarray(v).astype(np.float64)) if np.asarray(v).dtype.kind == "f"
                   else int(v) for v in (start, stop, step))
        if s == 0:
            raise ValidationError("Range step must not be 0")
        return b, s, max(0, -((b - e) // s) if s > 0 else -((e - b) // -s))
    b, e, s = (float(v) for v in (start, stop, step))
    if s == 0:
        raise ValidationError("Range step must not be 0")
    if not all(math.isfinite(v) for v in (b, e, s)):
        raise ValidationError("Range start, stop and step must be finite")
    count = (e - b) / s
    if not math.isfinite(count):
        raise ValidationError(f"Range from {b} to {e} by {s} has more elements than any array can hold")
    return b, s, max(0, math.ceil(count))


def range_length(start, stop, step, dtype) -> int:
    return _bounds(start, stop, step, dtype)[2]


def range_values(start, stop, step, dtype) -> np.ndarray:
    b, s, n = _bounds(start, stop, step, dtype)
    if np.dtype(dtype).kind in "iu":
        return (b + s * np.arange(n, dtype=np.int64)).astype(dtype)
    return (b + s * np.arange(n, dtype=np.float64)).astype(dtype)


class _RangeBase(Op):
    min_inputs = max_inputs = 3

    def infer(self, ins):
        for f, what in zip(ins, _WHAT):
            if f.shape is not None and len(f.shape) != 0:
                raise ValidationError(f"Range's {what} must be a scalar, got rank {len(f.shape)}")
            if f.etype is not None and f.etype.name == "boolean":
                raise ValidationError(f"Range's {what} must be numeric, got boolean")
        et = self.out_type(ins)
        if values_known(ins):
            # Its length first: a constant Range may be far too big to build just to learn its shape.
            n = range_length(*(_scalar(f.value, w) for f, w in zip(ins, _WHAT)), et.dtype)
            if n > FOLD_LIMIT:
                return [Fact(et, static([n]))]
        return fold(self, ins, [et]) or [Fact(et, (DYN,))]

    def eval(self, ins):
        start, stop, step = (_scalar(x, w) for x, w in zip(ins, _WHAT))
        return [range_values(start, stop, step, self.out_type_eval(ins))]


@register
class Range4(_RangeBase):
    type, version = "Range", "opset4"
    attrs = (Attr("output_type", "etype"),)

    def setup(self):
        if self.output_type.name == "boolean":
            raise ValidationError("Range output_type must be numeric, got boolean")

    def out_type(self, ins):
        return self.output_type

    def out_type_eval(self, ins):
        return self.output_type.dtype


@register
class Range1(_RangeBase):
    type, version = "Range", "opset1"

    def out_type(self, ins):
        require_same_type(ins, (0, 1, 2), "Range-1's start, stop and step")
        return ins[0].etype

    def out_type_eval(self, ins):
        return np.asarray(ins[0]).dtype
