"""Parameter-1: a model input, of the declared element type and (partial) shape. The executor
feeds it; shape inference takes the facts of the actual input when it has them."""

from ..op import Attr, Fact, Op
from ..registry import register


@register
class Parameter(Op):
    type, version = "Parameter", "opset1"
    spec = "infrastructure/parameter-1"
    attrs = (Attr("shape", "shape"), Attr("element_type", "etype"))
    foldable = False

    def output_facts(self):
        return Fact(self.element_type, self.shape)

    def compute(self):
        raise AssertionError("Parameters are fed by the executor")
