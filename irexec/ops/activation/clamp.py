"""Clamp-1: ``min(max(x, min), max)``, elementwise, on numeric data; ``min`` and ``max`` are
required floats with ``min <= max`` (irexec refuses the layer otherwise, O003, as OpenVINO does).
For integer data ``min`` is rounded up and ``max`` down (the spec's note), then limited to the
type's range; f16 and bf16 compute in f32 and round once.

NaN stays NaN, as in OpenVINO's reference implementation; the CPU plugin gives ``min`` for NaN.
For bf16 data an AVX2 machine's plugin rounds the bounds to bf16 by truncation (-1.1 to -1.09375),
an AVX-512 one to nearest (-1.1015625, as irexec).
"""

import math

import numpy as np

from ...errors import ValidationError
from ..elementwise import Unary, in_f32_unary
from ..op import Attr
from ..registry import register


def _clamp(x, lo, hi):
    if x.dtype.kind in "iu":
        info = np.iinfo(x.dtype)
        # Bounds beyond the type clip nothing on that side.
        lo = min(max(math.ceil(lo), info.min), info.max) if math.isfinite(lo) else (info.min if lo < 0 else info.max)
        hi = min(max(math.floor(hi), info.min), info.max) if math.isfinite(hi) else (info.min if hi < 0 else info.max)
    # minimum/maximum keep NaN where np.clip might not on every NumPy.
    return np.minimum(np.maximum(x, x.dtype.type(lo)), x.dtype.type(hi))


@register
class Clamp(Unary):
    type, version = "Clamp", "opset1"
    builder_args = ("data=x", "min_value=min", "max_value=max")
    spec = "activation/clamp-1"
    attrs = (Attr("min", "float"), Attr("max", "float"))

    def setup(self):
        if not self.min <= self.max:  # also refuses NaN
            raise ValidationError(f"Clamp min must not exceed max, got min={self.min} max={self.max}")

    def compute(self, x):
        return in_f32_unary(_clamp)(x, self.min, self.max)
