"""Gather-1, -7 and -8: take slices along an axis, with batch dims (v7+) and negative indices (v8).

Gather-8 fills positions whose index is out of range with zeros (its spec, example 7). For
Gather-1/-7 the spec allows only [0, size) and says nothing more; the CPU plugin zero-fills
indices >= size there too (at run time and when constant-folding alike), so irexec does the
same. Negative indices are another matter: the plugin's kernel zero-fills them but its
constant folding counts them from the end, so one IR gives two answers; irexec refuses them.
"""
from __future__ import annotations

import numpy as np

from ... import kernels
from ...errors import ValidationError
from ...shapes import Dim, fixed, fmt, normalize_axis
from ..common import const_indices, const_rows, require_i32_or_i64, require_rank, scalar_int
from .compat import fold, require_integer
from .compat import Attr, Fact, LegacyOp as Op, register


def gather_shape(data_shape: tuple, idx_shape: tuple, axis: int, batch_dims: int) -> tuple:
    out = tuple(data_shape[:axis]) + tuple(idx_shape[batch_dims:]) + tuple(data_shape[axis + 1:])
    require_rank(len(out))  # checked before np.take, which crashes on a result of too many dims
    return out


def normalize_gather_axes(data_rank: int, idx_rank: int, axis: int, batch_dims: int):
    axis = normalize_axis(axis, data_rank)
    if batch_dims < 0:
        batch_dims += idx_rank
    if not 0 <= batch_dims <= min(data_rank, idx_rank) or batch_dims > axis:
        raise ValidationError(f"batch_dims {batch_dims} must be in [0, min(data rank, indices rank)] "
                              f"and not above axis {axis}")
    return axis, batch_dims


def refuse_negative(idx: np.ndarray, size: int, code=None) -> None:
    """Gather-1/-7: an index in [-size, 0) is refused (below -size is out of range: zero-filled)."""
    idx = np.asarray(idx)
    if idx.dtype.kind != "i":
        return
    neg = (idx < 0) & (idx >= -size)
    if np.any(neg):
        pos = tuple(int(i) for i in np.argwhere(neg)[0])
        raise ValidationError(f"index {int(idx[pos])} at position {list(pos)} is negative: Gather-1 and "
                              f"Gather-7 take indices in [0, {size - 1}] (use Gather-8 to count from the end)",
                              port=1, code=code)


def gather(data: np.ndarray, idx: np.ndarray, axis: int, batch_dims: int, negative: bool) -> np.ndarray:
    """Vectorised Gather: one ``take`` (no batch dims) or one ``take_along_axis``. Indices out of
    range give zeros; ``negative`` says whether [-size, 0) counts from the end or is refused."""
    size = data.shape[axis]
    idx = np.asarray(idx)
    if idx.dtype.kind == "u":
        # Compare unsigned indices as they are: a cast to int64 would wrap the largest u64 ones.
        idx = np.minimum(idx, np.uint64(size)).astype(np.int64)
    else:
        idx = idx.astype(np.int64, copy=False)
    if data.shape[:batch_dims] != idx.shape[:batch_dims]:
        raise ValidationError(f"the first {batch_dims} dims of data {list(data.shape)} and indices "
                              f"{list(idx.shape)} must match")
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
        rest = int(np.prod(data.shape[axis + 1:], dtype=np.int64))
        d = data.reshape(b, mid, size, rest)
        i = idx.reshape(b, 1, -1, 1)
        out = np.take_along_axis(d, i, axis=2).reshape(out_shape)
    if np.any(bad):
        # bad has the indices' shape: lead batch dims, then the gathered dims; line it up with out.
        mask = bad.reshape(bad.shape[:batch_dims] + (1,) * (axis - batch_dims) + bad.shape[batch_dims:]
                           + (1,) * (data.ndim - axis - 1))
        out = np.where(mask, np.zeros((), dtype=data.dtype), out)
    return out


class _GatherBase(Op):
    min_inputs = max_inputs = 3
    negative = False

    def batch(self):
        return getattr(self, "batch_dims", 0)

    def infer(self, ins):
        data, idx, axis = ins
        require_integer(idx, "Gather's indices")
        require_integer(axis, "Gather's axis")
        if data.shape is None or idx.shape is None or axis.value is None:
            return [Fact(data.etype, None)]
        ax, bd = normalize_gather_axes(len(data.shape), len(idx.shape),
                                       scalar_int(axis.value, "axis"), self.batch())
        for i in range(bd):
            a, b = data.shape[i], idx.shape[i]
            if a.is_static and b.is_static and a.lo != b.lo:
                raise ValidationError(f"batch dim {i} differs: data {fmt(data.shape)}, indices {fmt(idx.shape)}")
        out = gather_shape(data.shape, idx.shape, ax, bd)
        if not self.negative and idx.value is not None and data.shape[ax].is_static:
            refuse_negative(idx.value, data.shape[ax].lo, code="C004")  # as eval will
        return fold(self, ins, [data.etype]) or [Fact(data.etype, out)]

    def eval(self, ins):
        data, idx, axis = np.asarray(ins[0]), np.asarray(ins[1]), ins[2]
        ax, bd = normalize_gather_axes(data.ndim, idx.ndim, scalar_int(axis, "axis"), self.batch())
        return [gather(data, idx, ax, bd, self.negative)]


@register
class Gather1(_GatherBase):
    type, version = "Gather", "opset1"


@register
class Gather7(_GatherBase):
    type, version = "Gather", "opset7"
    attrs = (Attr("batch_dims", "int", 0),)


@register
class Gather8(_GatherBase):
    type, version = "Gather", "opset8"
    attrs = (Attr("batch_dims", "int", 0),)
    negative = True


# ---- the inverses of the scatters: GatherElements-6, GatherND-5 and -8 ---------------------------
# Their specs do not say what negative indices mean; the CPU plugin counts them from the end, and
# so does irexec. Out-of-range indices are an error (the plugin reads past the data).

@register
class GatherElements6(Op):
    type, version = "GatherElements", "opset6"
    min_inputs = max_inputs = 2
    attrs = (Attr("axis", "int"),)

    def infer(self, ins):
        data, idx = ins
        require_i32_or_i64(idx.etype, "GatherElements' indices")  # its spec and OpenVINO alike
        if data.shape is not None and idx.shape is not None:
            if len(data.shape) != len(idx.shape):
                raise ValidationError(f"data {fmt(data.shape)} and indices {fmt(idx.shape)} must have one rank")
            ax = normalize_axis(self.axis, len(data.shape))
            for d, (a, b) in enumerate(zip(data.shape, idx.shape)):
                if d != ax and not a.compatible(b):
                    raise ValidationError(f"data {fmt(data.shape)} and indices {fmt(idx.shape)} must match "
                                          f"except at axis {ax}", port=1)
            const_indices(idx, data.shape[ax], True, "GatherElements indices", dim=ax)
        return fold(self, ins, [data.etype]) or [Fact(data.etype, idx.shape)]

    def eval(self, ins):
        data, idx = np.asarray(ins[0]), np.asarray(ins[1])
        require_i32_or_i64(idx.dtype, "GatherElements' indices")
        ax = normalize_axis(self.axis, data.ndim)
        for d, (a, b) in enumerate(zip(data.shape, idx.shape)):
            if d != ax and a != b:
                raise ValidationError(f"data {list(data.shape)} and indices {list(idx.shape)} must match "
                                      f"except at axis {ax}", port=1)
        return [kernels.gather_elements(data, idx, ax)]


class _GatherNDBase(Op):
    min_inputs = max_inputs = 2
    attrs = (Attr("batch_dims", "int", 0),)
    merge_batch = False

    def infer(self, ins):
        data, idx = ins
        require_integer(idx, "GatherND's indices")
        b = self.batch_dims
        if data.shape is None or idx.shape is None or not idx.shape or not idx.shape[-1].is_static:
            return [Fact(data.etype, None)]
        k = idx.shape[-1].lo
        if not 0 <= b < min(len(data.shape), len(idx.shape)) or b + k > len(data.shape):
            raise ValidationError(f"batch_dims {b} and indices' last dim {k} do not fit data {fmt(data.shape)} "
                                  f"and indices {fmt(idx.shape)}")
        for d in range(b):
            if not data.shape[d].compatible(idx.shape[d]):
                raise ValidationError(f"batch dim {d} differs: data {fmt(data.shape)}, indices {fmt(idx.shape)}")
        if b == 0:
            const_rows(idx, data.shape, True, f"{self.type} indices")
        tail = tuple(data.shape[b + k:])
        require_rank(len(idx.shape) - 1 + len(tail))
        if self.merge_batch and b > 0:
            lead = data.shape[:b]
            n = 1
            for dim in lead:
                n = n * dim.lo if dim.is_static and n is not None else None
            out = ((fixed(n) if n is not None else Dim()),) + tuple(idx.shape[b:-1]) + tail
        else:
            out = tuple(idx.shape[:-1]) + tail
        return fold(self, ins, [data.etype]) or [Fact(data.etype, out)]

    def eval(self, ins):
        data, idx = np.asarray(ins[0]), np.asarray(ins[1])
        if idx.ndim and 0 <= self.batch_dims and idx.shape[-1] <= data.ndim:
            require_rank(idx.ndim - 1 + data.ndim - self.batch_dims - idx.shape[-1])
        return [kernels.gather_nd(data, idx, self.batch_dims, merge_batch=self.merge_batch, op=self.type)]


@register
class GatherND5(_GatherNDBase):
    type, version = "GatherND", "opset5"
    merge_batch = True


@register
class GatherND8(_GatherNDBase):
    type, version = "GatherND", "opset8"
