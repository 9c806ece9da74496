"""Bucketize-3: the bucket of each data element among sorted ``boundaries`` (1-D, any numeric
type, compared by value with data of another type). With ``with_right_bound`` (the default)
bucket i is (b[i-1], b[i]]: the count of boundaries below x; without, [b[i-1], b[i]): the count
of boundaries at or below x. Empty boundaries put everything in bucket 0. Output:
``output_type`` (i64 by default or i32), data's shape.

The spec wants sorted unique boundaries: irexec refuses boundaries that go down (or hold NaN);
repeated ones are taken as they are (a bucket between equal bounds stays empty, as in the CPU
plugin). NaN data, which the spec does not place, goes where the plugin puts it: bucket 0 with
the right bound, the last bucket without (every comparison with NaN is false). The plugin
narrows i64 data and boundaries to i32 (2^40 lands in bucket 0); irexec compares the values as
they are.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ...types import element_type
from ..op import Attr, Fact, Input, Op
from ..registry import register


def check_sorted(boundaries: np.ndarray) -> None:
    """Refuse boundaries that go down somewhere, or hold a NaN (which no order places)."""
    b = _comparable(np.asarray(boundaries))
    if b.dtype.kind == "f" and np.isnan(b).any():
        raise ValidationError(
            f"Bucketize's boundaries must be sorted ascending, but boundary {int(np.argmax(np.isnan(b)))} is NaN",
            port=1,
        )
    down = np.flatnonzero(b[1:] < b[:-1])
    if down.size:
        at = int(down[0]) + 1
        raise ValidationError(
            f"Bucketize's boundaries must be sorted ascending, but boundary {at} "
            f"({b[at]}) is below boundary {at - 1} ({b[at - 1]})",
            port=1,
        )


@register
class Bucketize(Op):
    type, version = "Bucketize", "opset3"
    builder_args = ("data", "buckets=boundaries", "output_type", "with_right_bound")
    spec = "condition/bucketize-3"
    inputs = (Input("data", "numeric"), Input("boundaries", "numeric"))
    attrs = (Attr("output_type", "etype", element_type("i64")), Attr("with_right_bound", "bool", True))

    def setup(self):
        if self.output_type.name not in ("i32", "i64"):
            raise ValidationError(f"Bucketize output_type must be i32 or i64, got {self.output_type}")

    def output_facts(self, data, boundaries):
        if boundaries.shape is not None and len(boundaries.shape) != 1:
            raise ValidationError(f"Bucketize's boundaries must be 1-D, got shape {fmt(boundaries.shape)}", port=1)
        if boundaries.value is not None:
            check_sorted(boundaries.value)
        return Fact(self.output_type, data.shape)

    def compute(self, data, boundaries):
        check_sorted(boundaries)
        x, b = _comparable(np.asarray(data)), _comparable(np.asarray(boundaries))
        # Right bound: the first boundary >= x (the count below x); left: the first > x.
        out = np.searchsorted(b, x, side="left" if self.with_right_bound else "right")
        nan = np.isnan(x) if x.dtype.kind == "f" else None
        if nan is not None and nan.any():
            out = np.where(nan, 0 if self.with_right_bound else b.size, out)
        return np.asarray(out).astype(self.output_type.dtype)


def _comparable(a: np.ndarray) -> np.ndarray:
    """f16/bf16 as f32 (exact), so that NumPy compares them with any other type by value."""
    return a.astype(np.float32) if a.dtype.name in ("float16", "bfloat16") else a
