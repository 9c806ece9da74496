"""Shape and layout ops: ShapeOf, Reshape, Squeeze, Unsqueeze, Concat, Broadcast, Transpose.

These are what converters wrap around scatters to compute index and update shapes, so the
inference face carries small integer values along (``fold``) to keep shapes static.
"""
from __future__ import annotations

import numpy as np

from ..errors import ValidationError
from ..shapes import DYN, Dim, broadcast_numpy, fmt, is_static, normalize_axis, static, to_ints
from ..types import BY_NAME
from .common import dyn_rank, fold, int_vector, require_integer
from .registry import Attr, Fact, Op, register

I64 = BY_NAME["i64"]


# ---- shape rules (pure functions over int tuples; the infer and eval faces both call them) ----

def reshape_rule(in_shape: tuple, target: list, special_zero: bool) -> tuple:
    out, minus_one = [], None
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
        elif t < 0:
            raise ValidationError(f"Reshape target {target} has a negative dim {t}")
        else:
            out.append(t)
    total = int(np.prod(in_shape, dtype=np.int64))
    known = int(np.prod(out, dtype=np.int64))
    if minus_one is not None:
        if known == 0 or total % known:
            raise ValidationError(f"cannot reshape {list(in_shape)} to {target}")
        out[minus_one] = total // known
    elif known != total:
        raise ValidationError(f"cannot reshape {list(in_shape)} ({total} elements) to {out} "
                              f"({known} elements)")
    return tuple(out)


def squeeze_rule(in_shape: tuple, axes) -> tuple:
    rank = len(in_shape)
    if axes is None:
        return tuple(d for d in in_shape if d != 1)
    norm = {normalize_axis(a, rank) for a in axes}
    for a in norm:
        if in_shape[a] != 1:
            raise ValidationError(f"Squeeze axis {a} has size {in_shape[a]}, not 1")
    return tuple(d for i, d in enumerate(in_shape) if i not in norm)


def unsqueeze_rule(in_shape: tuple, axes: list) -> tuple:
    rank = len(in_shape) + len(axes)
    norm = sorted(normalize_axis(a, rank) for a in axes)
    if len(set(norm)) != len(norm):
        raise ValidationError(f"Unsqueeze axes {axes} repeat an axis")
    out = list(in_shape)
    for a in norm:
        out.insert(a, 1)
    return tuple(out)


def transpose_order(rank: int, order: list) -> list:
    if not order:
        return list(range(rank))[::-1]
    norm = [normalize_axis(a, rank, "Transpose order entry") for a in order]
    if sorted(norm) != list(range(rank)):
        raise ValidationError(f"Transpose order {order} is not a permutation of {rank} axes")
    return norm


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
    return tuple(np.broadcast_shapes(tuple(data_shape), tuple(target)))


# ---- ops --------------------------------------------------------------------------------------

class _ShapeOfBase(Op):
    min_inputs = max_inputs = 1

    def out_type(self):
        return I64

    def infer(self, ins):
        shape = ins[0].shape
        if is_static(shape):
            return [Fact(self.out_type(), (Dim(len(shape), len(shape)),),
                         np.array(to_ints(shape), dtype=self.out_type().dtype))]
        return [Fact(self.out_type(), (DYN,) if shape is None else static([len(shape)]))]

    def eval(self, ins):
        return [np.array(np.shape(ins[0]), dtype=self.out_type().dtype)]


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


@register
class Reshape(Op):
    type, version = "Reshape", "opset1"
    min_inputs = max_inputs = 2
    attrs = (Attr("special_zero", "bool"),)

    def infer(self, ins):
        data, target = ins
        require_integer(target, "Reshape's shape input")
        if is_static(data.shape) and target.value is not None:
            out = reshape_rule(to_ints(data.shape), int_vector(target.value, "shape"), self.special_zero)
            return fold(self, ins, [data.etype]) or [Fact(data.etype, static(out))]
        n = target.shape[0].lo if target.shape and target.shape[0].is_static else None
        return [Fact(data.etype, dyn_rank(n) if n is not None else None)]

    def eval(self, ins):
        data, target = ins
        return [np.reshape(data, reshape_rule(data.shape, int_vector(target, "shape"), self.special_zero))]


@register
class Squeeze(Op):
    type, version = "Squeeze", "opset1"
    min_inputs, max_inputs = 1, 2

    def infer(self, ins):
        data = ins[0]
        axes = ins[1] if len(ins) > 1 else None
        if axes is not None:
            require_integer(axes, "Squeeze's axes")
        if is_static(data.shape) and (axes is None or axes.value is not None):
            return fold(self, ins, [data.etype]) or [Fact(data.etype, static(self._shape(
                to_ints(data.shape), None if axes is None else axes.value)))]
        return [Fact(data.etype, None)]

    def _shape(self, shape, axes):
        return squeeze_rule(shape, None if axes is None else int_vector(axes, "axes"))

    def eval(self, ins):
        return [np.reshape(ins[0], self._shape(ins[0].shape, ins[1] if len(ins) > 1 else None))]


@register
class Unsqueeze(Op):
    type, version = "Unsqueeze", "opset1"
    min_inputs = max_inputs = 2

    def infer(self, ins):
        data, axes = ins
        require_integer(axes, "Unsqueeze's axes")
        if axes.value is not None:
            ax = int_vector(axes.value, "axes")
            if is_static(data.shape):
                return fold(self, ins, [data.etype]) or [
                    Fact(data.etype, static(unsqueeze_rule(to_ints(data.shape), ax)))]
            if data.shape is not None:
                return [Fact(data.etype, dyn_rank(len(data.shape) + len(ax)))]
        return [Fact(data.etype, None)]

    def eval(self, ins):
        return [np.reshape(ins[0], unsqueeze_rule(ins[0].shape, int_vector(ins[1], "axes")))]


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
                    out.append(Dim(n, n))
                else:
                    out.append(DYN)
            else:
                statics = {d.lo for d in dims if d.is_static}
                if len(statics) > 1:
                    raise ValidationError(f"Concat inputs differ at dim {i} (axis is {axis}): "
                                          + ", ".join(fmt(s) for s in shapes))
                n = statics.pop() if statics else None
                out.append(DYN if n is None else Dim(n, n))
        return fold(self, ins, [etype]) or [Fact(etype, tuple(out))]

    def eval(self, ins):
        arrays = [np.asarray(a) for a in ins]
        axis = normalize_axis(self.axis, arrays[0].ndim)
        try:
            return [np.concatenate(arrays, axis=axis)]
        except ValueError:
            raise ValidationError("Concat input shapes do not match: "
                                  + ", ".join(str(list(a.shape)) for a in arrays)) from None


class _BroadcastBase(Op):
    min_inputs, max_inputs = 2, 3

    def setup(self):
        if self.mode == "pdpd":
            raise ValidationError("Broadcast mode 'pdpd' is not supported by irexec")

    def target_shape(self, data_shape, target, axes):
        target = int_vector(target, "target_shape")
        if self.mode == "numpy":
            return numpy_broadcast_target(data_shape, target), data_shape
        if self.mode == "bidirectional":
            try:
                return bidirectional_target(data_shape, target), data_shape
            except ValueError:
                raise ValidationError(f"cannot broadcast {list(data_shape)} with {target}") from None
        if axes is None:
            raise ValidationError("Broadcast mode 'explicit' needs the axes_mapping input")
        return tuple(target), explicit_broadcast_shape(data_shape, target, int_vector(axes, "axes_mapping"))

    def infer(self, ins):
        data, target = ins[0], ins[1]
        require_integer(target, "Broadcast's target_shape")
        axes = ins[2].value if len(ins) > 2 else None
        if is_static(data.shape) and target.value is not None and (self.mode != "explicit" or axes is not None):
            out, _ = self.target_shape(to_ints(data.shape), target.value, axes)
            return fold(self, ins, [data.etype]) or [Fact(data.etype, static(out))]
        if target.value is not None and self.mode == "numpy":
            return [Fact(data.etype, static(int_vector(target.value, "target_shape")))]
        n = target.shape[0].lo if target.shape and target.shape[0].is_static else None
        if n is not None and self.mode != "bidirectional":
            return [Fact(data.etype, dyn_rank(n))]
        return [Fact(data.etype, None)]

    def eval(self, ins):
        data, target = np.asarray(ins[0]), ins[1]
        out, view = self.target_shape(data.shape, target, ins[2] if len(ins) > 2 else None)
        return [np.broadcast_to(data.reshape(view) if self.mode == "explicit" else data, out)]


@register
class Broadcast1(_BroadcastBase):
    type, version = "Broadcast", "opset1"
    attrs = (Attr("mode", "str", "numpy", ("numpy", "explicit", "pdpd")),)


@register
class Broadcast3(_BroadcastBase):
    type, version = "Broadcast", "opset3"
    attrs = (Attr("mode", "str", "numpy", ("numpy", "explicit", "bidirectional", "pdpd")),)


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
