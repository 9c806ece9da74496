"""OpenVINO's ``Tensor`` and ``Type`` over NumPy arrays and irexec's element types."""

from __future__ import annotations

import numpy as np

from ..types import BY_NAME, ElementType, from_dtype


class Type:
    """OpenVINO's element types by name: ``Type.f32``, ``Type.i64``, ``Type.boolean`` ..."""


for _name, _etype in BY_NAME.items():
    setattr(Type, _name, _etype)


class Tensor:
    """OpenVINO's ``Tensor``: an array with its element type. ``data`` is the array (shared with
    the one given, as OpenVINO shares NumPy memory); ``shape``, ``element_type``, ``size``."""

    def __init__(self, array, shared_memory: bool = True):
        if isinstance(array, Tensor):
            array = array.data
        self.data = np.asarray(array) if shared_memory else np.array(array, copy=True)

    @property
    def shape(self) -> list:
        return list(self.data.shape)

    def get_shape(self) -> list:
        return self.shape

    @property
    def element_type(self) -> ElementType:
        return from_dtype(self.data.dtype)

    def get_element_type(self) -> ElementType:
        return self.element_type

    @property
    def size(self) -> int:
        return int(self.data.size)

    def get_size(self) -> int:
        return self.size

    @property
    def byte_size(self) -> int:
        return int(self.data.nbytes)

    def __array__(self, dtype=None, copy=None):
        return self.data if dtype is None else self.data.astype(dtype)

    def __repr__(self) -> str:
        return f"<Tensor: shape{self.shape} type: {self.element_type}>"
