"""Slice-8 and StridedSlice-1, both expressed as one NumPy basic-indexing key.

Building the key is the op's semantics; applying it (a view) is the evaluation, and the
shape of a zero-stride dummy indexed by the key is the inference: one rule, two faces.
"""
from __future__ import annotations

import numpy as np

from ..errors import ValidationError
from ..shapes import is_static, normalize_axis, static, to_ints
from .common import dyn_rank, fold, int_vector, require_integer, view_shape
from .registry import Attr, Fact, Op, register


def slice8_key(rank: int, start: list, stop: list, step: list, axes) -> tuple:
    if not len(start) == len(stop) == len(step):
        raise ValidationError(f"start, stop and step must have one length, got "
                              f"{len(start)}, {len(stop)}, {len(step)}")
    if axes is None:
        axes = list(range(len(start)))
    if len(axes) != len(start):
        raise ValidationError(f"axes {axes} must have one entry per start value ({len(start)})")
    norm = [normalize_axis(a, rank, "Slice axis") for a in axes]
    if len(set(norm)) != len(norm):
        raise ValidationError(f"Slice axes {axes} repeat an axis")
    key = [slice(None)] * rank
    for a, b, e, s in zip(norm, start, stop, step):
        if s == 0:
            raise ValidationError("Slice step must not be 0")
        key[a] = slice(b, e, s)
    return tuple(key)


def _bits(mask: tuple, n: int) -> list:
    return [bool(mask[i]) if i < len(mask) else False for i in range(n)]


def strided_slice_key(op, rank: int, begin: list, end: list, strides: list) -> tuple:
    n = len(begin)
    if len(end) != n or len(strides) != n:
        raise ValidationError(f"begin, end and strides must have one length, got "
                              f"{len(begin)}, {len(end)}, {len(strides)}")
    bm, em = _bits(op.begin_mask, n), _bits(op.end_mask, n)
    nm, sm, el = _bits(op.new_axis_mask, n), _bits(op.shrink_axis_mask, n), _bits(op.ellipsis_mask, n)
    if sum(el) > 1:
        raise ValidationError("ellipsis_mask may have one bit set at most")
    key = []
    for i in range(n):
        if el[i]:
            key.append(Ellipsis)
        elif nm[i]:
            key.append(None)
        elif sm[i]:
            key.append(begin[i])
        else:
            if strides[i] == 0:
                raise ValidationError("StridedSlice stride must not be 0")
            # A mask bit of 1 means "ignore the given value and use the whole extent".
            key.append(slice(None if bm[i] else begin[i], None if em[i] else end[i], strides[i]))
    consumed = sum(1 for k in key if k is not None and k is not Ellipsis)
    if consumed > rank:
        raise ValidationError(f"StridedSlice slices {consumed} dims of a rank-{rank} input")
    return tuple(key)


def _apply(data_shape: tuple, key: tuple) -> tuple:
    try:
        return view_shape(data_shape, key)
    except IndexError as e:
        raise ValidationError(f"slice out of range: {e}") from None


@register
class Slice8(Op):
    type, version = "Slice", "opset8"
    min_inputs, max_inputs = 4, 5

    def _key(self, rank, ins):
        axes = int_vector(ins[4], "axes") if len(ins) > 4 else None
        return slice8_key(rank, int_vector(ins[1], "start"), int_vector(ins[2], "stop"),
                          int_vector(ins[3], "step"), axes)

    def infer(self, ins):
        for f, what in zip(ins[1:], ("start", "stop", "step", "axes")):
            require_integer(f, f"Slice's {what}")
        data = ins[0]
        if is_static(data.shape) and all(f.value is not None for f in ins[1:]):
            key = self._key(len(data.shape), [f.value for f in ins])
            return fold(self, ins, [data.etype]) or [Fact(data.etype, static(_apply(to_ints(data.shape), key)))]
        return [Fact(data.etype, None if data.shape is None else dyn_rank(len(data.shape)))]

    def eval(self, ins):
        data = np.asarray(ins[0])
        return [data[self._key(data.ndim, ins)]]


@register
class StridedSlice1(Op):
    type, version = "StridedSlice", "opset1"
    min_inputs, max_inputs = 3, 4
    attrs = (Attr("begin_mask", "ints"), Attr("end_mask", "ints"),
             Attr("new_axis_mask", "ints", ()), Attr("shrink_axis_mask", "ints", ()),
             Attr("ellipsis_mask", "ints", ()))

    def _key(self, rank, ins):
        begin, end = int_vector(ins[1], "begin"), int_vector(ins[2], "end")
        strides = int_vector(ins[3], "strides") if len(ins) > 3 else [1] * len(begin)
        return strided_slice_key(self, rank, begin, end, strides)

    def infer(self, ins):
        for f, what in zip(ins[1:], ("begin", "end", "strides")):
            require_integer(f, f"StridedSlice's {what}")
        data = ins[0]
        if is_static(data.shape) and all(f.value is not None for f in ins[1:]):
            key = self._key(len(data.shape), [f.value for f in ins])
            return fold(self, ins, [data.etype]) or [Fact(data.etype, static(_apply(to_ints(data.shape), key)))]
        return [Fact(data.etype, None)]

    def eval(self, ins):
        data = np.asarray(ins[0])
        key = self._key(data.ndim, ins)
        try:
            return [data[key]]
        except IndexError as e:
            raise ValidationError(f"slice out of range: {e}") from None
