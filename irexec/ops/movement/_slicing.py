"""What Slice-8 and StridedSlice-1 share: both are one NumPy basic-indexing key.

Building the key is the op's semantics; applying it (a view) is the computation, and the shape
of a zero-stride dummy indexed by the key is the shape rule: one rule, used by both.

Bounds are clamped as OpenVINO (and ONNX) do, which differs from Python's slices in one
case: with a negative step, a start before the first element clamps to that element
instead of emptying the slice (x[-5:-4:-1] of 3 elements is [x[0]], not []). So an op
first builds a raw key (Ellipsis, None, int or slice entries, as its inputs and attributes
say), then ``resolve`` resolves it against the data's dims, clamping each slice.
"""
from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, is_static, static, to_ints
from ..common import view_shape
from ..op import Fact, Op

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


class SliceBase(Op):
    """A slicing op: ``raw_key(rank, values)`` builds the key from the values of the inputs after
    the data; ``unknown_shape`` is the output's shape while some of them are not known."""

    def raw_key(self, rank: int, values: list) -> list:
        raise NotImplementedError

    def unknown_shape(self, shape):
        raise NotImplementedError

    def output_facts(self, data, *bounds):
        if data.shape is None or any(f.value is None for f in bounds):
            return Fact(data.etype, self.unknown_shape(data.shape))
        key = self.raw_key(len(data.shape), [f.value for f in bounds])
        if is_static(data.shape):
            dims = to_ints(data.shape)
            return Fact(data.etype, static(view_shape(dims, resolve(key, dims))))
        return Fact(data.etype, key_pshape(key, data.shape))

    def compute(self, data, *bounds):
        data = np.asarray(data)
        return data[resolve(self.raw_key(data.ndim, list(bounds)), data.shape)]
