"""IsFinite-10: whether each element of a floating-point tensor is finite (neither NaN nor +-inf);
the output is boolean, of the input's shape.

Departs from the CPU plugin, which gives false for subnormal f32 values (1e-40) fed at run time
(a constant one OpenVINO folds as the spec says), and computes f64 in f32, where +-inf become
+-FLT_MAX (finite)."""

import numpy as np

from ..elementwise import BOOL
from ..op import Fact, Input, Op
from ..registry import register


@register
class IsFinite(Op):
    type, version = "IsFinite", "opset10"
    builder_args = ("data=x",)
    spec = "comparison/isfinite-10"
    inputs = (Input("x", "float"),)

    def output_facts(self, x):
        return Fact(BOOL, x.shape)

    def compute(self, x):
        return np.isfinite(x)
