"""IsInf-10: whether each element of a floating-point tensor is an infinity the attributes ask
for: ``detect_positive`` (default true) +inf, ``detect_negative`` (default true) -inf; with both
false every element gives false. The output is boolean, of the input's shape.

Departs from the CPU plugin, which computes f64 in f32, where +-inf become +-FLT_MAX (not
infinities)."""

import numpy as np

from ..elementwise import BOOL
from ..op import Attr, Fact, Input, Op
from ..registry import register


@register
class IsInf(Op):
    type, version = "IsInf", "opset10"
    builder_args = ("data=x", ("attributes=**", None))
    spec = "comparison/isinf-10"
    inputs = (Input("x", "float"),)
    attrs = (Attr("detect_negative", "bool", True), Attr("detect_positive", "bool", True))

    def output_facts(self, x):
        return Fact(BOOL, x.shape)

    def compute(self, x):
        inf = np.isinf(x)
        negative = np.signbit(x)
        return inf & ((negative & self.detect_negative) | (~negative & self.detect_positive))
