"""Range-1 and Range-4: evenly spaced values in [start, stop): ``start + i * step`` for
``i < ceil((stop - start) / step)`` (none when that is not positive). Range-1's output has the
inputs' one element type; Range-4's is ``output_type``, whatever the inputs' types.

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
from ...shapes import DYN, static
from ..op import Attr, Fact, Input, Op
from ..registry import register


def _bounds(start, stop, step, dtype):
    """(first, step, count) of the range, as the output type sees them."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        # Integer output: inputs are cast to the output type first, then counted exactly.
        if any(np.asarray(v).dtype.kind == "f" and not np.isfinite(v) for v in (start, stop, step)):
            raise ValidationError("Range start, stop and step must be finite")
        b, e, s = (
            int(np.asarray(v).astype(np.float64))
            if np.asarray(v).dtype.kind == "f"
            else np.asarray(v).reshape(()).item()
            if np.asarray(v).dtype == object  # (a Sym)
            else int(v)
            for v in (start, stop, step)
        )
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


def _bounds_inputs(same_as=None) -> tuple:
    return (
        Input("start", "numeric", value=True),
        Input("stop", "numeric", same_as=same_as, value=True),
        Input("step", "numeric", same_as=same_as, value=True),
    )


class _Range(Op):
    def output_facts(self, start, stop, step):
        ins = (start, stop, step)
        for port, f in enumerate(ins):
            if f.shape is not None and len(f.shape) != 0:
                # OpenVINO wants rank 0 here; a 1-element vector is refused too.
                raise ValidationError(
                    f"Range's {self.inputs[port].name} must be a scalar, got rank {len(f.shape)}", port=port
                )
        etype = self.out_type(start, stop, step)
        if any(f.value is None for f in ins):
            return Fact(etype, (DYN,))
        # The length from the values, without building the range: a constant Range may be far too
        # big to build just to learn its shape (the framework folds only small outputs).
        return Fact(etype, static([range_length(start.value, stop.value, step.value, etype.dtype)]))


@register
class Range1(_Range):
    type, version = "Range", "opset1"
    spec = "generation/range-1"
    inputs = _bounds_inputs(same_as="start")

    def out_type(self, start, stop, step):
        return start.etype or stop.etype or step.etype

    def compute(self, start, stop, step):
        return range_values(start, stop, step, np.asarray(start).dtype)


@register
class Range4(_Range):
    type, version = "Range", "opset4"
    spec = "generation/range-4"
    inputs = _bounds_inputs()
    attrs = (Attr("output_type", "etype"),)

    def setup(self):
        if self.output_type.name == "boolean":
            raise ValidationError("Range output_type must be numeric, got boolean")

    def out_type(self, start, stop, step):
        return self.output_type

    def compute(self, start, stop, step):
        return range_values(start, stop, step, self.output_type.dtype)
