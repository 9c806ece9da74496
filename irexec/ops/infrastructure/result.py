"""Result-1: a model output; it computes nothing and has no output port."""

from ..op import Input, Op
from ..registry import register


@register
class Result(Op):
    type, version = "Result", "opset1"
    spec = "infrastructure/result-1"
    inputs = (Input("input"),)
    outputs = ()
    foldable = False

    def output_facts(self, x):
        return []

    def compute(self, x):
        return ()
