"""Range-1 and Range-4: evenly spaced values in [start, stop)."""
from __future__ import annotations

import math

import numpy as np

from ..errors import ValidationError
from ..shapes import DYN
from .registry import Attr, Fact, Op, register
from .common import fold


def _scalar(x, what):
    a = np.asarray(x)
    if a.size != 1:
        raise ValidationError(f"Range's {what} must be a scalar, got shape {list(a.shape)}")
    return a.reshape(())


def range_values(start, stop, step, dtype) -> np.ndarray:
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        # Integer output: inputs are cast to the output type first, then counted exactly.
        b, e, s = (int(np.asarray(v).astype(np.float64)) if np.asarray(v).dtype.kind == "f"
                   else int(v) for v in (start, stop, step))
        if s == 0:
            raise ValidationError("Range step must not be 0")
        n = max(0, -((b - e) // s) if s > 0 else -((e - b) // -s))
        return (b + s * np.arange(n, dtype=np.int64)).astype(dtype)
    b, e, s = (float(v) for v in (start, stop, step))
    if s == 0:
        raise ValidationError("Range step must not be 0")
    if not all(math.isfinite(v) for v in (b, e, s)):
        raise ValidationError("Range start, stop and step must be finite")
    n = max(0, math.ceil((e - b) / s))
    return (b + s * np.arange(n, dtype=np.float64)).astype(dtype)


class _RangeBase(Op):
    min_inputs = max_inputs = 3

    def infer(self, ins):
        et = self.out_type(ins)
        return fold(self, ins, [et]) or [Fact(et, (DYN,))]

    def eval(self, ins):
        start, stop, step = (_scalar(x, w) for x, w in zip(ins, ("start", "stop", "step")))
        return [range_values(start, stop, step, self.out_type_eval(ins))]


@register
class Range4(_RangeBase):
    type, version = "Range", "opset4"
    attrs = (Attr("output_type", "etype"),)

    def out_type(self, ins):
        return self.output_type

    def out_type_eval(self, ins):
        return self.output_type.dtype


@register
class Range1(_RangeBase):
    type, version = "Range", "opset1"

    def out_type(self, ins):
        return ins[0].etype

    def out_type_eval(self, ins):
        return np.asarray(ins[0]).dtype
