"""Reshape-1: the data's elements, in order, under the shape the ``shape`` input gives. One
entry may be -1 (the size that keeps the element count); with ``special_zero`` a 0 copies the
input's dim at that position, without it a 0 is a dim of 0.

Departs from OpenVINO where special_zero copies a dim: OpenVINO then skips the element-count
check and the CPU plugin reads past the input or drops values (e.g. [2,3,4] -> [0,0,5]);
irexec refuses.

With the pattern fed at run time, the CPU plugin makes the -1 of an empty reshape 0 ([0,3] by [-1,0]
gives [0,0]); OpenVINO's shape inference, the plugin with a constant pattern, and irexec make it 1
([1,0]). OpenVINO refuses a 0 (special_zero false) beside a -1 when the input's dims are unknown;
irexec leaves that -1 unknown.
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, is_static, static, to_ints
from ..common import dyn_rank, int_vector, itemsize, require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register

# ---- the shape rule (pure functions, over the actual shape or a partial one) -------------------


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
                raise ValidationError(
                    f"Reshape target {target}: 0 at {i} copies a dim the input {list(in_shape)} does not have"
                )
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
                raise ValidationError(
                    f"cannot reshape {list(in_shape)} to {target}: the other dims hold no elements, the input does"
                )
            out[minus_one] = 1
        elif rest_in % rest_out:
            raise ValidationError(f"cannot reshape {list(in_shape)} to {target}")
        else:
            out[minus_one] = rest_in // rest_out
    # OpenVINO skips this check when special_zero copies a dim and the CPU plugin then reads past
    # the input (e.g. [2,3,4] -> [0,0,5]); irexec refuses instead.
    total, known = math.prod(in_shape), math.prod(out)
    if known != total:
        raise ValidationError(f"cannot reshape {list(in_shape)} ({total} elements) to {out} ({known} elements)")
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
                raise ValidationError(
                    f"Reshape target {target}: 0 at {i} copies a dim the input {fmt(in_shape)} does not have"
                )
            out.append(in_shape[i])
        else:
            out.append(DYN if t == -1 else Dim(t, t))
    return tuple(out)


def _pattern(target: np.ndarray) -> list:
    if np.ndim(target) != 1:
        raise ValidationError(f"Reshape's shape input must be 1-D, got shape {list(np.shape(target))}")
    return int_vector(target, "shape")


# ---- the op ------------------------------------------------------------------------------------


@register
class Reshape(Op):
    type, version = "Reshape", "opset1"
    builder_args = ("node=data", "output_shape=shape", "special_zero")
    spec = "shape/reshape-1"
    inputs = (Input("data"), Input("shape", "int", role="shape", value=True))
    attrs = (Attr("special_zero", "bool"),)

    def output_facts(self, data, target):
        if target.shape is not None and len(target.shape) != 1:
            raise ValidationError(f"Reshape's shape input must be 1-D, got {fmt(target.shape)}")
        if target.value is not None:
            pattern = _pattern(target.value)
            if is_static(data.shape):
                out = reshape_rule(to_ints(data.shape), pattern, self.special_zero)
                require_array_shape(out, itemsize(data))
                return Fact(data.etype, static(out))
            return Fact(data.etype, reshape_pshape(data.shape, pattern, self.special_zero))
        n = target.shape[0].lo if target.shape and target.shape[0].is_static else None
        return Fact(data.etype, dyn_rank(n) if n is not None else None)

    def compute(self, data, target):
        shape = self.memo(
            (data.shape, target.dtype.char, target.tobytes()),
            lambda: reshape_rule(np.shape(data), _pattern(target), self.special_zero),
        )
        return np.reshape(data, shape)
