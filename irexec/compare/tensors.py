"""Arrays to and from OpenVINO's tensors, bit for bit.

OpenVINO's Python API shows a tensor of a type NumPy lacks through another dtype: bf16 through
float16, the f8 types through uint8, the 4-bit and 1-bit types packed two (eight) to a byte. Given
a NumPy array of such a type (irexec's, from ml_dtypes), it converts the values into that dtype:
a bf16 1.5 went in as float16 1.5, whose bits bf16 reads as 0.125, and an f8 1.5 as the byte 1. So
those inputs are given as a tensor filled with their bits, and those outputs read back from
theirs."""

from __future__ import annotations

import numpy as np

from ..kernels.packing import pack, unpack
from ..types import BY_NAME

# The types OpenVINO shows through a dtype of the same width: that dtype's bits are the values'.
_VIEWED = {"bf16": np.uint16, "f8e4m3": np.uint8, "f8e5m2": np.uint8, "f8e8m0": np.uint8}
# The types it packs (irexec.types packs them alike, as the .bin holds them).
_PACKED = ("i4", "u4", "u1", "u2", "u3", "u6", "nf4", "f4e2m1")


def to_device(ov, arr: np.ndarray, ov_type):
    """What to give OpenVINO for an input of type ``ov_type``: ``arr`` itself, or a tensor of
    that type holding its bits."""
    name = ov_type.get_type_name()
    if name not in _VIEWED and name not in _PACKED:
        return arr
    arr = np.ascontiguousarray(arr)
    tensor = ov.Tensor(ov_type, ov.Shape(list(arr.shape)))
    raw = tensor.data.reshape(-1).view(np.uint8)
    bits = arr.view(_VIEWED[name]) if name in _VIEWED else np.frombuffer(pack(arr, BY_NAME[name]), np.uint8)
    raw[:] = bits.reshape(-1).view(np.uint8)
    return tensor


def from_device(tensor) -> np.ndarray:
    """An output tensor's values, in irexec's dtype for its type (a copy)."""
    name = tensor.element_type.get_type_name()
    shape = tuple(tensor.shape)
    if name in _VIEWED:
        return np.array(tensor.data).view(_VIEWED[name]).view(BY_NAME[name].dtype).reshape(shape)
    if name in _PACKED:
        raw = np.array(tensor.data).reshape(-1).view(np.uint8)
        return unpack(raw, BY_NAME[name], int(np.prod(shape, dtype=np.int64))).reshape(shape)
    return np.array(tensor.data)
