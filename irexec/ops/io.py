"""Parameter, Const and Result: where tensors enter and leave a model."""
from __future__ import annotations

import math

from ..errors import ValidationError
from ..shapes import is_static, static, to_ints
from .common import FOLD_LIMIT, require_array_shape
from .registry import Attr, Fact, Op, register


@register
class Parameter(Op):
    type, version = "Parameter", "opset1"
    attrs = (Attr("shape", "shape"), Attr("element_type", "etype"))

    def infer(self, ins):
        return [Fact(self.element_type, self.shape)]

    def eval(self, ins):
        raise AssertionError("Parameters are fed by the executor")


@register
class Const(Op):
    type, version = "Const", "opset1"
    attrs = (Attr("element_type", "etype"), Attr("shape", "shape"),
             Attr("offset", "int"), Attr("size", "int"))

    weights = None

    def setup(self):
        if not is_static(self.shape):
            raise ValidationError(f"a Const needs a static shape, got '{self.shape}'")
        self.dims = to_ints(self.shape)
        require_array_shape(self.dims, self.element_type.dtype.itemsize, "the constant")

    def bind(self, weights) -> None:
        self.weights = weights

    def check(self) -> None:
        """Everything about the bytes that can be known without reading them."""
        count = math.prod(self.dims)
        need = self.element_type.nbytes(count)
        # OpenVINO writes an empty constant as one byte (size="1"): allow that, and nothing more.
        if self.size != need and not (count == 0 and self.size <= 1):
            raise ValidationError(f"size {self.size} does not match shape {list(self.dims)} of "
                                  f"{self.element_type} ({need} bytes)", code="C003")
        self.weights.check_range(self.offset, self.size)

    def infer(self, ins):
        count = math.prod(self.dims)
        value = self.eval([])[0] if count <= FOLD_LIMIT else None
        return [Fact(self.element_type, static(self.dims), value)]

    def eval(self, ins):
        return [self.weights.tensor(self.offset, self.size, self.element_type, self.dims)]


@register
class Result(Op):
    type, version = "Result", "opset1"
    min_inputs = max_inputs = 1
    num_outputs = 0

    def infer(self, ins):
        return []

    def eval(self, ins):
        return []
