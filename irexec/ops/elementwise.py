"""Elementwise ops: arithmetic, comparison and logical binaries with auto-broadcast, LogicalNot, Select.

OpenVINO does no type promotion: both operands of a binary op share one element type and
the result has it too (comparisons give boolean). Integer arithmetic wraps as in C, at every
width; f16 and bf16 are computed in f32 and rounded once.
"""
from __future__ import annotations

import functools

import ml_dtypes
import numpy as np

from ..errors import ValidationError
from ..shapes import broadcast_numpy, fmt
from ..types import BY_NAME
from .common import fold, is_static, require_array_shape, require_same_type, static, to_ints
from .registry import Attr, Fact, Op, register, register_alias

BOOL = BY_NAME["boolean"]
AUTOB = Attr("auto_broadcast", "str", "numpy", ("numpy", "none", "pdpd"))


def _broadcast_shape(op, a, b):
    if op.auto_broadcast == "none":
        if a is not None and b is not None and (len(a) != len(b) or any(
                x.is_static and y.is_static and x.lo != y.lo for x, y in zip(a, b))):
            raise ValidationError(f"auto_broadcast='none' needs equal shapes, got {fmt(a)} and {fmt(b)}")
        return a if a is not None else b
    if op.auto_broadcast == "pdpd":
        raise ValidationError("auto_broadcast='pdpd' is not supported by irexec")
    return broadcast_numpy(a, b)


def _check_output(shape, etype) -> None:
    """A broadcast of two shapes NumPy can hold may not be one (even when it is empty)."""
    if is_static(shape):
        require_array_shape(to_ints(shape), etype.dtype.itemsize if etype is not None else 1)


def _check_eval_shapes(op, arrays):
    if op.auto_broadcast == "none" and len({a.shape for a in arrays}) > 1:
        raise ValidationError(f"auto_broadcast='none' needs equal shapes, got "
                              f"{' and '.join(str(list(a.shape)) for a in arrays)}")


# ---- kernels: where NumPy's meaning differs from OpenVINO's -------------------------------------
# The semantics below were measured against the CPU plugin (tests/test_diff_elementwise.py says
# where and why irexec departs from it).

_HALF = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))


def _is_int(a):
    return a.dtype.kind in "iu"


def _half_in_f32(fn):
    """The plugin computes f16 and bf16 in f32 and rounds once at the end; so do we."""
    def kernel(a, b):
        if a.dtype in _HALF:
            return fn(a.astype(np.float32), b.astype(np.float32)).astype(a.dtype)
        return fn(a, b)
    return kernel


def _no_zero_divisor(b):
    # C leaves x/0 and x%0 undefined for integers and the plugin gives a different value per type.
    if np.any(b == 0):
        raise ValidationError("integer division by zero")


def _divide(a, b, pythondiv):
    if not _is_int(a):
        return np.divide(a, b)
    _no_zero_divisor(b)
    q = np.floor_divide(a, b)
    if not pythondiv and a.dtype.kind == "i":
        # C division truncates toward zero: undo the floor where the signs differ and it was inexact.
        q = q + ((np.remainder(a, b) != 0) & ((a < 0) != (b < 0))).astype(q.dtype)
    return q


def _mod(a, b):
    if _is_int(a):
        _no_zero_divisor(b)
        return np.fmod(a, b)
    # OpenVINO's formula rather than fmod, because the plugin computes it: x mod inf is NaN,
    # and -0 mod y is +0.
    return a - np.trunc(a / b) * b


def _floor_mod(a, b):
    if _is_int(a):
        _no_zero_divisor(b)
        return np.mod(a, b)
    return a - np.floor(a / b) * b


def _power(a, b):
    if not _is_int(a):
        if a.dtype == np.float64:
            return np.power(a, b)
        # Through f64 then f32: within an ulp of the plugin's powf, where NumPy's own f32 power
        # (SIMD, not correctly rounded) is off by one ulp in a fifth of the cases.
        wide = np.power(a.astype(np.float64), b.astype(np.float64))
        return wide.astype(np.float32).astype(a.dtype)
    neg = b < 0
    if not np.any(neg):
        return np.power(a, b)  # exact, wrapping on overflow like repeated Multiply
    if np.any(neg & (a == 0)):
        raise ValidationError("integer zero raised to a negative power (a division by zero)")
    # x^-n = 1/x^n truncated toward zero: 0, except 1 for x == 1 and +-1 for x == -1.
    out = np.power(a, np.where(neg, 0, b))
    odd = (b % 2) != 0
    inv = np.where(a == 1, 1, np.where(a == -1, np.where(odd, -1, 1), 0)).astype(out.dtype)
    return np.where(neg, inv, out)


def _maximum(a, b):
    # As the plugin's x86 maxps: the second operand unless the first is greater, so
    # max(NaN, 1) = 1 but max(1, NaN) = NaN, and max(-0, +0) = +0 but max(+0, -0) = -0.
    return np.where(a > b, a, b)


def _minimum(a, b):
    return np.where(a < b, a, b)


class _Binary(Op):
    min_inputs = max_inputs = 2
    attrs = (AUTOB,)
    fn = None
    compare = False
    logical = False

    def infer(self, ins):
        require_same_type(ins, what=f"both inputs of {self.type}")
        a, b = ins
        if self.logical:
            for f in ins:
                if f.etype is not None and f.etype.name != "boolean":
                    raise ValidationError(f"{self.type} needs boolean inputs, got {f.etype}")
        shape = _broadcast_shape(self, a.shape, b.shape)
        etype = BOOL if self.compare else (a.etype or b.etype)
        _check_output(shape, etype)
        return fold(self, ins, [etype]) or [Fact(etype, shape)]

    def eval(self, ins):
        a, b = ins
        _check_eval_shapes(self, ins)
        # (Not np.broadcast_shapes: it stops at 32 dims, where NumPy 2 arrays go to 64.)
        out_shape = to_ints(broadcast_numpy(static(np.shape(a)), static(np.shape(b))))
        require_array_shape(out_shape, np.asarray(a).dtype.itemsize)
        with np.errstate(all="ignore"):
            return [np.asarray(self.compute(a, b))]

    def compute(self, a, b):
        return type(self).fn(a, b)


def _binary(name, fn, compare=False, logical=False, extra_attrs=()):
    cls = type(name, (_Binary,), {"type": name, "version": "opset1", "fn": staticmethod(fn),
                                  "compare": compare, "logical": logical,
                                  "attrs": (AUTOB,) + tuple(extra_attrs)})
    return register(cls)


Add = _binary("Add", _half_in_f32(np.add))
Subtract = _binary("Subtract", _half_in_f32(np.subtract))
Multiply = _binary("Multiply", _half_in_f32(np.multiply))
Maximum = _binary("Maximum", _maximum)
Minimum = _binary("Minimum", _minimum)
Mod = _binary("Mod", _half_in_f32(_mod))
FloorMod = _binary("FloorMod", _half_in_f32(_floor_mod))
Power = _binary("Power", _power)
Equal = _binary("Equal", np.equal, compare=True)
NotEqual = _binary("NotEqual", np.not_equal, compare=True)
Less = _binary("Less", np.less, compare=True)
LessEqual = _binary("LessEqual", np.less_equal, compare=True)
Greater = _binary("Greater", np.greater, compare=True)
GreaterEqual = _binary("GreaterEqual", np.greater_equal, compare=True)
LogicalAnd = _binary("LogicalAnd", np.logical_and, logical=True)
LogicalOr = _binary("LogicalOr", np.logical_or, logical=True)
LogicalXor = _binary("LogicalXor", np.logical_xor, logical=True)


# ov.save_model writes LogicalXor as version opset2; older IRs say opset1.
register_alias(LogicalXor, "opset2")


@register
class Divide(_Binary):
    type, version = "Divide", "opset1"
    attrs = (AUTOB, Attr("m_pythondiv", "bool", True))

    def compute(self, a, b):
        return _half_in_f32(functools.partial(_divide, pythondiv=self.m_pythondiv))(a, b)


@register
class LogicalNot(Op):
    type, version = "LogicalNot", "opset1"
    min_inputs = max_inputs = 1

    def infer(self, ins):
        if ins[0].etype is not None and ins[0].etype.name != "boolean":
            raise ValidationError(f"LogicalNot needs a boolean input, got {ins[0].etype}")
        return fold(self, ins, [BOOL]) or [Fact(BOOL, ins[0].shape)]

    def eval(self, ins):
        return [np.logical_not(ins[0])]


@register
class Select(Op):
    type, version = "Select", "opset1"
    min_inputs = max_inputs = 3
    attrs = (AUTOB,)

    def infer(self, ins):
        cond, then, other = ins
        if cond.etype is not None and cond.etype.name != "boolean":
            raise ValidationError(f"Select's condition must be boolean, got {cond.etype}")
        require_same_type(ins, (1, 2), "Select's then and else inputs")
        shape = _broadcast_shape(self, _broadcast_shape(self, then.shape, other.shape), cond.shape)
        etype = then.etype or other.etype
        _check_output(shape, etype)
        return fold(self, ins, [etype]) or [Fact(etype, shape)]

    def eval(self, ins):
        _check_eval_shapes(self, ins)
        return [np.where(ins[0], ins[1], ins[2])]
