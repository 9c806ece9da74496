"""The one rule for what a caller's array may feed: an input of a model or a layer, or a variable's
new value. Arrays are refused, never silently cast across kinds (README, Python API)."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ..errors import InputError, ParseError
from ..ops.type.convert_narrow import NARROW
from ..shapes import fits, fmt
from ..strings import as_strings
from ..types import NARROW_UINTS, ElementType, from_dtype
from .tensor_info import TensorInfo


def check_input(info: TensorInfo, value, what: str = "input") -> np.ndarray:
    """The caller's array, refused (never silently cast) if its type or shape is wrong. ``what``
    names it in messages ("input", "variable"); a type of None takes any."""
    want = info.element_type
    if want is not None and want.is_string:
        # str arrays (<U, as .npy files hold them) or lists of str, held as objects (irexec.strings);
        # nothing else, not even numbers, becomes a string silently.
        arr = as_strings(value)
        if arr is None:
            raise InputError(
                f"{what} '{info.name}' expects string (an array or nested lists of str, "
                f"of one shape), got {_not_strings(value)}"
            )
    else:
        try:
            arr = np.asarray(value)
        except (ValueError, TypeError) as e:  # ragged nested lists, objects NumPy cannot take
            raise InputError(f"{what} '{info.name}': the value is not one array: {e}") from None
    # (nf4 computes as f32: an f32 array for it still needs its values rounded to nf4's.)
    if want is not None and not want.is_string and (arr.dtype != want.dtype or want.name == "nf4"):
        converted, why = convert_input(arr, want)
        if converted is None:
            raise InputError(f"{what} '{info.name}' expects {want}, got {_dtype_name(arr.dtype)}{why}")
        arr = converted
    if want is not None and want.name in NARROW_UINTS and arr.size and np.any(arr >> want.bits):
        top = (1 << want.bits) - 1  # (held in uint8: the range is the type's, not the array's)
        raise InputError(f"{what} '{info.name}' is {want}: values must be " + ("0 or 1" if top == 1 else f"0 to {top}"))
    if not fits(info.shape, arr.shape):
        raise InputError(f"{what} '{info.name}' expects shape {fmt(info.shape)}, got {list(arr.shape)}")
    return arr


def _not_strings(value) -> str:
    """What a value given for a string input is, when it is not strings."""
    if not isinstance(value, np.ndarray):
        return type(value).__name__
    if value.dtype.kind == "O":
        other = next(x for x in value.reshape(-1).tolist() if not isinstance(x, str))
        return f"an object array holding {type(other).__name__}"
    return _dtype_name(value.dtype)


def _dtype_name(dtype) -> str:
    try:
        return f"{from_dtype(dtype).name} ({dtype})"
    except ParseError:
        return str(dtype)


def _kind(dtype) -> str | None:
    """ "float", "int" or "bool" for a dtype of numbers (ml_dtypes' included), None for the rest."""
    if dtype.kind in "biuf":
        return {"b": "bool", "f": "float"}.get(dtype.kind, "int")
    try:
        et = from_dtype(dtype)
    except ParseError:
        return None
    return "float" if et.is_float else "int" if et.is_integer else None


def convert_input(arr: np.ndarray, want: ElementType) -> tuple:
    """The one casting rule for inputs (README, Python API): ``(array of want's type, "")``, or
    ``(None, why)`` when the array is refused. An array feeds an input of another type only within
    its kind: floats feed a float input (rounded to its precision, as OpenVINO takes f64 arrays and
    Python floats for f32; a finite value beyond its range is refused), integers an integer input
    when every value fits (Python ints feed i32). Booleans feed boolean inputs only; integers never
    become floats nor floats integers. An empty array takes the input's type."""
    src, have, need = arr.dtype, _kind(arr.dtype), _kind(want.dtype)
    if want.name in NARROW_UINTS:
        need = "int"
    if have is None or need is None:
        return None, ""
    if arr.size == 0:
        return arr.astype(want.dtype), ""
    if have != need:
        return None, f" ({have}s are not converted to {need}s)" if "bool" not in (have, need) else ""
    if need == "int":
        info = ml_dtypes.iinfo(want.dtype)
        if not np.can_cast(src, want.dtype, "safe") and not (arr.min() >= info.min and arr.max() <= info.max):
            return None, f" with values outside {want}'s range [{info.min}, {info.max}]"
        return arr.astype(want.dtype), ""
    if want.name in NARROW:  # rounded as Convert rounds (nf4: to the nearest of its 16 values)
        out = narrow_input(arr, want)
        return (out, "") if out is not None else (None, f" with values outside {want}'s range")
    with np.errstate(over="ignore"):
        out = arr.astype(want.dtype)
    if want.dtype.itemsize <= src.itemsize:  # (bf16 to f16 as well: as wide, a smaller range)
        lost = np.isinf(out)
        if lost.any() and np.isfinite(arr[lost]).any():
            return None, f" with finite values beyond {want}'s range"
    return out, ""


# The largest magnitude of the types that saturate rather than overflow to NaN or inf.
SATURATES_AT = {"f4e2m1": 6.0, "nf4": 1.0, "f8e8m0": 2.0**127}


def narrow_input(arr: np.ndarray, want):
    """A float array fed to an input of ``want`` (one of NARROW): converted as Convert does, or
    None when a finite value lies beyond the type's range (it would become NaN, inf or the
    type's limit), or, for f8e8m0, is not positive (it would become 2^-127)."""
    from ..ops.type.convert import convert  # (an op file: loaded by the models that feed such types)

    with np.errstate(over="ignore"):  # (f64 beyond f32's range: refused below, without a warning)
        out = convert(arr, want)
    x = arr.astype(np.float64)
    finite = np.isfinite(x)
    lost = finite & ~np.isfinite(out.astype(np.float64))
    if want.name in SATURATES_AT:
        lost |= finite & (np.abs(x) > SATURATES_AT[want.name])
    if want.name == "f8e8m0":
        lost |= x <= 0
    return None if lost.any() else out
