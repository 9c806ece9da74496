"""Reductions over axes (ReduceSum/Prod/Max/Min/Mean-1, ReduceL1/L2-4, ReduceLogicalAnd/Or-1) and
SoftMax-1/-8: converters emit ReduceProd to compute flat sizes around index_put, and ReduceSum
and SoftMax appear next to scatters in attention-style programs.

Like the elementwise ops, f16 and bf16 compute in f32 and round once; integers wrap; an
integer mean truncates toward zero (C division of the sum); empty ``axes`` reduce nothing.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, normalize_axis
from ..common import int_vector
from .compat import fold, require_integer
from .compat import Attr, Fact, LegacyOp as Op, register

_HALF = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))


def reduce_axes(axes, rank: int) -> tuple:
    values = int_vector(np.asarray(axes).reshape(-1), "axes")
    norm = sorted({normalize_axis(a, max(rank, 1) if rank else 1, "Reduce axis") for a in values}) \
        if rank else []
    if rank == 0 and values:
        if any(a not in (0, -1) for a in values):
            raise ValidationError(f"Reduce axes {values} are out of range for a scalar")
    return tuple(norm)


def _int_mean(x: np.ndarray, axes: tuple, keepdims: bool) -> np.ndarray:
    total = np.sum(x, axis=axes, keepdims=keepdims, dtype=x.dtype)
    n = int(np.prod([x.shape[a] for a in axes], dtype=np.int64)) if axes else 1
    if n == 0:
        return total
    q = np.floor_divide(total, n)
    if x.dtype.kind == "i":
        q = q + ((np.remainder(total, n) != 0) & (total < 0)).astype(q.dtype)  # toward zero
    return q.astype(x.dtype)


class _Reduce(Op):
    min_inputs = max_inputs = 2
    attrs = (Attr("keep_dims", "bool", False),)
    logical = False

    def compute(self, x, axes, keepdims):
        raise NotImplementedError

    def infer(self, ins):
        data, axes = ins
        require_integer(axes, f"{self.type}'s axes")
        if self.logical and data.etype is not None and data.etype.name != "boolean":
            raise ValidationError(f"{self.type} needs boolean data, got {data.etype}")
        if data.shape is None or axes.value is None:
            return [Fact(data.etype, None)]
        ax = reduce_axes(axes.value, len(data.shape))
        if self.keep_dims:
            out = tuple(Dim(1, 1) if i in ax else d for i, d in enumerate(data.shape))
        else:
            out = tuple(d for i, d in enumerate(data.shape) if i not in ax)
        return fold(self, ins, [data.etype]) or [Fact(data.etype, out)]

    def eval(self, ins):
        x = np.asarray(ins[0])
        axes = reduce_axes(ins[1], x.ndim)
        if x.dtype in _HALF:
            return [np.asarray(self.compute(x.astype(np.float32), axes, self.keep_dims)).astype(x.dtype)]
        with np.errstate(over="ignore", invalid="ignore"):
            return [np.asarray(self.compute(x, axes, self.keep_dims)).astype(x.dtype, copy=False)]


def _reduce(name, fn, version="opset1", logical=False):
    cls = type(name, (_Reduce,), {"type": name, "version": version, "logical": logical,
                                  "compute": lambda self, x, a, k: fn(x, a, k)})
    return register(cls)


def _extreme(ufunc):
    def fn(x, axes, keepdims):
        if x.size == 0:
            raise ValidationError("cannot take the maximum or minimum of an empty tensor")
        return ufunc.reduce(x, axis=axes, keepdims=keepdims)
    return fn


ReduceSum = _reduce("ReduceSum", lambda x, a, k: np.sum(x, axis=a, keepdims=k, dtype=x.dtype))
ReduceProd = _reduce("ReduceProd", lambda x, a, k: np.prod(x, axis=a, keepdims=k, dtype=x.dtype))
ReduceMax = _reduce("ReduceMax", _extreme(np.maximum))
ReduceMin = _reduce("ReduceMin", _extreme(np.minimum))
ReduceMean = _reduce("ReduceMean", lambda x, a, k: _int_mean(x, a, k) if x.dtype.kind in "iu"
                     else np.mean(x, axis=a, keepdims=k, dtype=x.dtype))
ReduceL1 = _reduce("ReduceL1", lambda x, a, k: np.sum(np.abs(x), axis=a, keepdims=k, dtype=x.dtype), "opset4")
ReduceL2 = _reduce("ReduceL2", lambda x, a, k: np.sqrt(np.sum(np.square(x), axis=a, keepdims=k, dtype=x.dtype)),
                   "opset4")
ReduceLogicalAnd = _reduce("ReduceLogicalAnd", lambda x, a, k: np.all(x, axis=a, keepdims=k), logical=True)
ReduceLogicalOr = _reduce("ReduceLogicalOr", lambda x, a, k: np.any(x, axis=a, keepdims=k), logical=True)


def softmax(x: np.ndarray, axis: int) -> np.ndarray:
    if x.size == 0:
        return np.array(x, copy=True)  # nothing to normalise (np.max has no identity to start from)
    wide = x.astype(np.float32) if x.dtype in _HALF else x
    shifted = wide - np.max(wide, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return (e / np.sum(e, axis=axis, keepdims=True)).astype(x.dtype)


class _SoftMaxBase(Op):
    min_inputs = max_inputs = 1
    negative_axis = True

    def _axis(self, rank):
        if self.axis < 0 and not self.negative_axis:
            raise ValidationError(f"SoftMax-1 axis must be non-negative, got {self.axis}")
        return normalize_axis(self.axis, rank)

    def infer(self, ins):
        x = ins[0]
        if x.etype is not None and not x.etype.is_float:
            raise ValidationError(f"SoftMax needs floating-point data, got {x.etype}")
        if x.shape is not None:
            self._axis(len(x.shape))
        return fold(self, ins, [x.etype]) or [Fact(x.etype, x.shape)]

    def eval(self, ins):
        x = np.asarray(ins[0])
        with np.errstate(over="ignore", invalid="ignore"):
            return [softmax(x, self._axis(x.ndim))]


@register
class SoftMax1(_SoftMaxBase):
    type, version = "SoftMax", "opset1"
    attrs = (Attr("axis", "int", 1),)
    negative_axis = False


@register
class SoftMax8(_SoftMaxBase):
    type, version = "SoftMax", "opset8"
    attrs = (Attr("axis", "int", 1),)
