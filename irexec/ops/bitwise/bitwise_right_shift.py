"""BitwiseRightShift-15: ``a >> b``, elementwise with auto-broadcast, on integers: arithmetic for
signed types (the sign bit fills in: -8 >> 1 is -4, -1 >> n is -1, as C++20 and the CPU plugin
give), logical for unsigned ones. A shift count that is negative or not below the type's bit
width is undefined in the spec and refused.

Departs from the CPU plugin, which shifts u32 arithmetically, as signed (4294967295 >> 1 gives
4294967295), narrows i64/u64 to i32 (so shifts them in 32 bits, counts modulo 32), and takes the
counts irexec refuses: it shifts in 32 bits for every type, counts modulo 32 (5 >> 33 gives 2 in
i32)."""

import numpy as np

from ..elementwise import Binary
from ..registry import register
from ._bitwise import INTEGERS, shift_counts


def right_shift(a, b):
    shift_counts(a, b)
    return np.right_shift(a, b)


@register
class BitwiseRightShift(Binary):
    type, version = "BitwiseRightShift", "opset15"
    builder_args = ("arg0=a", "arg1=b", ("auto_broadcast", "NUMPY"))
    spec = "bitwise/bitwise-right-shift-15"
    operand_types = INTEGERS
    compute = staticmethod(right_shift)
