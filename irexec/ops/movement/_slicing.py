"""What Slice-8 and StridedSlice-1 share: both are one NumPy basic-indexing key.

Building the key is the op's semantics; applying it (a view) is the computation, and what the
key leaves of each dim is the shape rule (``key_pshape``): exact for static dims, an interval
for partial ones (``slice_dim``), with bounds whose values are not known as ``UNKNOWN``.

Bounds are clamped as OpenVINO (and ONNX) do, which differs from Python's slices in one
case: with a negative step, a start before the first element clamps to that element
instead of emptying the slice (x[-5:-4:-1] of 3 elements is [x[0]], not []). So an op
first builds a raw key (Ellipsis, None, int or slice entries, as its inputs and attributes
say), then ``resolve`` resolves it against the data's dims, clamping each slice.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import MAX_DIM, ONE, Dim, fixed, fmt, is_static, span
from ..common import int_vector
from ..op import Fact, Op

_REST = object()  # _walk's last entry: the trailing dims no key entry named


class _Unknown:
    def __repr__(self):
        return "?"  # (as a message shows a list of them)


UNKNOWN = _Unknown()  # a bound (or index, or axis) whose value is not known before the run


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


def slice_len(start, stop, step: int, n: int) -> int:
    """How many elements ``ov_slice(start, stop, step, n)`` takes from a dim of ``n``."""
    return max(0, -(-_extent(start, stop, step, n) // abs(step)))


def _extent(start, stop, step: int, n: int) -> int:
    """The positions the clamped slice spans, signed (negative: it is empty), before the step."""
    first, last, _ = ov_slice(start, stop, step, n).indices(n)
    return last - first if step > 0 else first - last


def slice_dim(k: slice, d: Dim) -> Dim:
    """The sizes ``k`` (a slice with known bounds) can leave of a dim of sizes ``d``.

    The span the slice covers is piecewise linear in the dim's size n, bending only where a
    clamp starts or stops acting: at n near a bound's magnitude, or 0 and 1. So its extremes
    over ``d.lo..d.hi`` are among those sizes and the ends. Past the last bend it grows by one
    per element, stays, or shrinks: over an unbounded dim, a growing slice is unbounded (unless
    its step is too long to take a second element from any dim), a shrinking one ends empty."""
    start, stop, step = k.start, k.stop, 1 if k.step is None else k.step
    if d.is_static:
        return fixed(slice_len(start, stop, step, d.lo))
    bends = {0, 1}
    for v in (start, stop):
        if v is not None:
            bends.update((abs(v) - 1, abs(v), abs(v) + 1))
    top = max(d.lo, MAX_DIM) if d.hi is None else d.hi  # (no dim is larger than MAX_DIM)
    sizes = {d.lo} | {n for n in bends if d.lo <= n <= top}
    if d.hi is not None:
        sizes.add(d.hi)
    lens = [slice_len(start, stop, step, n) for n in sizes]
    lo, hi = min(lens), max(lens)
    if d.hi is None:
        last = max(sizes)
        ext = _extent(start, stop, step, last)
        trend = _extent(start, stop, step, last + 1) - ext
        if trend < 0:
            lo = min(lo, slice_len(start, stop, step, top))
        elif trend > 0:
            first = last + max(1, 1 - ext)  # the first size past ``last`` the slice takes from
            hi = None if first + abs(step) <= top else max(hi, slice_len(start, stop, step, top))
    return span(lo, hi)


def key_pshape(key: list, dims: tuple) -> tuple:
    """The output's partial shape for a key over data of ``dims``: each dim the sizes the key can
    leave of it (exact where the dim is static); an ``UNKNOWN`` bound leaves 0 up to the dim."""
    out = []
    for k, axis, span_ in _walk(key, len(dims)):
        if k is Ellipsis or k is _REST:
            out.extend(dims[axis : axis + span_])
        elif k is None:
            out.append(ONE)
        elif isinstance(k, slice):
            d = dims[axis]
            if UNKNOWN in (k.start, k.stop, k.step):
                out.append(span(0, d.hi))
            else:
                out.append(slice_dim(k, d))
        elif k is not UNKNOWN and dims[axis].hi is not None:
            # An index out of range of the largest size the dim may have is out of range of all.
            _check_index(k, dims[axis].hi)
    return tuple(out)


def vector(v, what: str) -> list:
    """An input's values as ints, or as it is when unknown (a list of ``UNKNOWN``)."""
    if isinstance(v, list) and all(x is UNKNOWN for x in v):
        return v
    return int_vector(v, what)


def _entries(fact: Fact):
    """How many values a 1-D (or scalar) input holds, if its shape or value says."""
    if fact.value is not None:
        return int(np.size(fact.value))
    if fact.shape is not None and len(fact.shape) <= 1 and is_static(fact.shape):
        return fact.shape[0].lo if fact.shape else 1
    return None


class SliceBase(Op):
    """A slicing op: ``raw_key(rank, values)`` builds the key from the values of the inputs
    after the data (``vector`` reads each); an input whose values are not known comes as a list
    of ``UNKNOWN``, one per entry, so the key says what it can (which dims it names, new and
    dropped dims). The same rule serves static and partial shapes."""

    def raw_key(self, rank: int, values: list):
        raise NotImplementedError

    def output_facts(self, data, *bounds):
        if data.shape is None:
            return Fact(data.etype, None)
        values = [f.value for f in bounds]
        if any(v is None for v in values):
            for f, port in zip(bounds, self.inputs[1:]):
                if f.value is None and f.shape is not None and len(f.shape) > 1:
                    raise ValidationError(f"{port.name} must be a 1-D tensor, got shape {fmt(f.shape)}")
            # Each unknown input holds as many entries as its shape says, or as the others hold.
            entries = [_entries(f) for f in bounds]
            n = next((e for e in entries if e is not None), None)
            if n is None:
                return Fact(data.etype, self.unknown_shape(data.shape))
            values = [[UNKNOWN] * (n if e is None else e) if v is None else v for v, e in zip(values, entries)]
        key = self.raw_key(len(data.shape), values)
        return Fact(data.etype, key_pshape(key, data.shape))

    def unknown_shape(self, shape: tuple):
        """The output's shape when no input says how many entries the key has."""
        raise NotImplementedError

    def compute(self, data, *bounds):
        data = np.asarray(data)
        memo = (data.shape,) + tuple((b.dtype.char, b.shape, b.tobytes()) for b in map(np.asarray, bounds))
        return data[self.memo(memo, lambda: resolve(self.raw_key(data.ndim, list(bounds)), data.shape))]
