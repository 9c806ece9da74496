"""Constant-1 (written ``Const`` in IR): a tensor stored in the weights file at ``offset``,
``size`` bytes of ``element_type`` in ``shape``. The bytes are mapped, not read, until a value
is needed; shape inference carries the value of small constants.

``element_type="dynamic"`` (or ``undefined``), shape ``0``: no tensor, the empty placeholder
OpenVINO's ONNX frontend writes for an optional input left out (GroupQueryAttention's cos_cache,
...). OpenVINO reads one of any shape, with any size; irexec reads only the empty one (any
size, as OpenVINO writes it with one byte) and refuses one with elements, which would hold
values of no type."""

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
    attrs = (Attr("element_type", "const_etype"), Attr("shape", "shape"), Attr("offset", "int"), Attr("size", "int"))
    foldable = False
    weights = None

    def setup(self):
        if not is_static(self.shape):
            raise ValidationError(f"a Const needs a static shape, got '{self.shape}'")
        self.dims = to_ints(self.shape)
        require_array_shape(self.dims, self.element_type.dtype.itemsize, "the constant")
        self.count = math.prod(self.dims)
        if self.element_type.name == "dynamic" and self.count:
            raise ValidationError(
                f"a Const of element type dynamic has no values to hold, so irexec reads it only empty "
                f"(an absent optional input), got shape {list(self.dims)}"
            )

    def bind(self, weights) -> None:
        self.weights = weights

    def check(self) -> None:
        """Everything about the bytes that can be known without reading them."""
        count = self.count
        if self.element_type.name == "dynamic":
            return  # (empty, setup says: no bytes to check, whatever size OpenVINO wrote)
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
