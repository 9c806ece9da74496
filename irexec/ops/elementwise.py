"""What every elementwise op shares: the auto_broadcast attribute and its shape rule, and
computing f16/bf16 in f32 with one rounding.

OpenVINO does no type promotion: both operands of a binary op share one element type and the
result has it too (comparisons give boolean). Integer arithmetic wraps as in C, at every width.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ..errors import ValidationError
from ..shapes import broadcast_numpy, fmt, intersect, is_static, to_ints
from ..types import BY_NAME
from .common import require_array_shape
from .op import Attr, Fact, Input, Op

BOOL = BY_NAME["boolean"]
AUTOB = Attr("auto_broadcast", "str", "numpy", ("numpy", "none", "pdpd"))
HALF = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))


def in_f32(fn):
    """The plugin computes f16 and bf16 in f32 and rounds once at the end; so do we."""

    def kernel(a, b):
        if a.dtype in HALF:
            return fn(a.astype(np.float32), b.astype(np.float32)).astype(a.dtype)
        return fn(a, b)

    return kernel


def in_f32_unary(fn):
    """``in_f32`` for a function of one tensor, ``fn(x, *params)`` (params: axes, an axis...)."""

    def kernel(x, *params):
        if x.dtype in HALF:
            return np.asarray(fn(x.astype(np.float32), *params)).astype(x.dtype)
        return fn(x, *params)

    return kernel


def integers_rounded(fn):
    """``fn`` of a float array, extended to integer inputs as the CPU plugin computes them: in
    f64, rounded to the nearest integer; a negative result of an unsigned type is 0, not wrapped."""

    def kernel(x):
        if x.dtype.kind not in "iu":
            return fn(x)
        value = np.rint(fn(x.astype(np.float64)))
        if x.dtype.kind == "u":
            value = np.maximum(value, 0)
        return value.astype(x.dtype)

    return kernel


def broadcast_shape(auto_broadcast: str, a, b):
    """The output shape of two operands under ``auto_broadcast`` (partial shapes)."""
    if auto_broadcast == "none":
        if a is None or b is None:
            return a if a is not None else b
        if len(a) != len(b) or not all(x.compatible(y) for x, y in zip(a, b)):
            raise ValidationError(f"auto_broadcast='none' needs equal shapes, got {fmt(a)} and {fmt(b)}")
        # Equal shapes: each dim is in both operands' ranges.
        return tuple(intersect(x, y) for x, y in zip(a, b))
    if auto_broadcast == "pdpd":
        raise ValidationError("auto_broadcast='pdpd' is not supported by irexec")
    return broadcast_numpy(a, b)


def check_output(shape, etype) -> None:
    """A broadcast of two shapes NumPy can hold may not be one (even when it is empty)."""
    if is_static(shape):
        require_array_shape(to_ints(shape), etype.dtype.itemsize if etype is not None else 1)


class Binary(Op):
    """A binary elementwise op: ``compute(a, b)`` on operands of one type, broadcast as
    ``auto_broadcast`` says. ``result``: the output type when it is not the operands'.
    Arithmetic takes numbers (the specs' and OpenVINO's rule), comparisons anything, the logical
    ops booleans."""

    operand_types = "numeric"
    result = None
    attrs = (AUTOB,)
    builder_args = ("left_node=a", "right_node=b", ("auto_broadcast", "NUMPY"))

    def __init_subclass__(cls, **kw):
        cls.inputs = (Input("a", cls.operand_types), Input("b", cls.operand_types, same_as="a"))
        super().__init_subclass__(**kw)

    def output_facts(self, a, b):
        shape = broadcast_shape(self.auto_broadcast, a.shape, b.shape)
        etype = self.result or a.etype or b.etype
        check_output(shape, etype)
        return Fact(etype, shape)

    # (Overflow wraps, x/0 is inf, as the plugin computes: the walkers run ops with NumPy's
    # floating-point warnings off.)


def no_zero_divisor(b) -> None:
    """C leaves x/0 and x%0 undefined for integers and the plugin gives a different value per type."""
    if np.any(b == 0):
        raise ValidationError("integer division by zero")


class Comparison(Binary):
    operand_types = "any"
    result = BOOL


class Logical(Binary):
    operand_types = "bool"


class Unary(Op):
    """An elementwise op of one tensor: the output has its shape and type. ``operand_types``:
    what it accepts; ``function``: a NumPy function of one array, computed in f32 for f16/bf16
    and rounded once (a subclass with attributes writes ``compute`` instead)."""

    operand_types = "numeric"
    function = None
    builder_args = ("node=x",)

    def __init_subclass__(cls, **kw):
        cls.inputs = (Input("x", cls.operand_types),)
        super().__init_subclass__(**kw)

    def output_facts(self, x):
        return Fact(x.etype, x.shape)

    def compute(self, x):
        return in_f32_unary(type(self).function)(x)

    def evaluate(self, arrays, out=None, wanted=None):
        # (log(0) is -inf, sqrt(-1) NaN, as the plugin computes: the walkers run ops with NumPy's
        # floating-point warnings off.)
        return [np.asarray(self.compute(*arrays)).astype(arrays[0].dtype, copy=False)]
