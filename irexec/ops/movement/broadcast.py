"""Broadcast-1 and Broadcast-3: the data repeated to the shape the ``target_shape`` input gives.
``mode`` "numpy": the data's dims align with the target's last ones, each 1 or equal;
"explicit": ``axes_mapping`` says which target axis each data dim lands on (increasing);
"bidirectional" (Broadcast-3): the output is the NumPy broadcast of data and target, so the
target may be smaller than the data.

OpenVINO's enums make "none" and "explicit" one value (it writes Broadcast-1's as "none"), and
so does irexec. Mode "pdpd" is not supported by irexec.

An ``axes_mapping`` input beside a mode other than explicit: Broadcast-3 refuses it (its spec
says the input is for explicit only, and OpenVINO refuses to read such a layer); Broadcast-1
ignores it, as OpenVINO and the CPU plugin do.

Where the CPU plugin departs: with the data at run time, its bidirectional kernel keeps a data
dim of 1 against a 0 of the target ([1,2] with [5,0,1] gives [5,1,2]); irexec gives NumPy's
[5,0,2], as OpenVINO's shape inference and constant folding do.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import broadcast_numpy, fmt, is_static, static, to_ints
from ..common import dyn_rank, int_vector, itemsize, require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register

# ---- the broadcast targets (pure functions over int tuples) ------------------------------------


def explicit_broadcast_shape(data_shape: tuple, target: list, axes_mapping: list) -> tuple:
    """Shape data is viewed as before an explicit broadcast: its dims placed at axes_mapping."""
    if len(axes_mapping) != len(data_shape):
        raise ValidationError(_mapping_length(len(data_shape), len(axes_mapping)))
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
        raise ValidationError(_lower_rank(static(data_shape), len(target)))
    pad = (1,) * (len(target) - len(data_shape)) + tuple(data_shape)
    for d, t in zip(pad, target):
        if d != 1 and d != t:
            raise ValidationError(f"cannot broadcast {list(data_shape)} to {target}")
    return tuple(target)


def bidirectional_target(data_shape: tuple, target: list) -> tuple:
    # (Not np.broadcast_shapes: it stops at 32 dims, where NumPy 2 arrays go to 64.)
    n = max(len(data_shape), len(target))
    a = (1,) * (n - len(data_shape)) + tuple(data_shape)
    b = (1,) * (n - len(target)) + tuple(target)
    if any(x != y and x != 1 and y != 1 for x, y in zip(a, b)):
        raise ValidationError(f"cannot broadcast {list(data_shape)} with {list(target)}")
    return tuple(y if x == 1 else x for x, y in zip(a, b))


# (The messages of what the inputs' lengths alone show: the same whether the values are known.)
def _lower_rank(data_shape, n: int) -> str:
    return f"cannot broadcast {fmt(data_shape)} to a target of the lower rank {n}"


def _mapping_length(rank: int, n: int) -> str:
    return f"axes_mapping must have one axis per data dim ({rank}), got {n}"


def _length(fact):
    """The length of a 1-D input whose shape says it, else None."""
    if fact is None or fact.shape is None or len(fact.shape) != 1 or not fact.shape[0].is_static:
        return None
    return fact.shape[0].lo


def _target(value, size: int) -> list:
    """A Broadcast's target_shape input: dims that exist (not negative) and fit in an array."""
    target = int_vector(value, "target_shape")
    if any(t < 0 for t in target):
        raise ValidationError(f"target_shape {target} has a negative dim")
    require_array_shape(target, size, "the broadcast output")
    return target


# ---- the ops -----------------------------------------------------------------------------------


class _BroadcastBase(Op):
    inputs = (
        Input("data"),
        Input("target_shape", "int", role="shape", value=True),
        Input("axes_mapping", "int", role="axes", value=True, optional=True),
    )
    # Whether an axes_mapping input beside another mode is refused (else ignored).
    mapping_only_explicit = False

    def setup(self):
        if self.mode == "pdpd":
            raise ValidationError("Broadcast mode 'pdpd' is not supported by irexec")
        if self.mode == "none":
            # OpenVINO's enums make NONE and EXPLICIT one value, and it writes Broadcast-1's as "none".
            self.mode = "explicit"

    def target_shape(self, data_shape, target, axes, size=1):
        """The output shape and the shape data is viewed as before broadcasting to it, for the
        actual data shape and the target_shape and axes_mapping values (``size``: the item size)."""
        target = _target(target, size)
        if self.mode == "numpy":
            return numpy_broadcast_target(data_shape, target), data_shape
        if self.mode == "bidirectional":
            out = bidirectional_target(data_shape, target)
            require_array_shape(out, size)  # larger than the target when data is
            return out, data_shape
        return tuple(target), explicit_broadcast_shape(data_shape, target, int_vector(axes, "axes_mapping"))

    def output_facts(self, data, target, axes=None):
        if axes is None and self.mode == "explicit":
            raise ValidationError("Broadcast mode 'explicit' needs the axes_mapping input")
        if axes is not None and self.mode != "explicit" and self.mapping_only_explicit:
            raise ValidationError(
                f"Broadcast-3 mode '{self.mode}' takes no axes_mapping input (only mode 'explicit' does)", port=2
            )
        self._check_lengths(data, target, axes)
        mapping = None if axes is None else axes.value
        size = itemsize(data)
        values_known = target.value is not None and (self.mode != "explicit" or mapping is not None)
        if is_static(data.shape) and values_known:
            out, _ = self.target_shape(to_ints(data.shape), target.value, mapping, size)
            return Fact(data.etype, static(out))
        if target.value is not None and self.mode in ("numpy", "explicit"):
            # The output is the target, whatever the data's unknown dims turn out to be.
            return Fact(data.etype, static(_target(target.value, size)))
        if target.value is not None and data.shape is not None:
            return Fact(data.etype, broadcast_numpy(data.shape, static(_target(target.value, size))))
        n = _length(target)
        if n is not None and self.mode != "bidirectional":
            return Fact(data.etype, dyn_rank(n))
        if n is not None and data.shape is not None:
            return Fact(data.etype, dyn_rank(max(n, len(data.shape))))
        return Fact(data.etype, None)

    def _check_lengths(self, data, target, axes) -> None:
        """What the lengths of target_shape and axes_mapping show before their values: numpy and
        explicit cannot lower the rank, and explicit maps each data dim."""
        if data.shape is None or self.mode == "bidirectional":
            return
        rank, n = len(data.shape), _length(target)
        if self.mode == "explicit" and _length(axes) not in (None, rank):
            raise ValidationError(_mapping_length(rank, _length(axes)), port=2)
        if n is not None and n < rank:
            raise ValidationError(_lower_rank(data.shape, n), port=1)

    def compute(self, data, target, axes=None):
        data, target = np.asarray(data), np.asarray(target)
        mapping = None if axes is None else np.asarray(axes)
        key = (
            data.shape,
            data.dtype.itemsize,
            target.dtype.char,
            target.tobytes(),
            None if mapping is None else (mapping.dtype.char, mapping.tobytes()),
        )
        out, view = self.memo(key, lambda: self.target_shape(data.shape, target, mapping, data.dtype.itemsize))
        return np.broadcast_to(np.reshape(data, view) if self.mode == "explicit" else data, out)


@register
class Broadcast1(_BroadcastBase):
    type, version = "Broadcast", "opset1"
    builder_args = ("data", "target_shape", "axes_mapping", ("mode", "NUMPY"))
    spec = "movement/broadcast-1"
    attrs = (Attr("mode", "str", "numpy", ("numpy", "explicit", "none", "pdpd")),)


@register
class Broadcast3(_BroadcastBase):
    type, version = "Broadcast", "opset3"
    builder_args = ("data", "target_shape", "axes_mapping", ("broadcast_spec=mode", "NUMPY"))
    spec = "movement/broadcast-3"
    mapping_only_explicit = True
    attrs = (Attr("mode", "str", "numpy", ("numpy", "explicit", "none", "bidirectional", "pdpd")),)
