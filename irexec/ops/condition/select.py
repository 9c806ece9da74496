"""Select-1: ``cond ? then : else``, elementwise; the three inputs broadcast together (then with
else first, then with the condition).

Departs from the CPU plugin, which narrows i64 then/else values to i32 (keeping their low 32 bits)."""

import numpy as np

from ..elementwise import AUTOB, broadcast_shape, check_output
from ..op import Fact, Input, Op
from ..registry import register


@register
class Select(Op):
    type, version = "Select", "opset1"
    builder_args = ("cond", "then_node=then", "else_node=else", "auto_broadcast")
    spec = "condition/select-1"
    inputs = (Input("cond", "bool"), Input("then"), Input("else", same_as="then"))
    attrs = (AUTOB,)

    def output_facts(self, cond, then, other):
        shape = broadcast_shape(
            self.auto_broadcast, broadcast_shape(self.auto_broadcast, then.shape, other.shape), cond.shape
        )
        etype = then.etype or other.etype
        check_output(shape, etype)
        return Fact(etype, shape)

    def compute(self, cond, then, other):
        return np.where(cond, then, other)
