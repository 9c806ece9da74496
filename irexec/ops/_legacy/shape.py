"""Shape and layout ops: ShapeOf, Reshape, Squeeze, Unsqueeze, Concat, Broadcast, Transpose.

These are what converters wrap around scatters to compute index and update shapes, so the
inference face carries small integer values along (``fold``) to keep shapes static.
"""
from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import (DYN, Dim, PShape, broadcast_numpy, fixed, fmt, is_static, normalize_axis, static,
                      to_ints)
from ...types import BY_NAME
from ..common import dyn_rank, int_vector, require_array_shape, require_rank
from .compat import fold, require_integer
from .compat import Attr, Fact, LegacyOp as Op, register

I64 = BY_NAME["i64"]
ONE = Dim(1, 1)


# ---- shape rules (pure functions over int or Dim tuples; the infer and eval faces both call them) --

def reshape_rule(in_shape: tuple, target: list, special_zero: bool) -> tuple:
    out, minus_one, copied = [], None, set()
    for i, t in enumerate(target):
        if t == -1:
            if minus_one is not None:
                raise ValidationError(f"Reshape target {target} has more than one -1")
            minus_one = i
            out.append(1)
        elif t == 0 and special_zero:
            if i >= len(in_shape):
                raise ValidationError(f"Reshape target {target}: 0 at {i} copies a dim the input "
                                      f"{list(in_shape)} does not have")
            out.append(in_shape[i])
            copied.add(i)
        elif t < 0:
            raise ValidationError(f"Reshape target {target} has a negative dim {t}")
        else:
            out.append(t)
    if minus_one is not None:
        # OpenVINO leaves the dims special_zero copies out of both products; that only changes
        # the answer when a dim is 0, and then the -1 is 1 if nothing else is left to divide.
        rest_in = math.prod(d for i, d in enumerate(in_shape) if i not in copied)
        rest_out = math.prod(d for i, d in enumerate(out) if i not in copied and i != minus_one)
        if rest_out == 0:
            if rest_in != 0:
                raise ValidationError(f"cannot reshape {list(in_shape)} to {target}: the other dims "
                                      f"hold no elements, the input does")
            out[minus_one] = 1
        elif rest_in % rest_out:
            raise ValidationError(f"cannot reshape {list(in_shape)} to {target}")
        else:
            out[minus_one] = rest_in // rest_out
    # OpenVINO skips this check when special_zero copies a dim and the CPU plugin then reads past
    # the input (e.g. [2,3,4] -> [0,0,5]); irexec refuses instead.
    total, known = math.prod(in_shape), math.prod(out)
    if known != total:
        raise ValidationError(f"cannot reshape {list(in_shape)} ({total} elements) to {out} "
                              f"({known} elements)")
    return tuple(out)


def reshape_pshape(in_shape, target: list, special_zero: bool) -> tuple:
    """Reshape over a partial input shape. Copied dims (special zero) are left out of the -1
    arithmetic, as OpenVINO does, so [?,3,4] -> [0,-1] is [?,12]; other unknowns make -1 unknown."""
    if in_shape is None:
        return tuple(DYN if t == -1 or (t == 0 and special_zero) else Dim(t, t) for t in target)
    copied = {i for i, t in enumerate(target) if t == 0 and special_zero}
    if all(d.is_static for i, d in enumerate(in_shape) if i not in copied):
        # Stand a 1 in for each copied dim: it then counts the same on both sides of the checks.
        ints = tuple(1 if i in copied else d.lo for i, d in enumerate(in_shape))
        out = reshape_rule(ints, target, special_zero)
        return tuple(in_shape[i] if i in copied else fixed(n) for i, n in enumerate(out))
    if target.count(-1) > 1 or any(t < -1 for t in target):
        raise ValidationError(f"Reshape target {target} is not a valid pattern")
    out = []
    for i, t in enumerate(target):
        if i in copied:
            if i >= len(in_shape):
                raise ValidationError(f"Reshape target {target}: 0 at {i} copies a dim the input "
                                      f"{fmt(in_shape)} does not have")
            out.append(in_shape[i])
        else:
            out.append(DYN if t == -1 else Dim(t, t))
    return tuple(out)


def _maybe_one(d) -> bool:
    return Dim.of(d).compatible(ONE)


def squeeze_rule(in_shape: tuple, axes) -> PShape:
    """Squeeze-1 as OpenVINO infers it, over ints or Dims. No axes (or an empty list) drops every
    dim of 1; listed axes whose dim cannot be 1 are kept, not refused (the plugin does so)."""
    rank = len(in_shape)
    if not axes:
        if any(isinstance(d, Dim) and not d.is_static and d.compatible(ONE) for d in in_shape):
            return None  # whether such a dim is dropped is only known at run time
        return tuple(d for d in in_shape if not _maybe_one(d))
    norm = {normalize_axis(a, rank, "Squeeze axis") for a in axes}
    return tuple(d for i, d in enumerate(in_shape) if i not in norm or not _maybe_one(d))


def unsqueeze_rule(in_shape: tuple, axes: list, one=1) -> tuple:
    """Unsqueeze-1 as OpenVINO infers it: repeated axes count once, both before normalising
    (they set the output rank) and after it; an axis that lands past the end appends."""
    if not axes:
        raise ValidationError("Unsqueeze axes must not be empty")
    distinct = set(axes)
    rank = len(in_shape) + len(distinct)
    require_rank(rank)
    out = list(in_shape)
    for a in sorted({normalize_axis(a, rank, "Unsqueeze axis") for a in distinct}):
        if a > len(out) + 1:
            raise ValidationError(f"Unsqueeze axis {a} is past the end of {len(out)} dims")
        out.insert(a, one)
    return tuple(out)


def transpose_order(rank: int, order: list) -> list:
    if not order:
        return list(range(rank))[::-1]
    # No negative entries: OpenVINO refuses them (the order must be a permutation of 0..rank-1).
    if sorted(order) != list(range(rank)):
        raise ValidationError(f"Transpose order {order} is not a permutation of 0..{rank - 1}")
    return list(order)


def explicit_broadcast_shape(data_shape: tuple, target: list, axes_mapping: list) -> tuple:
    """Shape data is viewed as before an explicit broadcast: its dims placed at axes_mapping."""
    if len(axes_mapping) != len(data_shape):
        raise ValidationError(f"axes_mapping {axes_mapping} must have one axis per data dim "
                              f"({len(data_shape)})")
    if sorted(axes_mapping) != list(axes_mapping) or len(set(axes_mapping)) != len(axes_mapping):
        raise ValidationError(f"axes_mapping {axes_mapping} must be increasing")
    view = [1] * len(target)
    for d, a in zip(data_shape, axes_mapping):
        if not 0 <= a < len(target):
            raise ValidationError(f"axes_mapping entry {a} is out of range for target rank {len(target)}")
        if d != 1 and d != target[a]:
            raise ValidationError(f"data dim {d} cannot broadcast to target dim {target[a]} at axis {a}")
        view[a] = d
    return tuple(view)


def numpy_broadcast_target(data_shape: tuple, target: list) -> tuple:
    if len(target) < len(data_shape):
        raise ValidationError(f"cannot broadcast {list(data_shape)} to the lower rank {target}")
    pad = (1,) * (len(target) - len(data_shape)) + tuple(data_shape)
    for d, t in zip(pad, target):
        if d != 1 and d != t:
            raise ValidationError(f"cannot broadcast {list(data_shape)} to {target}")
    return tuple(target)


def bidirectional_target(data_shape: tuple, target: list) -> tuple:
    # (Not np.broadcast_shapes: it stops at 32 dims, where NumPy 2 arrays go to 64.)
    try:
        return to_ints(broadcast_numpy(static(data_shape), static(target)))
    except ValidationError:
        raise ValidationError(f"cannot broadcast {list(data_shape)} with {list(target)}") from None


# ---- ops --------------------------------------------------------------------------------------

class _ShapeOfBase(Op):
    min_inputs = max_inputs = 1

    def out_type(self):
        return I64

    def values(self, dims) -> np.ndarray:
        et = self.out_type()
        top = int(np.iinfo(et.dtype).max)
        for d in dims:
            if d > top:
                raise ValidationError(f"dimension {d} does not fit in the output type {et}")
        return np.array(dims, dtype=et.dtype)

    def infer(self, ins):
        shape = ins[0].shape
        if is_static(shape):
            return [Fact(self.out_type(), (Dim(len(shape), len(shape)),), self.values(to_ints(shape)))]
        return [Fact(self.out_type(), (DYN,) if shape is None else static([len(shape)]))]

    def eval(self, ins):
        return [self.values(np.shape(ins[0]))]


@register
class ShapeOf1(_ShapeOfBase):
    type, version = "ShapeOf", "opset1"


@register
class ShapeOf3(_ShapeOfBase):
    type, version = "ShapeOf", "opset3"
    attrs = (Attr("output_type", "etype", I64),)

    def setup(self):
        if self.output_type.name not in ("i32", "i64"):
            raise ValidationError(f"ShapeOf output_type must be i32 or i64, got {self.output_type}")

    def out_type(self):
        return self.output_type


def _pattern(target: np.ndarray) -> list:
    if np.ndim(target) != 1:
        raise ValidationError(f"Reshape's shape input must be 1-D, got shape {list(np.shape(target))}")
    return int_vector(target, "shape")


@register
class Reshape(Op):
    type, version = "Reshape", "opset1"
    min_inputs = max_inputs = 2
    attrs = (Attr("special_zero", "bool"),)

    def infer(self, ins):
        data, target = ins
        require_integer(target, "Reshape's shape input")
        if target.shape is not None and len(target.shape) != 1:
            raise ValidationError(f"Reshape's shape input must be 1-D, got {fmt(target.shape)}")
        if target.value is not None:
            pattern = _pattern(target.value)
            if is_static(data.shape):
                out = reshape_rule(to_ints(data.shape), pattern, self.special_zero)
                require_array_shape(out, _itemsize(data))
                return fold(self, ins, [data.etype]) or [Fact(data.etype, static(out))]
            return [Fact(data.etype, reshape_pshape(data.shape, pattern, self.special_zero))]
        n = target.shape[0].lo if target.shape and target.shape[0].is_static else None
        return [Fact(data.etype, dyn_rank(n) if n is not None else None)]

    def eval(self, ins):
        data, target = np.asarray(ins[0]), ins[1]
        out = reshape_rule(data.shape, _pattern(target), self.special_zero)
        require_array_shape(out, data.dtype.itemsize)
        return [np.reshape(data, out)]


def _axes_rank(axes: Fact, what: str) -> None:
    require_integer(axes, what)
    if axes.shape is not None and len(axes.shape) > 1:
        raise ValidationError(f"{what} must be a scalar or 1-D, got {fmt(axes.shape)}")


@register
class Squeeze(Op):
    type, version = "Squeeze", "opset1"
    min_inputs, max_inputs = 1, 2

    def infer(self, ins):
        data = ins[0]
        axes = ins[1] if len(ins) > 1 else None
        if axes is not None:
            _axes_rank(axes, "Squeeze's axes")
        if data.shape is None:
            return [Fact(data.etype, None)]
        if axes is None or axes.value is not None:
            ax = None if axes is None else int_vector(axes.value, "axes")
            return fold(self, ins, [data.etype]) or [Fact(data.etype, squeeze_rule(data.shape, ax))]
        if axes.shape is not None and all(d.is_static for d in axes.shape) and \
                math.prod(d.lo for d in axes.shape) == 1 and data.shape:
            # One unknown axis: the rank drops by one if any dim could be 1 (OpenVINO's rule).
            if any(d.compatible(ONE) for d in data.shape):
                return [Fact(data.etype, dyn_rank(len(data.shape) - 1))]
            return [Fact(data.etype, data.shape)]
        return [Fact(data.etype, None)]

    def eval(self, ins):
        axes = int_vector(ins[1], "axes") if len(ins) > 1 else None
        return [np.reshape(ins[0], squeeze_rule(np.shape(ins[0]), axes))]


@register
class Unsqueeze(Op):
    type, version = "Unsqueeze", "opset1"
    min_inputs = max_inputs = 2

    def infer(self, ins):
        data, axes = ins
        _axes_rank(axes, "Unsqueeze's axes")
        if data.shape is None:
            return [Fact(data.etype, None)]
        if axes.value is not None:
            out = unsqueeze_rule(data.shape, int_vector(axes.value, "axes"), ONE)
            return fold(self, ins, [data.etype]) or [Fact(data.etype, out)]
        if axes.shape is not None and all(d.is_static for d in axes.shape) and \
                math.prod(d.lo for d in axes.shape) == 1:
            return [Fact(data.etype, dyn_rank(len(data.shape) + 1))]
        return [Fact(data.etype, None)]

    def eval(self, ins):
        return [np.reshape(ins[0], unsqueeze_rule(np.shape(ins[0]), int_vector(ins[1], "axes")))]


@register
class Concat(Op):
    type, version = "Concat", "opset1"
    min_inputs, max_inputs = 1, 1 << 20
    attrs = (Attr("axis", "int"),)

    def infer(self, ins):
        types = {f.etype.name for f in ins if f.etype is not None}
        if len(types) > 1:
            raise ValidationError(f"Concat inputs must share one element type, got {', '.join(sorted(types))}")
        etype = next((f.etype for f in ins if f.etype is not None), None)
        shapes = [f.shape for f in ins if f.shape is not None]
        if not shapes:
            return [Fact(etype, None)]
        rank = len(shapes[0])
        if rank == 0:
            raise ValidationError("Concat inputs must have rank 1 or more")
        if any(len(s) != rank for s in shapes):
            raise ValidationError("Concat inputs differ in rank: " + ", ".join(fmt(s) for s in shapes))
        axis = normalize_axis(self.axis, rank)
        out = []
        for i in range(rank):
            dims = [s[i] for s in shapes]
            if i == axis:
                if len(shapes) == len(ins) and all(d.is_static for d in dims):
                    n = sum(d.lo for d in dims)
                    out.append(fixed(n))
                else:
                    out.append(DYN)
            else:
                statics = {d.lo for d in dims if d.is_static}
                if len(statics) > 1:
                    raise ValidationError(f"Concat inputs differ at dim {i} (axis is {axis}): "
                                          + ", ".join(fmt(s) for s in shapes))
                n = statics.pop() if statics else None
                out.append(DYN if n is None else fixed(n))
        return fold(self, ins, [etype]) or [Fact(etype, tuple(out))]

    def eval(self, ins):
        arrays = [np.asarray(a) for a in ins]
        axis = normalize_axis(self.axis, arrays[0].ndim)
        try:
            return [np.concatenate(arrays, axis=axis)]
        except ValueError:
            raise ValidationError("Concat input shapes do not match: "
                                  + ", ".join(str(list(a.shape)) for a in arrays)) from None


def _itemsize(fact: Fact) -> int:
    return fact.etype.dtype.itemsize if fact.etype is not None else 1


def _target(value, itemsize: int) -> list:
    """A Broadcast's target_shape input: dims that exist (not negative) and fit in an array."""
    target = int_vector(value, "target_shape")
    if any(t < 0 for t in target):
        raise ValidationError(f"target_shape {target} has a negative dim")
    require_array_shape(target, itemsize, "the broadcast output")
    return target


class _BroadcastBase(Op):
    min_inputs, max_inputs = 2, 3

    def setup(self):
        if self.mode == "pdpd":
            raise ValidationError("Broadcast mode 'pdpd' is not supported by irexec")
        if self.mode == "none":
            # OpenVINO's enums make NONE and EXPLICIT one value, and it writes Broadcast-1's as "none".
            self.mode = "explicit"

    def target_shape(self, data_shape, target, axes, itemsize=1):
        target = _target(target, itemsize)
        if self.mode == "numpy":
            return numpy_broadcast_target(data_shape, target), data_shape
        if self.mode == "bidirectional":
            return bidirectional_target(data_shape, target), data_shape
        if axes is None:
            raise ValidationError("Broadcast mode 'explicit' needs the axes_mapping input")
        return tuple(target), explicit_broadcast_shape(data_shape, target, int_vector(axes, "axes_mapping"))

    def infer(self, ins):
        data, target = ins[0], ins[1]
        require_integer(target, "Broadcast's target_shape")
        axes = ins[2].value if len(ins) > 2 else None
        if is_static(data.shape) and target.value is not None and (self.mode != "explicit" or axes is not None):
            out, _ = self.target_shape(to_ints(data.shape), target.value, axes, _itemsize(data))
            return fold(self, ins, [data.etype]) or [Fact(data.etype, static(out))]
        if target.value is not None and self.mode in ("numpy", "explicit"):
            # The output is the target, whatever the data's unknown dims turn out to be.
            return [Fact(data.etype, static(_target(target.value, _itemsize(data))))]
        if target.value is not None and data.shape is not None:
            return [Fact(data.etype, broadcast_numpy(data.shape, static(_target(target.value, _itemsize(data)))))]
        n = target.shape[0].lo if target.shape and target.shape[0].is_static else None
        if n is not None and self.mode != "bidirectional":
            return [Fact(data.etype, dyn_rank(n))]
        return [Fact(data.etype, None)]

    def eval(self, ins):
        data, target = np.asarray(ins[0]), ins[1]
        out, view = self.target_shape(data.shape, target, ins[2] if len(ins) > 2 else None, data.dtype.itemsize)
        require_array_shape(out, data.dtype.itemsize)
        return [np.broadcast_to(data.reshape(view) if self.mode == "explicit" else data, out)]


@register
class Broadcast1(_BroadcastBase):
    type, version = "Broadcast", "opset1"
    attrs = (Attr("mode", "str", "numpy", ("numpy", "explicit", "none", "pdpd")),)


@register
class Broadcast3(_BroadcastBase):
    type, version = "Broadcast", "opset3"
    attrs = (Attr("mode", "str", "numpy", ("numpy", "explicit", "none", "bidirectional", "pdpd")),)


@register
class Transpose(Op):
    type, version = "Transpose", "opset1"
    min_inputs = max_inputs = 2

    def infer(self, ins):
        data, order = ins
        require_integer(order, "Transpose's order")
        if data.shape is not None and order.value is not None:
            perm = transpose_order(len(data.shape), int_vector(order.value, "order"))
            return fold(self, ins, [data.etype]) or [Fact(data.etype, tuple(data.shape[p] for p in perm))]
        return [Fact(data.etype, None if data.shape is None else dyn_rank(len(data.shape)))]

    def eval(self, ins):
        data = np.asarray(ins[0])
        return [np.transpose(data, transpose_order(data.ndim, int_vector(ins[1], "order")))]
