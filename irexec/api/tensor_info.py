"""A model's input or output as OpenVINO's Python API shows one (``model.inputs[0]``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..shapes import PShape, fmt
from ..types import ElementType
from .partial_shape import PartialShape


@dataclass(frozen=True)
class TensorInfo:
    """A model input or output: the name it is keyed by, its other names, type and shape."""

    name: str
    names: tuple
    element_type: ElementType
    shape: PShape
    layer_id: str

    def __str__(self) -> str:
        return f"{self.name}: {self.element_type} {fmt(self.shape)}"

    # OpenVINO's port API (an input or output of a model, as ``model.inputs[0]``), by its names.
    @property
    def any_name(self) -> str:
        return self.name

    get_any_name = any_name.fget

    def get_names(self) -> set:
        """Every tensor name of the port (its layer's name when it has none)."""
        return set(self.names) or {self.name}

    @property
    def partial_shape(self) -> PartialShape:
        return PartialShape(self.shape)

    get_partial_shape = partial_shape.fget

    def get_shape(self) -> list:
        """The static shape's sizes (a dynamic shape raises, as OpenVINO's does)."""
        return self.partial_shape.to_shape()

    def get_element_type(self) -> ElementType:
        return self.element_type

    def __repr__(self) -> str:
        names = ", ".join(sorted(self.get_names()))
        return f"<Output: names[{names}] shape{fmt(self.shape)} type: {self.element_type}>"
