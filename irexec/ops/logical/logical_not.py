"""LogicalNot-1: ``not x`` on a boolean tensor."""

import numpy as np

from ..elementwise import BOOL
from ..op import Fact, Input, Op
from ..registry import register


@register
class LogicalNot(Op):
    type, version = "LogicalNot", "opset1"
    builder_args = ("node=x",)
    spec = "logical/logicalnot-1"
    inputs = (Input("x", "bool"),)

    def output_facts(self, x):
        return Fact(BOOL, x.shape)

    def compute(self, x):
        return np.logical_not(x)
