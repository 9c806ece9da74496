"""Values comments on a snippet's ports (``<!-- values: [1, 2, 3, 4] -->``, ``<!-- value [0] -->``,
``<!-- expected: [[1, 2], [3, 4]] -->``): read as JSON after light normalisation, never evaluated,
fitted to the port's dims, and cast to its element type without silent changes.
"""

from __future__ import annotations

import json
import math
import re

import ml_dtypes
import numpy as np

from ..errors import ParseError
from ..shapes import MAX_RANK, fits, fmt, is_static, to_ints
from ..types import NARROW_UINTS, ElementType

# A comment giving values: "values: [...]", "value [0]", "expected values = ...". Other comments
# ("<!-- data -->", "<!-- value of the axis -->") are prose and ignored.
VALUES_COMMENT = re.compile(r"\s*(?:expected(?:\s+values?)?|values?)\s*(?:[:=]\s*|(?=[\[(\d+\-.]))(.*)", re.S | re.I)


def parse_values(text: str, **where) -> np.ndarray:
    """A values comment's list as an array (bool, int64 or float64), without eval: JSON after light
    normalisation (Python's True/False/nan/inf, tuples, NumPy's space-separated printing)."""
    body = text.strip()
    raw = np.frombuffer(body.encode("utf-8"), np.uint8)
    depth = np.cumsum(
        (raw == ord("[")).astype(np.int32) - (raw == ord("]")) + (raw == ord("(")) - (raw == ord(")")), dtype=np.int32
    )
    if depth.size and depth.max() > MAX_RANK:
        raise ParseError(f"the values comment nests lists more than {MAX_RANK} deep", **where)
    norm = body.translate(str.maketrans("()", "[]"))
    norm = re.sub(r"(?<![\w.])nan(?![\w.])", "NaN", norm, flags=re.I)
    norm = re.sub(r"(?<![\w.])inf(?:inity)?(?![\w.])", "Infinity", norm, flags=re.I)
    norm = re.sub(r"\bTrue\b", "true", re.sub(r"\bFalse\b", "false", norm))
    norm = re.sub(r"(?<=[\w.\]])\s+(?=[\w.\[+-])", ", ", norm)
    norm = re.sub(r",\s*\]", "]", norm)
    try:
        obj = json.loads(norm)
    except (ValueError, RecursionError) as e:
        reason = e.msg if isinstance(e, json.JSONDecodeError) else str(e)
        raise ParseError(f"cannot read the values comment {_clip(body)!r}: {reason}", **where) from None
    try:
        arr = np.array(obj)
    except (ValueError, OverflowError):
        raise ParseError(f"the values comment {_clip(body)!r} is not a rectangular list of numbers", **where) from None
    if arr.dtype.kind not in "biuf" or arr.dtype.kind == "u":
        raise ParseError(
            f"the values comment {_clip(body)!r} holds something other than numbers "
            f"(or integers beyond the int64 range)",
            **where,
        )
    return arr.astype(np.float64) if arr.dtype.kind == "f" else arr


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n] + "..."


def fit_values(arr: np.ndarray, dims: tuple, **where) -> np.ndarray:
    """Values in the port's shape: the same count (read in row-major order) for static dims, the
    same rank for dynamic ones."""
    if is_static(dims):
        count = math.prod(to_ints(dims))
        if arr.size != count:
            raise ParseError(f"the values comment holds {arr.size} value(s); dims {fmt(dims)} need {count}", **where)
        return arr.reshape(to_ints(dims))
    if len(dims) == arr.ndim and fits(dims, arr.shape):
        return arr
    raise ParseError(f"the values comment's shape {list(arr.shape)} does not fit dims {fmt(dims)}", **where)


def cast_values(raw: np.ndarray, etype: ElementType, **where) -> np.ndarray:
    """Comment values in a port's type: never silently changed (no fractions into integers, no
    integer out of the type's range)."""
    dtype = etype.dtype
    if etype.name == "boolean":
        if raw.dtype.kind != "b" and raw.size and not np.all((raw == 0) | (raw == 1)):
            raise ParseError("boolean values must be true/false or 0/1", **where)
        return raw.astype(bool)
    if etype.is_integer:
        if raw.dtype.kind == "f" and raw.size and not np.all(np.isfinite(raw) & (raw == np.round(raw))):
            raise ParseError(f"values of an {etype} port must be integers", **where)
        narrow = etype.name in NARROW_UINTS  # (uint8 arrays: the range is the type's)
        lo, hi = (
            (0, (1 << etype.bits) - 1) if narrow else (int(ml_dtypes.iinfo(dtype).min), int(ml_dtypes.iinfo(dtype).max))
        )
        if raw.size and (raw.min() < lo or raw.max() > hi):
            raise ParseError(f"values must be in [{lo}, {hi}] for an {etype} port", **where)
        return (raw if raw.dtype.kind == "f" else raw.astype(np.int64)).astype(dtype)
    return raw.astype(dtype)
