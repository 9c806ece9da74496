"""Gather-1, -7 and -8: take slices along an axis. The output's shape is
``data[:axis] + indices[batch_dims:] + data[axis+1:]``; with batch dims (v7+), the first
``batch_dims`` dims of data and indices match and each batch takes from its own data. -8 counts
negative indices from the end.

Gather-8 fills positions whose index is out of range with zeros (its spec, example 7). For
Gather-1/-7 the spec allows only [0, size) and says nothing more; the CPU plugin zero-fills
indices >= size there too (at run time and when constant-folding alike), so irexec does the
same. Negative indices are another matter: the plugin's kernel zero-fills them but its
constant folding counts them from the end, so one IR gives two answers; irexec refuses them.

Where the CPU plugin fails (the table and tests/ops/test_diff_movement.py keep these from it; irexec
runs them by the spec): out-of-range indices into 1-D data of 16- to 64-bit integers return garbage;
batch_dims > 0 with a single batch element crashes it; with batch_dims, an out-of-range index over
an axis of size 1 makes its constant folding read the next batch; empty indices or data kill the
process (a floating point exception); and it compiles no Gather whose axis comes at run time (its
EliminateGather pass needs a constant).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, intersect_leading, normalize_axis
from ..common import require_rank, scalar_int
from ..op import Attr, Bound, Fact, Input, Op
from ..registry import register


def gather_shape(data_shape: tuple, idx_shape: tuple, axis: int, batch_dims: int) -> tuple:
    return tuple(data_shape[:axis]) + tuple(idx_shape[batch_dims:]) + tuple(data_shape[axis + 1 :])


def normalize_gather_axes(data_rank: int, idx_rank: int, axis, batch_dims: int):
    """The axis (None: not known) and batch_dims, normalised and checked."""
    if axis is not None:
        axis = normalize_axis(axis, data_rank)
    elif data_rank == 0:
        raise ValidationError("Gather's data is a scalar: it has no axis to gather along", code="S006")
    if batch_dims < 0:
        batch_dims += idx_rank
    if not 0 <= batch_dims <= min(data_rank, idx_rank) or (axis is not None and batch_dims > axis):
        raise ValidationError(
            f"batch_dims {batch_dims} must be in [0, min(data rank, indices rank)] and not above axis {axis}"
        )
    return axis, batch_dims


def refuse_negative(idx: np.ndarray, size: int, code=None) -> None:
    """Gather-1/-7: an index in [-size, 0) is refused (below -size is out of range: zero-filled)."""
    idx = np.asarray(idx)
    if idx.dtype.kind != "i":
        return
    neg = (idx < 0) & (idx >= -size)
    if np.any(neg):
        pos = tuple(int(i) for i in np.argwhere(neg)[0])
        raise ValidationError(
            f"index {int(idx[pos])} at position {list(pos)} is negative: Gather-1 and "
            f"Gather-7 take indices in [0, {size - 1}] (use Gather-8 to count from the end)",
            port=1,
            code=code,
        )


def gather(data: np.ndarray, idx: np.ndarray, axis: int, batch_dims: int, negative: bool) -> np.ndarray:
    """Vectorised Gather over shapes the rule has accepted: one ``take`` (no batch dims) or one
    ``take_along_axis``. Indices out of range give zeros; ``negative`` says whether [-size, 0)
    counts from the end or is refused."""
    size = data.shape[axis]
    if idx.dtype.kind == "u":
        # Compare unsigned indices as they are: a cast to int64 would wrap the largest u64 ones.
        idx = np.minimum(idx, np.uint64(size)).astype(np.int64)
    else:
        idx = idx.astype(np.int64, copy=False)
    if idx.size and batch_dims == 0 and size and 0 <= idx.min() and idx.max() < size:
        return np.take(data, idx, axis=axis)  # (every index in range, none negative: the common case)
    if not negative:
        refuse_negative(idx, size)
    out_shape = gather_shape(data.shape, idx.shape, axis, batch_dims)
    bad = (idx < -size) | (idx >= size)
    idx = np.where(idx < 0, idx + size, idx)
    if np.any(bad):
        idx = np.where(bad, 0, idx)
    if size == 0:
        # Every index is out of range of an empty axis.
        return np.zeros(out_shape, dtype=data.dtype)
    if batch_dims == 0:
        out = np.take(data, idx, axis=axis)
    else:
        b = int(np.prod(data.shape[:batch_dims], dtype=np.int64))
        mid = int(np.prod(data.shape[batch_dims:axis], dtype=np.int64))
        rest = int(np.prod(data.shape[axis + 1 :], dtype=np.int64))
        d = data.reshape(b, mid, size, rest)
        i = idx.reshape(b, 1, -1, 1)
        out = np.take_along_axis(d, i, axis=2).reshape(out_shape)
    if np.any(bad):
        # bad has the indices' shape: lead batch dims, then the gathered dims; line it up with out.
        mask = bad.reshape(
            bad.shape[:batch_dims] + (1,) * (axis - batch_dims) + bad.shape[batch_dims:] + (1,) * (data.ndim - axis - 1)
        )
        out = np.where(mask, np.zeros((), dtype=data.dtype), out)
    return out


class _Gather(Op):
    inputs = (
        Input("data"),
        Input("indices", "int", role="indices", bound=Bound("take", axis="axis")),
        Input("axis", "int", role="axis", value=True),
    )
    negative = False  # whether [-size, 0) counts from the end (else it is refused)
    batch_dims = 0

    def output_facts(self, data, indices, axis):
        if data.shape is None or indices.shape is None:
            return Fact(data.etype, None)
        ax, bd = normalize_gather_axes(
            len(data.shape),
            len(indices.shape),
            None if axis.value is None else scalar_int(axis.value, "axis"),
            self.batch_dims,
        )
        # Each batch dim is one size that data and indices share: what both allow.
        batch = intersect_leading(data.shape, indices.shape, bd)
        if ax is None:
            # The rank is known, and the batch dims; where the gathered dims go is not.
            out = batch + (DYN,) * (len(data.shape) + len(indices.shape) - 1 - 2 * bd)
        else:
            out = batch + gather_shape(data.shape, indices.shape, ax, bd)[bd:]
        require_rank(len(out))  # before np.take, which crashes on a result of too many dims
        if not self.negative and indices.value is not None and ax is not None and data.shape[ax].is_static:
            refuse_negative(indices.value, data.shape[ax].lo, code="C004")  # as compute will
        return Fact(data.etype, out)

    def compute(self, data, indices, axis):
        data, indices, axis = np.asarray(data), np.asarray(indices), np.asarray(axis)
        ax, bd = self.memo(
            (axis.dtype.char, axis.tobytes(), data.ndim, indices.ndim),
            lambda: normalize_gather_axes(data.ndim, indices.ndim, scalar_int(axis, "axis"), self.batch_dims),
        )
        if self.negative and bd == 0 and indices.dtype.kind == "i" and data.shape[ax]:
            try:  # (every index in [-size, size), as NumPy's own negatives count: the common case)
                return np.take(data, indices, axis=ax, mode="raise")
            except IndexError:
                pass
        return gather(data, indices, ax, bd, self.negative)


@register
class Gather1(_Gather):
    type, version = "Gather", "opset1"
    spec = "movement/gather-1"


@register
class Gather7(_Gather):
    type, version = "Gather", "opset7"
    spec = "movement/gather-7"
    attrs = (Attr("batch_dims", "int", 0),)


@register
class Gather8(_Gather):
    type, version = "Gather", "opset8"
    spec = "movement/gather-8"
    attrs = (Attr("batch_dims", "int", 0),)
    negative = True
