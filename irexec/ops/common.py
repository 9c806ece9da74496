"""Small helpers op files share: reading scalar and vector inputs, size guards, constant indices."""

from __future__ import annotations

import numpy as np

from ..errors import ValidationError
from ..kernels.indices import IndexOutOfRangeError, nd_row_offsets, normalize
from ..shapes import DYN, MAX_RANK, is_static, static, to_ints
from ..symbolic import Sym
from .op import FOLD_LIMIT, Fact  # noqa: F401

# The most bytes NumPy can address in one array (its sizes are signed pointer-sized integers).
MAX_ARRAY_BYTES = int(np.iinfo(np.intp).max)


def require_rank(rank: int, what: str = "the output") -> None:
    """Refuse a result of more dims than NumPy allows, before NumPy is asked for it (some NumPy
    functions check; np.take crashes the process)."""
    if rank > MAX_RANK:
        raise ValidationError(f"{what} would have {rank} dims; irexec handles at most {MAX_RANK}")


def require_array_shape(shape, itemsize: int, what: str = "the output") -> None:
    """Refuse a shape no NumPy array can have: more than MAX_RANK dims, or more bytes than can be
    addressed (NumPy counts the non-zero dims even of an empty array, and of a broadcast view)."""
    require_rank(len(shape), what)
    n = itemsize
    for d in shape:
        n *= d if d else 1
    if n > MAX_ARRAY_BYTES:
        raise ValidationError(f"{what} would have shape {list(shape)}: too large for any array")


def itemsize(fact: Fact) -> int:
    return fact.etype.dtype.itemsize if fact.etype is not None else 1


def scalar_int(arr: np.ndarray, what: str) -> int:
    a = np.asarray(arr)
    if a.size != 1:
        raise ValidationError(f"{what} must be a scalar or a 1-element tensor, got shape {list(a.shape)}")
    if a.dtype == object:  # (a folded value holding the sizing pass's length: irexec.symbolic)
        return _symbolic_ints(a, what)[0]
    if a.dtype.kind not in "iu":
        raise ValidationError(f"{what} must be of an integer type, got {a.dtype}")
    return int(a.reshape(()))


def int_vector(arr: np.ndarray, what: str) -> list:
    a = np.asarray(arr)
    if a.ndim > 1:
        raise ValidationError(f"{what} must be a 1-D tensor, got shape {list(a.shape)}")
    if a.dtype == object:
        return _symbolic_ints(a, what)
    if a.dtype.kind not in "iu":
        raise ValidationError(f"{what} must be of an integer type, got {a.dtype}")
    return a.reshape(-1).tolist()  # (Python ints, and far faster than int() of each element)


def _symbolic_ints(a: np.ndarray, what: str) -> list:
    """An integer input's folded value in a symbolic pass: ints and Syms (anything else is not
    what a kernel would read)."""
    values = a.reshape(-1).tolist()
    if not all(isinstance(v, (int, Sym)) for v in values):
        raise ValidationError(f"{what} must be of an integer type, got {a.dtype}")
    return values


def view_shape(shape: tuple, key) -> tuple:
    """Shape of ``x[key]`` for an ``x`` of ``shape``, with no memory spent (a zero-stride view)."""
    dummy = np.broadcast_to(np.zeros((), np.int8), shape)
    return dummy[key].shape


def dyn_rank(n: int) -> tuple:
    return (DYN,) * n


def _known_ints(idx: Fact) -> bool:
    return idx.value is not None and np.asarray(idx.value).dtype.kind in "iu"


def const_indices(idx: Fact, size, negative: bool, what: str, dim=None):
    """Indices known before running (a constant, or folded), checked as the kernel will check
    them: an index out of range is an error found without data (rule C004). Returns them
    normalised, or None when they or the bound (a Dim) are not known."""
    if not _known_ints(idx) or size is None or not size.is_static:
        return None
    try:
        return normalize(idx.value, size.lo, negative, what, dim=dim)
    except IndexOutOfRangeError as e:
        raise ValidationError(e.message, port=1, code="C004") from None


def const_rows(idx: Fact, data_shape, negative: bool, what: str):
    """ScatterND/GatherND: the data row each known index tuple selects, checked as the kernel
    will check them (rule C004); None when the indices or the dims they index are not known."""
    if not _known_ints(idx) or data_shape is None or np.ndim(idx.value) == 0:
        return None
    k = np.shape(idx.value)[-1]
    if k > len(data_shape) or not is_static(data_shape[:k]):
        return None
    try:
        return nd_row_offsets(to_ints(data_shape[:k]), np.asarray(idx.value), negative, what)
    except IndexOutOfRangeError as e:
        raise ValidationError(e.message, port=1, code="C004") from None


def duplicates_warning(keys: np.ndarray, what: str) -> list:
    """The C005 warning when ``keys`` (one per update: a flat offset or row) repeat."""
    keys = np.asarray(keys).reshape(-1)
    if keys.size < 2:
        return []
    uniq, counts = np.unique(keys, return_counts=True)
    if uniq.size == keys.size:
        return []
    return [
        ValidationError(
            f"{keys.size - uniq.size} of the {keys.size} updates go to a {what} already "
            f"updated: with reduction 'none' the spec leaves the order undefined (irexec: "
            f"the last wins; OpenVINO's CPU plugin may keep another)",
            port=1,
            code="C005",
        )
    ]


__all__ = [
    "scalar_int",
    "int_vector",
    "view_shape",
    "dyn_rank",
    "is_static",
    "static",
    "to_ints",
    "FOLD_LIMIT",
    "require_rank",
    "require_array_shape",
    "MAX_ARRAY_BYTES",
    "itemsize",
]
