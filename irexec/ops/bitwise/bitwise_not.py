"""BitwiseNot-13: ``~x`` bit by bit, elementwise, on integers (in the two's complement of their
type: ``~x == -x - 1`` when signed, ``max - x`` when unsigned) or booleans (LogicalNot).

Departs from the CPU plugin, which narrows i64/u64 to i32: the high 32 bits of a value fed at run
time are lost, a constant is limited to the i32 range."""

import numpy as np

from ..elementwise import Unary
from ..registry import register
from ._bitwise import INTEGERS_OR_BOOLEAN


@register
class BitwiseNot(Unary):
    type, version = "BitwiseNot", "opset13"
    spec = "bitwise/bitwise-not-13"
    operand_types = INTEGERS_OR_BOOLEAN
    function = staticmethod(np.invert)
