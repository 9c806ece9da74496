"""ShapeOf-1 and ShapeOf-3: the input's shape as a 1-D integer tensor (i64 for ShapeOf-1,
``output_type`` i32 or i64 for ShapeOf-3).

Converters build index and update shapes from it, so the rule gives the value itself whenever
the input's shape is static: later shapes then stay exact.

A dim that does not fit in the output type (i32) is refused, not wrapped.

ShapeOf-3 with ``output_type`` left out: irexec uses the spec's default, i64; OpenVINO refuses to
read such a layer ("Output type must be i32 or i64").
"""

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, is_static, static, to_ints
from ...symbolic import Sym
from ...types import BY_NAME
from ..op import Attr, Fact, Input, Op
from ..registry import register

I64 = BY_NAME["i64"]


class _ShapeOfBase(Op):
    inputs = (Input("data"),)

    def out_type(self):
        return I64

    def values(self, dims) -> np.ndarray:
        et = self.out_type()
        top = int(np.iinfo(et.dtype).max)
        for d in dims:
            if d > top:
                raise ValidationError(f"dimension {d} does not fit in the output type {et}")
        if any(isinstance(d, Sym) for d in dims):
            return np.array(dims, dtype=object)  # (the sizing pass's symbolic length: irexec.symbolic)
        return np.array(dims, dtype=et.dtype)

    def output_facts(self, data):
        shape = data.shape
        if is_static(shape):
            return Fact(self.out_type(), (fixed(len(shape)),), self.values(to_ints(shape)))
        return Fact(self.out_type(), (DYN,) if shape is None else static([len(shape)]))

    def compute(self, data):
        return self.values(np.shape(data))


@register
class ShapeOf1(_ShapeOfBase):
    type, version = "ShapeOf", "opset1"
    spec = "shape/shape-of-1"


@register
class ShapeOf3(_ShapeOfBase):
    type, version = "ShapeOf", "opset3"
    spec = "shape/shape-of-3"
    attrs = (Attr("output_type", "etype", I64),)

    def setup(self):
        if self.output_type.name not in ("i32", "i64"):
            raise ValidationError(f"ShapeOf output_type must be i32 or i64, got {self.output_type}")

    def out_type(self):
        return self.output_type
