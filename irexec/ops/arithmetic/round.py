"""Round-5: each value to the nearest integer value, elementwise; ``mode`` says where halves go:
``half_to_even`` (the default: 2.5 -> 2, -1.5 -> -2) or ``half_away_from_zero`` (2.5 -> 3,
-2.5 -> -3). Infinities, NaN and -0 pass through, -0.25 gives -0. f16/bf16 compute in f32 (exact).
Integers are already integers (returned unchanged, with no trip through floats).

Departs from the CPU plugin, which gives 1 for 0.49999997 (the float just below 0.5) with
``half_away_from_zero`` (it computes floor(|x| + 0.5), and that sum rounds up) and +0 for -0
in that mode, and which computes integers through f32: beyond 2**24 they come back
rounded to a multiple of a power of two, and i32 INT_MAX overflows to INT_MIN (i64: computed in i32,
the high bits are lost)."""

import numpy as np

from ..attrs import Attr
from ..elementwise import Unary, in_f32_unary
from ..registry import register


def half_away_from_zero(x):
    # Not floor(|x| + 0.5): that sum rounds up for the float just below 0.5. x - trunc(x) is exact.
    whole = np.trunc(x)
    return whole + np.copysign((np.abs(x - whole) >= 0.5).astype(x.dtype), x)


@register
class Round(Unary):
    type, version = "Round", "opset5"
    builder_args = ("data=x", "mode")
    spec = "arithmetic/round-5"
    attrs = (Attr("mode", "str", "half_to_even", ("half_to_even", "half_away_from_zero")),)

    def compute(self, x):
        if x.dtype.kind in "iu":
            return x.copy()
        away = self.mode.lower() == "half_away_from_zero"
        return in_f32_unary(half_away_from_zero if away else np.rint)(x)
