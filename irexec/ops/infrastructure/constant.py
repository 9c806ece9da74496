"""Constant-1 (written ``Const`` in IR): a tensor stored in the weights file at ``offset``,
``size`` bytes of ``element_type`` in ``shape``. The bytes are mapped, not read, until a value
is needed; shape inference carries the value of small constants."""

import math

from ...errors import ValidationError
from ...shapes import is_static, to_ints
from ..common import FOLD_LIMIT, require_array_shape
from ..op import Attr, Fact, Op
from ..registry import register


@register
class Const(Op):
    type, version = "Const", "opset1"
    spec = "infrastructure/constant-1"
    attrs = (Attr("element_type", "etype"), Attr("shape", "shape"), Attr("offset", "int"), Attr("size", "int"))
    foldable = False
    weights = None

    def setup(self):
        if not is_static(self.shape):
            raise ValidationError(f"a Const needs a static shape, got '{self.shape}'")
        self.dims = to_ints(self.shape)
        require_array_shape(self.dims, self.element_type.dtype.itemsize, "the constant")
        self.count = math.prod(self.dims)

    def bind(self, weights) -> None:
        self.weights = weights

    def check(self) -> None:
        """Everything about the bytes that can be known without reading them."""
        count = self.count
        if self.element_type.is_string:
            # Packed: a count, count + 1 offsets, then the characters (irexec.strings); the
            # offsets are checked when the value is read.
            least = 4 * (count + 2)
            if self.size < least and not (count == 0 and self.size <= 1):
                raise ValidationError(
                    f"size {self.size} is too small for {count} string(s) (their header alone takes {least} bytes)",
                    code="C003",
                )
            self.weights.check_range(self.offset, self.size)
            return
        need = self.element_type.nbytes(count)
        # OpenVINO writes an empty constant as one byte (size="1"): allow that, and nothing more.
        if self.size != need and not (count == 0 and self.size <= 1):
            raise ValidationError(
                f"size {self.size} does not match shape {list(self.dims)} of {self.element_type} ({need} bytes)",
                code="C003",
            )
        self.weights.check_range(self.offset, self.size)

    def output_facts(self):
        value = self.compute() if self.count <= FOLD_LIMIT else None
        return Fact(self.element_type, self.shape, value)  # (static: setup refuses any other)

    def compute(self):
        return self.weights.tensor(self.offset, self.size, self.element_type, self.dims)
