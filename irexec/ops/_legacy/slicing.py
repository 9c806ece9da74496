"""Slice-8 and StridedSlice-1, both expressed as one NumPy basic-indexing key.

Building the key is the op's semantics; applying it (a view) is the evaluation, and the
shape of a zero-stride dummy indexed by the key is the inference: one rule, two faces.

Bounds are clamped as OpenVINO (and ONNX) do, which differs from Python's slices in one
case: with a negative step, a start before the first element clamps to that element
instead of emptying the slice (x[-5:-4:-1] of 3 elements is [x[0]], not []). So the op
first builds a raw key (Ellipsis, None, int or slice entries, as the attributes say), then
resolves it against the data's dims, clamping each slice.
"""
from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, is_static, normalize_axis, static, to_ints
from ..common import int_vector, require_rank, view_shape
from .compat import fold, require_integer
from .compat import Attr, Fact, LegacyOp as Op, register

ONE = Dim(1, 1)
_REST = object()  # _walk's last entry: the trailing dims no key entry named


def ov_slice(begin, end, step: int, dim: int) -> slice:
    """One dim's slice with OpenVINO's clamping; ``None`` bounds mean the whole extent."""
    if begin is not None:
        begin = begin + dim if begin < 0 else begin
        begin = max(0, min(begin, dim if step > 0 else dim - 1))
    if end is not None:
        end = end + dim if end < 0 else end
        end = max(0, min(end, dim)) if step > 0 else max(-1, min(end, dim - 1))
        if end < 0:
            end = None  # "before the first element", which a Python slice can only say as None
    return slice(begin, end, step)


def slice8_key(rank: int, start: list, stop: list, step: list, axes) -> list:
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
    return key


def _bits(mask: tuple, n: int) -> list:
    return [bool(mask[i]) if i < len(mask) else False for i in range(n)]


def strided_slice_key(op, rank: int, begin: list, end: list, strides: list) -> list:
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
        # On one bit, ellipsis beats new_axis beats shrink (what the plugin's kernel does).
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
    require_rank(rank + key.count(None) - sum(1 for k in key if isinstance(k, int)))
    return key


def _walk(key: list, rank: int):
    """Pair each key entry with the first data axis it applies to (and how many it spans)."""
    consumed = sum(1 for k in key if k is not None and k is not Ellipsis)
    axis = 0
    for k in key:
        if k is Ellipsis:
            yield k, axis, rank - consumed
            axis += rank - consumed
        elif k is None:
            yield k, axis, 0
        else:
            yield k, axis, 1
            axis += 1
    yield _REST, axis, rank - axis


def _check_index(i: int, dim: int) -> None:
    if not -dim <= i < dim:
        raise ValidationError(f"slice out of range: index {i} is out of bounds for a dim of {dim}")


def resolve(key: list, shape: tuple) -> tuple:
    """The NumPy key for data of ``shape``: slices clamped, shrink indices range-checked."""
    out = []
    for k, axis, _ in _walk(key, len(shape)):
        if k is _REST:
            continue  # NumPy keeps unnamed trailing dims by itself
        if isinstance(k, slice):
            k = ov_slice(k.start, k.stop, k.step, shape[axis])
        elif k is not None and k is not Ellipsis:
            _check_index(k, shape[axis])
        out.append(k)
    return tuple(out)


def key_pshape(key: list, dims: tuple) -> tuple:
    """Output partial shape: exact where the sliced dim is static, unknown where it is not."""
    out = []
    for k, axis, span in _walk(key, len(dims)):
        if k is Ellipsis or k is _REST:
            out.extend(dims[axis:axis + span])
        elif k is None:
            out.append(ONE)
        elif isinstance(k, slice):
            d = dims[axis]
            if d.is_static:
                n = len(range(*ov_slice(k.start, k.stop, k.step, d.lo).indices(d.lo)))
                out.append(fixed(n))
            else:
                out.append(DYN)
        elif dims[axis].is_static:
            _check_index(k, dims[axis].lo)
    return tuple(out)


class _SliceBase(Op):
    what = ()

    def infer(self, ins):
        for f, what in zip(ins[1:], self.what):
            require_integer(f, f"{self.type}'s {what}")
        data = ins[0]
        if data.shape is None or any(f.value is None for f in ins[1:]):
            return [Fact(data.etype, self.unknown_shape(data.shape))]
        key = self.raw_key(len(data.shape), [f.value for f in ins])
        if is_static(data.shape):
            shape = view_shape(to_ints(data.shape), resolve(key, to_ints(data.shape)))
            return fold(self, ins, [data.etype]) or [Fact(data.etype, static(shape))]
        return [Fact(data.etype, key_pshape(key, data.shape))]

    def eval(self, ins):
        data = np.asarray(ins[0])
        return [data[resolve(self.raw_key(data.ndim, ins), data.shape)]]


@register
class Slice8(_SliceBase):
    type, version = "Slice", "opset8"
    min_inputs, max_inputs = 4, 5
    what = ("start", "stop", "step", "axes")

    def raw_key(self, rank, ins):
        axes = int_vector(ins[4], "axes") if len(ins) > 4 else None
        return slice8_key(rank, int_vector(ins[1], "start"), int_vector(ins[2], "stop"),
                          int_vector(ins[3], "step"), axes)

    def unknown_shape(self, shape):
        return None if shape is None else (DYN,) * len(shape)


@register
class StridedSlice1(_SliceBase):
    type, version = "StridedSlice", "opset1"
    min_inputs, max_inputs = 3, 4
    what = ("begin", "end", "strides")
    attrs = (Attr("begin_mask", "ints"), Attr("end_mask", "ints"),
             Attr("new_axis_mask", "ints", ()), Attr("shrink_axis_mask", "ints", ()),
             Attr("ellipsis_mask", "ints", ()))

    def setup(self):
        masks = {a.name: getattr(self, a.name) for a in self.attrs}
        for name, mask in masks.items():
            if any(b not in (0, 1) for b in mask):
                raise ValidationError(f"StridedSlice {name} {list(mask)} must hold only 0 and 1")
        # OpenVINO refuses masks of different lengths; an empty mask means all zeros.
        lengths = {len(m) for m in masks.values() if len(m)}
        if len(lengths) > 1:
            raise ValidationError("StridedSlice masks must have one length (or be empty), got "
                                  + ", ".join(f"{n}={list(m)}" for n, m in masks.items()))

    def raw_key(self, rank, ins):
        begin, end = int_vector(ins[1], "begin"), int_vector(ins[2], "end")
        strides = int_vector(ins[3], "strides") if len(ins) > 3 else [1] * len(begin)
        return strided_slice_key(self, rank, begin, end, strides)

    def unknown_shape(self, shape):
        return None
