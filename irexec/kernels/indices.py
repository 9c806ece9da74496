"""Index checking and flat offsets shared by every scatter and gather kernel.

Every index is checked before anything is written, so a bad one is an error that names its
position, its value and the bound — never a crash and never a silently skipped update.
"""

from __future__ import annotations

import numpy as np

from ..buffers import split_over_cores
from ..errors import ExecutionError


class IndexOutOfRangeError(ExecutionError, IndexError):
    """An index outside the range its op allows (also an IndexError for plain-NumPy callers)."""


def check_integer(idx: np.ndarray, what: str) -> None:
    if idx.dtype.kind not in "iu":
        raise ExecutionError(f"{what} must be of an integer type, got {idx.dtype}", port=1)


def normalize(
    idx: np.ndarray, size: int, negative: bool, what: str, dim: int | None = None, suffix: tuple = ()
) -> np.ndarray:
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
        hint = (
            " (negative indices are not allowed in this op version)"
            if value < 0 and not negative and value >= -size
            else ""
        )
        raise IndexOutOfRangeError(
            f"{what}: index {value} at position {where} is out of range [{lo}, {size - 1}]{axis}{hint}", port=1
        )
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


WHOLE_ROWS_MIN = 16  # the fewest elements per row for which whole_rows looks at all
WHOLE_ROWS_BLOCK = 1 << 20  # indices compared per step: a mismatch stops the look early


def whole_rows(idx: np.ndarray, data_shape: tuple, axis: int):
    """When an elementwise scatter along axis 0 is a scatter of whole rows: ``idx`` covers every
    element of data's rows (its shape is data's but for the first dim) and each of its slices
    ``idx[i]`` holds one value (graph networks' scatter/index_add_ expand one target per edge
    over the features). Returns those values (``idx[:, 0, ..., 0]``, contiguous, not yet
    checked), or None. A broadcast view (stride 0) is recognised for free; otherwise the slices
    are compared a block at a time, so indices that are not rows cost a block, not a pass."""
    if axis != 0 or idx.ndim < 2 or idx.shape[1:] != tuple(data_shape[1:]) or idx.shape[0] < 2:
        return None
    per_row = int(np.prod(idx.shape[1:], dtype=np.int64))
    if per_row < WHOLE_ROWS_MIN:
        return None
    first = idx[(slice(None),) + (0,) * (idx.ndim - 1)]
    if all(st == 0 for st in idx.strides[1:]):
        return np.ascontiguousarray(first)
    flat = idx.reshape(idx.shape[0], per_row)
    # The first column is copied out block by block while the block is in cache: read on its
    # own afterwards, one element per row, and then passed over strided by every later step,
    # it cost more than the compares (1M rows of 64 i64: 155-385 ms more than the same
    # reduction from ScatterNDUpdate's rows, now 40-80 ms, the compares).
    column = np.empty(flat.shape[0], dtype=idx.dtype)
    step = max(1, WHOLE_ROWS_BLOCK // per_row)
    differs = []

    def look(start: int, stop: int) -> None:  # (over the cores: the compares release the GIL)
        same = np.empty(min(step, stop - start) * per_row, dtype=bool)
        for a in range(start, stop, step):
            if differs:
                return
            b = min(stop, a + step)
            np.copyto(column[a:b], flat[a:b, 0])
            # Each element against the next, one flat contiguous compare (3x faster than
            # against the row's first, broadcast); the pairs that straddle two rows are let go.
            v = flat[a:b].reshape(-1)
            pairs = same[: v.size - 1]
            np.equal(v[1:], v[:-1], out=pairs)
            pairs[per_row - 1 :: per_row] = True
            if not pairs.all():
                differs.append(a)
                return

    split_over_cores(flat.shape[0], idx.nbytes, look)
    return None if differs else column


def check_elementwise_shapes(
    op: str, data: np.ndarray, idx: np.ndarray, updates_shape, axis: int, axis_may_exceed: bool
) -> None:
    if idx.ndim != data.ndim:
        raise ExecutionError(f"{op}: indices rank {idx.ndim} must equal data rank {data.ndim}", port=1)
    if updates_shape is not None and tuple(updates_shape) != idx.shape:
        raise ExecutionError(
            f"{op}: updates shape {list(updates_shape)} must equal indices shape {list(idx.shape)}", port=2
        )
    for d, (n, m) in enumerate(zip(idx.shape, data.shape)):
        if n > m and not (d == axis and axis_may_exceed):
            raise ExecutionError(f"{op}: indices dim {d} is {n}, more than data's {m}", port=1)


def nd_row_offsets(data_shape: tuple, idx: np.ndarray, negative: bool, what: str) -> np.ndarray:
    """ScatterND/GatherND: the flat row (of ``prod(data_shape[k:])`` elements) each index tuple
    in ``idx[..., :k]`` selects, checked column by column."""
    k = idx.shape[-1]
    lead = idx.shape[:-1]
    if k == 1:
        # One column is the row itself (a graph network's edge targets: 1M of them went from
        # 4.8 to 1.5 ms without the zeros, multiply and add). normalize returns the caller's
        # array only when nothing needs converting: callers never write into the result.
        return normalize(idx[..., 0], int(data_shape[0]), negative, what, dim=0, suffix=(0,))
    rows = np.zeros(lead, dtype=np.int64)
    row_strides = strides(data_shape[:k])
    for j in range(k):
        col = normalize(idx[..., j], int(data_shape[j]), negative, what, dim=j, suffix=(j,))
        rows += col * row_strides[j]
    return rows
