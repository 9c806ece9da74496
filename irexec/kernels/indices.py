"""Index checking and flat offsets shared by every scatter and gather kernel.

Every index is checked before anything is written, so a bad one is an error that names its
position, its value and the bound — never a crash and never a silently skipped update.
"""
from __future__ import annotations

import numpy as np

from ..errors import ExecutionError


class IndexOutOfRangeError(ExecutionError, IndexError):
    """An index outside the range its op allows (also an IndexError for plain-NumPy callers)."""


def check_integer(idx: np.ndarray, what: str) -> None:
    if idx.dtype.kind not in "iu":
        raise ExecutionError(f"{what} must be of an integer type, got {idx.dtype}", port=1)


def normalize(idx: np.ndarray, size: int, negative: bool, what: str, dim: int | None = None,
              suffix: tuple = ()) -> np.ndarray:
    """Check ``idx`` against ``[-size, size)`` (``[0, size)`` unless ``negative``) and return it
    as int64 with negative values wrapped. ``suffix`` completes a reported position (the column
    of an ND index tuple)."""
    idx = np.asarray(idx)
    check_integer(idx, what)
    lo = -size if negative else 0
    if idx.size == 0:
        return idx.astype(np.int64)
    if idx.size <= 16:  # (two NumPy reductions cost more than the list, for a handful)
        values = idx.reshape(-1).tolist()
        smallest, largest = min(values), max(values)
    else:
        smallest, largest = idx.min(), idx.max()
    if smallest < lo or largest >= size:
        pos = np.argwhere((idx < lo) | (idx >= size))[0]
        where = [int(p) for p in pos] + list(suffix)
        axis = f" along dim {dim}" if dim is not None else ""
        value = int(idx[tuple(pos)])
        hint = " (negative indices are not allowed in this op version)" if value < 0 and not negative \
            and value >= -size else ""
        raise IndexOutOfRangeError(f"{what}: index {value} at position {where} is out of range "
                                   f"[{lo}, {size - 1}]{axis}{hint}", port=1)
    idx = idx.astype(np.int64, copy=False)
    if negative and smallest < 0:
        idx = np.where(idx < 0, idx + size, idx)
    return idx


def strides(shape: tuple) -> list:
    """Row-major strides in elements."""
    out, step = [], 1
    for d in reversed(shape):
        out.append(step)
        step *= int(d)
    return out[::-1]


def element_offsets(data_shape: tuple, idx: np.ndarray, axis: int) -> np.ndarray:
    """Flat offsets into data for the elementwise scatter/gather: the coordinate along ``axis``
    comes from ``idx`` (already normalised), every other one is the entry's own coordinate."""
    st = strides(data_shape)
    # The other coordinates' share, summed over the small shape that has 1 at the axis, so the
    # full-size work is one multiply and one add.
    base = np.zeros([1 if d == axis else n for d, n in enumerate(idx.shape)], dtype=np.int64)
    for d, n in enumerate(idx.shape):
        if d != axis and n > 1:
            shape = [1] * idx.ndim
            shape[d] = n
            base = base + (np.arange(n, dtype=np.int64) * st[d]).reshape(shape)
    lin = np.multiply(idx, np.int64(st[axis]), dtype=np.int64)
    lin += base
    return lin


def check_elementwise_shapes(op: str, data: np.ndarray, idx: np.ndarray, updates_shape, axis: int,
                             axis_may_exceed: bool) -> None:
    if idx.ndim != data.ndim:
        raise ExecutionError(f"{op}: indices rank {idx.ndim} must equal data rank {data.ndim}", port=1)
    if updates_shape is not None and tuple(updates_shape) != idx.shape:
        raise ExecutionError(f"{op}: updates shape {list(updates_shape)} must equal indices shape "
                             f"{list(idx.shape)}", port=2)
    for d, (n, m) in enumerate(zip(idx.shape, data.shape)):
        if n > m and not (d == axis and axis_may_exceed):
            raise ExecutionError(f"{op}: indices dim {d} is {n}, more than data's {m}", port=1)


def nd_row_offsets(data_shape: tuple, idx: np.ndarray, negative: bool, what: str) -> np.ndarray:
    """ScatterND/GatherND: the flat row (of ``prod(data_shape[k:])`` elements) each index tuple
    in ``idx[..., :k]`` selects, checked column by column."""
    k = idx.shape[-1]
    lead = idx.shape[:-1]
    rows = np.zeros(lead, dtype=np.int64)
    row_strides = strides(data_shape[:k])
    for j in range(k):
        col = normalize(idx[..., j], int(data_shape[j]), negative, what, dim=j, suffix=(j,))
        rows += col * row_strides[j]
    return rows
