"""IsNaN-10: whether each element of a floating-point tensor is NaN (of either sign, quiet or
signalling); the output is boolean, of the input's shape."""

import numpy as np

from ..elementwise import BOOL
from ..op import Fact, Input, Op
from ..registry import register


@register
class IsNaN(Op):
    type, version = "IsNaN", "opset10"
    builder_name = "is_nan"
    builder_args = ("data=x",)
    spec = "comparison/isnan-10"
    inputs = (Input("x", "float"),)

    def output_facts(self, x):
        return Fact(BOOL, x.shape)

    def compute(self, x):
        return np.isnan(x)
