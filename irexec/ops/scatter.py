"""The scatter family. ScatterUpdate-3:

    data[..., indices[m, n, ..., p], ...] = updates[..., m, n, ..., p, ...]

with the first ``...`` covering ``axis`` dims. Indices must lie in [0, data.shape[axis]);
the CPU plugin refuses others, negative ones included (no counting from the end), and so
does irexec, checking them all before writing. Duplicate indices: the spec leaves the order
undefined; irexec keeps the last update in index order (what the plugin does, checked in
tests/test_diff_scatter_update.py), and guarantees it by writing each target once.
"""
from __future__ import annotations

import numpy as np

from ..errors import ExecutionError, ValidationError
from ..shapes import fmt, normalize_axis
from .common import fold, require_integer, require_same_type, scalar_int
from .registry import Fact, Op, register


def check_index_range(idx: np.ndarray, lo: int, hi: int, what: str) -> None:
    """Raise naming the first index outside [lo, hi)."""
    bad = (idx < lo) | (idx >= hi)
    if np.any(bad):
        pos = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ExecutionError(f"{what}: index {int(idx[pos])} at position {list(pos)} is out of range "
                             f"[{lo}, {hi - 1}]", port=1)


def last_occurrence(flat_idx: np.ndarray) -> np.ndarray:
    """Positions (into flat_idx) of the last occurrence of each distinct value."""
    rev = flat_idx[::-1]
    _, first_in_rev = np.unique(rev, return_index=True)
    return flat_idx.size - 1 - first_in_rev


def scatter_update_shape(data_shape: tuple, idx_shape: tuple, axis: int) -> tuple:
    return tuple(data_shape[:axis]) + tuple(idx_shape) + tuple(data_shape[axis + 1:])


def scatter_update(data: np.ndarray, idx: np.ndarray, updates: np.ndarray, axis: int) -> np.ndarray:
    size = data.shape[axis]
    idx = np.asarray(idx)
    check_index_range(idx, 0, size, "ScatterUpdate indices")
    expected = scatter_update_shape(data.shape, idx.shape, axis)
    if updates.shape != expected:
        raise ExecutionError(f"updates have shape {list(updates.shape)}, expected {list(expected)} "
                             f"(data[:axis] + indices.shape + data[axis+1:])", port=2)
    out = data.copy()
    flat = idx.reshape(-1)
    lead = (slice(None),) * axis
    if flat.size and np.unique(flat).size != flat.size:
        keep = last_occurrence(flat)
        upd = updates.reshape(data.shape[:axis] + (flat.size,) + data.shape[axis + 1:])
        out[lead + (flat[keep],)] = upd[lead + (keep,)]
    else:
        out[lead + (idx,)] = updates
    return out


@register
class ScatterUpdate3(Op):
    type, version = "ScatterUpdate", "opset3"
    min_inputs = max_inputs = 4

    def infer(self, ins):
        data, idx, upd, axis = ins
        require_integer(idx, "ScatterUpdate's indices")
        require_integer(axis, "ScatterUpdate's axis")
        require_same_type(ins, (0, 2), "ScatterUpdate's data and updates")
        if data.shape is not None and idx.shape is not None and upd.shape is not None and axis.value is not None:
            ax = normalize_axis(scalar_int(axis.value, "axis"), len(data.shape))
            expected = scatter_update_shape(data.shape, idx.shape, ax)
            if len(expected) != len(upd.shape) or any(
                    a.is_static and b.is_static and a.lo != b.lo for a, b in zip(expected, upd.shape)):
                raise ValidationError(f"updates shape {fmt(upd.shape)} should be {fmt(expected)} "
                                      f"(data[:axis] + indices.shape + data[axis+1:])", port=2)
        return fold(self, ins, [data.etype]) or [Fact(data.etype, data.shape)]

    def eval(self, ins):
        data, idx, upd, axis = (np.asarray(x) for x in ins)
        ax = normalize_axis(scalar_int(axis, "axis"), data.ndim)
        return [scatter_update(data, idx, upd, ax)]
