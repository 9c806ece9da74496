"""BitwiseLeftShift-15: ``a << b``, elementwise with auto-broadcast, on integers: the bits shifted
past the type's width are lost (the result modulo 2**n, for signed types too: two's complement,
as the CPU plugin gives, where the spec leaves a signed overflow undefined). A shift count that is
negative or not below the type's bit width is undefined in the spec and refused.

Departs from the CPU plugin, which narrows i64/u64 to i32 (so shifts them in 32 bits, counts modulo
32), and takes the counts irexec refuses: it shifts in 32 bits for every type, counts modulo 32
(in i32 5 << 32 gives 5 and 5 << -1 gives INT_MIN)."""

import numpy as np

from ..elementwise import Binary
from ..registry import register
from ._bitwise import INTEGERS, shift_counts


def left_shift(a, b):
    shift_counts(a, b)
    return np.left_shift(a, b)


@register
class BitwiseLeftShift(Binary):
    type, version = "BitwiseLeftShift", "opset15"
    builder_args = ("arg0=a", "arg1=b", ("auto_broadcast", "NUMPY"))
    spec = "bitwise/bitwise-left-shift-15"
    operand_types = INTEGERS
    compute = staticmethod(left_shift)
