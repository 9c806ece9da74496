"""The gather kernels that invert the scatters: GatherElements and GatherND."""

from __future__ import annotations

import numpy as np

from ..errors import ExecutionError
from .indices import check_elementwise_shapes, check_integer, element_offsets, nd_row_offsets, normalize


def gather_elements(data, indices, axis: int, negative: bool = True, op: str = "GatherElements"):
    """``out[i,j,k] = data[..., indices[i,j,k], ...]`` along ``axis``: the inverse of
    ScatterElementsUpdate (gathering at the scattered indices gives the updates back)."""
    data, idx = np.asarray(data), np.asarray(indices)
    check_integer(idx, f"{op} indices")
    if not -data.ndim <= axis < data.ndim:
        raise ExecutionError(f"{op}: axis {axis} is out of range for rank {data.ndim}")
    axis %= data.ndim
    check_elementwise_shapes(op, data, idx, None, axis, axis_may_exceed=True)
    idx = normalize(idx, data.shape[axis], negative, f"{op} indices", dim=axis)
    return np.ascontiguousarray(data).reshape(-1)[element_offsets(data.shape, idx, axis)]


def gather_nd(
    data, indices, batch_dims: int = 0, negative: bool = True, merge_batch: bool = False, op: str = "GatherND"
):
    """``out[b, i...] = data[b, indices[b, i..., 0], ..., indices[b, i..., k-1], ...]``: the
    inverse of ScatterNDUpdate. ``merge_batch``: GatherND-5's output, whose batch dims are
    merged into one; GatherND-8 keeps them."""
    data, idx = np.asarray(data), np.asarray(indices)
    check_integer(idx, f"{op} indices")
    b = batch_dims
    if idx.ndim < 1 or not 0 <= b < min(data.ndim, idx.ndim):
        raise ExecutionError(
            f"{op}: batch_dims {b} must be below the ranks of data ({data.ndim}) and indices ({idx.ndim})"
        )
    if data.shape[:b] != idx.shape[:b]:
        raise ExecutionError(
            f"{op}: the first {b} dims of data {list(data.shape)} and indices {list(idx.shape)} must match"
        )
    k = idx.shape[-1]
    if b + k > data.ndim:
        raise ExecutionError(
            f"{op}: batch_dims + indices' last dim ({b} + {k}) is more than data's rank {data.ndim}", port=1
        )
    batch = int(np.prod(data.shape[:b], dtype=np.int64))
    per_batch = data.shape[b:]
    rows = nd_row_offsets(per_batch, idx, negative, f"{op} indices").reshape(batch, -1)
    row_size = int(np.prod(per_batch[k:], dtype=np.int64))
    n_rows = int(np.prod(per_batch[:k], dtype=np.int64))
    rows = rows + (np.arange(batch, dtype=np.int64) * n_rows).reshape(batch, 1)
    out = np.ascontiguousarray(data).reshape(-1, row_size)[rows.reshape(-1)]
    tail = data.shape[b + k :]
    if merge_batch and b > 0:
        return out.reshape((batch,) + idx.shape[b:-1] + tail)
    return out.reshape(idx.shape[:-1] + tail)
