"""BitwiseXor-13: ``a ^ b`` bit by bit, elementwise with auto-broadcast, on integers (in the
two's complement of their type) or booleans (LogicalXor).

Departs from the CPU plugin, which narrows i64/u64 to i32: the high 32 bits of a value fed at run
time are lost, a constant is limited to the i32 range."""

import numpy as np

from ..elementwise import Binary
from ..registry import register
from ._bitwise import INTEGERS_OR_BOOLEAN


@register
class BitwiseXor(Binary):
    type, version = "BitwiseXor", "opset13"
    spec = "bitwise/bitwise-xor-13"
    operand_types = INTEGERS_OR_BOOLEAN
    compute = staticmethod(np.bitwise_xor)
