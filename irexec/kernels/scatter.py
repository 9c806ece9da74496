"""The scatter kernels, vectorised: index check, flat offsets, one reduce_at. ScatterNDUpdate
passes its slices whole to reduce_rows (under ``none``, or when long enough), and so does
ScatterElementsUpdate when its indices are whole rows (indices.whole_rows); ScatterUpdate moves
whole rows itself.

Each takes an optional ``out``: the buffer to write (a copy of ``data`` is made when absent),
so an executor that owns ``data`` may scatter into it in place.
"""

from __future__ import annotations

import numpy as np

from ..buffers import POOL, copy_into, copy_of, split_over_cores
from ..errors import ExecutionError, ValidationError
from ..shapes import normalize_axis
from .indices import check_elementwise_shapes, check_integer, element_offsets, nd_row_offsets, normalize, whole_rows
from .reduce import REDUCTIONS, ROW_MIN, reduce_at, reduce_rows


def _output(data: np.ndarray, out, fill: bool = True):
    """The buffer to write: ``out`` (checked) or a pooled one; with ``fill``, holding data."""
    if out is None:
        return copy_of(data) if fill else POOL.empty(data.shape, data.dtype)
    if out.shape != data.shape or out.dtype != data.dtype or not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be a writable C-contiguous array of data's shape and type")
    if fill and out is not data:
        copy_into(out, data)
    return out


def take_rows(src: np.ndarray, rows: np.ndarray, axis: int, out: np.ndarray) -> None:
    """``out[...] = np.take(src, rows, axis)`` over the cores. ``rows`` are already checked, so
    ``mode="clip"`` (with the default "raise", NumPy buffers the whole output first)."""
    if axis > 0:
        split_over_cores(
            out.shape[0], out.nbytes, lambda a, b: np.take(src[a:b], rows, axis=axis, out=out[a:b], mode="clip")
        )
    else:
        split_over_cores(
            out.shape[0], out.nbytes, lambda a, b: np.take(src, rows[a:b], axis=0, out=out[a:b], mode="clip")
        )


def _normalize_axis(axis: int, rank: int) -> int:
    """shapes.normalize_axis, refusing as a kernel called on data does (the axis is input 3)."""
    try:
        return normalize_axis(axis, rank)
    except ValidationError as e:
        raise ExecutionError(e.message, port=3) from None


def scatter_update(data, indices, updates, axis: int, out=None) -> np.ndarray:
    """ScatterUpdate-3: ``data[..., indices[m, ..., p], ...] = updates[..., m, ..., p, ...]``
    along ``axis``. Indices must lie in [0, data.shape[axis]); duplicates: the last one wins."""
    data, idx, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    axis = _normalize_axis(axis, data.ndim)
    size = data.shape[axis]
    idx = normalize(idx, size, False, "ScatterUpdate indices")
    expected = data.shape[:axis] + idx.shape + data.shape[axis + 1 :]
    if updates.shape != expected:
        raise ExecutionError(
            f"ScatterUpdate: updates have shape {list(updates.shape)}, expected "
            f"{list(expected)} (data[:axis] + indices.shape + data[axis+1:])",
            port=2,
        )
    flat = idx.reshape(-1)
    lead = (slice(None),) * axis
    if flat.size <= 32 and len(set(flat.tolist())) == flat.size:
        # A few distinct rows (the common small update): one assignment, nothing to resolve.
        result = _output(data, out)
        result[lead + (idx,)] = updates
        return result
    # Each target row is written once, from the last update aimed at it (the winner of duplicates).
    source = np.full(size, -1, dtype=np.int64)
    source[flat] = np.arange(flat.size, dtype=np.int64)  # 1-D assignment in order: the last wins
    touched = source >= 0
    upd = updates.reshape(data.shape[:axis] + (flat.size,) + data.shape[axis + 1 :])
    n_touched = int(np.count_nonzero(touched))
    if n_touched * 2 > size:
        # Most rows are overwritten: gather every row straight from updates into the output (no
        # copy of data), then put back the few rows no update touches.
        rest = np.flatnonzero(~touched)
        kept = data[lead + (rest,)] if rest.size else None  # a copy: out may be data itself
        result = _output(data, out, fill=False)
        take_rows(upd, np.where(touched, source, 0), axis, result)
        if kept is not None:
            result[lead + (rest,)] = kept
        return result
    result = _output(data, out)
    if n_touched:
        targets = np.flatnonzero(touched)
        result[lead + (targets,)] = upd[lead + (source[targets],)]
    return result


def scatter_elements_update(
    data,
    indices,
    updates,
    axis: int,
    reduction: str = "none",
    use_init_val: bool = True,
    negative: bool = True,
    axis_may_exceed: bool = True,
    out=None,
    op: str = "ScatterElementsUpdate",
):
    """ScatterElementsUpdate-3/-12: ``output[..., indices[i,j,k], ...] = reduction(output[...], updates[i,j,k])``
    with the axis coordinate from ``indices`` and every other one the entry's own."""
    if reduction not in REDUCTIONS or reduction == "sub":
        raise ExecutionError(f"{op}: unknown reduction '{reduction}'")
    data, idx, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    check_integer(idx, f"{op} indices")
    if data.ndim == 0:
        raise ExecutionError(f"{op}: data must have rank 1 or more")
    axis = _normalize_axis(axis, data.ndim)
    check_elementwise_shapes(op, data, idx, updates.shape, axis, axis_may_exceed)
    rows = whole_rows(idx, data.shape, axis) if reduction != "none" else None
    if rows is not None:
        # Whole rows (one target per slice of indices): checked once per row, reduced row by row.
        rows = normalize(rows, data.shape[0], negative, f"{op} indices", dim=0, suffix=(0,) * (idx.ndim - 1))
        result = _output(data, out)
        reduce_rows(result.reshape(data.shape[0], -1), rows, updates, reduction, use_init_val)
        return result
    idx = normalize(idx, data.shape[axis], negative, f"{op} indices", dim=axis)
    result = _output(data, out)
    reduce_at(result, element_offsets(data.shape, idx, axis), updates, reduction, use_init_val, offsets_checked=True)
    return result


def scatter_nd_update(
    data, indices, updates, reduction: str = "none", negative: bool = True, out=None, op: str = "ScatterNDUpdate"
):
    """ScatterNDUpdate-3/-15: each index tuple ``indices[..., :k]`` picks an element (k = rank)
    or a slice (k < rank) of data, reduced with the matching entry of ``updates``."""
    if reduction not in REDUCTIONS or reduction == "mean":
        raise ExecutionError(f"{op}: unknown reduction '{reduction}'")
    data, idx, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    check_integer(idx, f"{op} indices")
    if data.ndim == 0 or idx.ndim == 0:
        raise ExecutionError(f"{op}: data and indices must have rank 1 or more")
    k = idx.shape[-1]
    if k > data.ndim:
        raise ExecutionError(f"{op}: indices' last dim {k} is more than data's rank {data.ndim}", port=1)
    expected = idx.shape[:-1] + data.shape[k:]
    if updates.shape != expected:
        if not (expected == () and updates.size == 1):
            raise ExecutionError(
                f"{op}: updates have shape {list(updates.shape)}, expected "
                f"{list(expected)} (indices.shape[:-1] + data.shape[k:])",
                port=2,
            )
    rows = nd_row_offsets(data.shape, idx, negative, f"{op} indices")
    result = _output(data, out)
    row_size = int(np.prod(data.shape[k:], dtype=np.int64))
    if row_size == 0 or rows.size == 0:
        return result  # nothing to write (and no rows of 0 elements to reshape into)
    if reduction == "none" or row_size >= ROW_MIN:
        # Whole rows at a time (for none in index order, so the last duplicate wins).
        reduce_rows(result.reshape(-1, row_size), rows, updates, reduction)
        return result
    lin = rows.reshape(-1, 1) * row_size + np.arange(row_size, dtype=np.int64)
    reduce_at(result, lin, updates, reduction, offsets_checked=True)
    return result


_ONNX_REDUCTIONS = {"none": "none", "add": "sum", "mul": "prod", "max": "max", "min": "min"}


def scatter_elements(data, indices, updates, axis: int = 0, reduction: str = "none") -> np.ndarray:
    """ONNX ScatterElements-11/13/16/18, with ONNX's names and defaults.

    ``reduction``: "none" (11, 13), "add" and "mul" (16), "max" and "min" (18). Indices may be
    negative (counted from the end of ``axis``). Any dtype works with "none", strings included;
    duplicates under "none" (which ONNX forbids) resolve to the last in index order.
    """
    if reduction not in _ONNX_REDUCTIONS:
        raise ValueError(f"reduction must be one of {', '.join(_ONNX_REDUCTIONS)}, got '{reduction}'")
    data = np.asarray(data)
    return scatter_elements_update(
        data,
        indices,
        updates,
        axis,
        _ONNX_REDUCTIONS[reduction],
        negative=True,
        axis_may_exceed=False,
        op="ScatterElements",
    )
