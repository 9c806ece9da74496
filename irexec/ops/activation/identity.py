"""Identity-16: ``y = x``, the input forwarded unchanged: same shape, element type and values
(any type, any rank, empty tensors too). NaN payloads and -0 are kept, as the values are not
computed on. The CPU plugin narrows i64 to i32 (keeping the low 32 bits: 2^40 + 5 gives 5);
irexec forwards the values as they are."""

from ..op import Fact, Input, Op
from ..registry import register


@register
class Identity(Op):
    type, version = "Identity", "opset16"
    spec = "activation/identity-16"
    inputs = (Input("data"),)

    def output_facts(self, data):
        return Fact(data.etype, data.shape)

    def compute(self, data):
        # (A view would do as well; a copy keeps the output a tensor of its own, as the spec says.)
        return data.copy()
