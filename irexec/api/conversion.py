"""What OpenVINO's Python API does with the values a program feeds a compiled model's inputs, as
measured on the runtime, for the surface that stands in for it (``CompiledModel.__call__``,
``infer_new_request``, a compiled model's ``InferRequest.infer``/``start_async`` and
``AsyncInferQueue.start_async``). irexec's own ``Model.infer`` keeps its stricter rule
(irexec.api.inputs): OpenVINO's converts silently, wrapping and saturating as C casts do.

- An array (any order, contiguous or not), a NumPy scalar or a Python number is cast to the
  input's type as NumPy's ``astype`` casts: f64 to f32 overflows to inf, 300.2 to u8 wraps to
  44, an i64 past i32's range keeps its low 32 bits, a NaN to an integer becomes its minimum,
  numbers become booleans by being non-zero, an array of numeric text is parsed.
- A Python list becomes the array NumPy makes of it (ints are i64, floats f64) and is not cast:
  it feeds only an input of that type.
- A Tensor feeds as it is: its type must be the input's.
- A tuple is no input value.
- The shape is never changed, except that one value (a scalar, or an array of one element and
  rank 0) fills a static input of one element.

Types NumPy has no plain dtype for (bf16, the 8- and 4-bit floats, nf4, u1/i4/u4, string) follow
irexec's rule, which the run applies to every input after this conversion.
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from ..shapes import is_static, to_ints
from .tensor import Tensor

# The types a value is cast to as NumPy casts it: those NumPy has a plain dtype for.
_CAST_KINDS = "biuf"


def as_input(info, value):
    """``value`` for input ``info`` (a TensorInfo) as OpenVINO's Python API takes it: an array of
    the input's type where it converts, else the value for irexec's rule to accept or refuse."""
    want = info.element_type
    if isinstance(value, Tensor):
        arr = value.data
        if want is not None and not want.is_string and arr.dtype != want.dtype:
            raise InputError(f"input '{info.name}' is {want}: a Tensor of {value.element_type.name} is not converted")
        return _fill(info, arr)
    if isinstance(value, tuple):
        raise InputError(f"input '{info.name}': a tuple is no input value (give an array)")
    if want is None or want.is_string or want.is_packed or want.dtype.kind not in _CAST_KINDS:
        return value
    if isinstance(value, list):
        try:
            arr = np.array(value)
        except (ValueError, TypeError) as e:  # (ragged lists)
            raise InputError(f"input '{info.name}': the list is not one array: {e}") from None
        if arr.dtype != want.dtype and arr.size:
            raise InputError(f"input '{info.name}' is {want}: a list makes a {arr.dtype} array, which is not converted")
        return _fill(info, arr.astype(want.dtype, copy=False))
    arr = np.asarray(value)
    if arr.dtype != want.dtype:
        if arr.dtype.kind == "c":
            arr = arr.real  # (as astype takes complex numbers, without its warning)
        try:
            with np.errstate(all="ignore"):
                arr = arr.astype(want.dtype)
        except (ValueError, TypeError) as e:
            raise InputError(f"input '{info.name}' is {want}: the value does not convert ({e})") from None
    return _fill(info, arr)


def _fill(info, arr: np.ndarray) -> np.ndarray:
    """A rank-0 value for a static input of one element takes the input's shape."""
    if arr.ndim == 0 and info.shape and is_static(info.shape):
        dims = to_ints(info.shape)
        if all(d == 1 for d in dims):
            return arr.reshape(dims)
    return arr
