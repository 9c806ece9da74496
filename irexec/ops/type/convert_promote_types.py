"""ConvertPromoteTypes-14: both inputs converted (as Convert-1 converts) to one common element
type; each output keeps its input's shape. The common type, as OpenVINO's type inference
defines it (it never depends on the values, and on shapes only in PyTorch mode):

- equal types: that type; one input boolean: the other's type.
- a float and an integer: the float type. Unless ``promote_unsafe``, the float must have at least
  twice the integer's bits (i8 with f16; i16 with f32; i32 with f64; i64 with none), else refused.
- both floats or both integers, with ``pytorch_scalar_promotion`` and exactly one input a scalar
  (rank 0): the other input's type. Unless ``promote_unsafe``, it must hold the scalar's range:
  same signedness and at least its bits, or signed with at least half the unsigned scalar's bits
  (as OpenVINO checks it), else refused.
- a signed and an unsigned integer: the signed integer of max(2 x the unsigned one's bits, the
  signed one's bits), when the unsigned one has 32 bits or fewer and either ``promote_unsafe`` or
  the signed one already has those bits (u8 with i16 -> i16; u8 with i8 -> i16 only unsafe). u64
  with a signed integer (or the unsafe widening beyond 64 bits) gives
  ``u64_integer_promotion_target`` (default f32), only with ``promote_unsafe``; else refused.
- the same kind and signedness, other widths: the wider type.
- f16 with bf16: f32, only with ``promote_unsafe``; else refused.

With a rank unknown ahead, PyTorch mode cannot tell whether an input is a scalar: OpenVINO then
takes it as not one, irexec leaves the output type open until the run. The CPU plugin converts
as its Convert does (it narrows i64, u32 and u64 to i32 on the way; irexec does not: see
Convert-1). irexec does not take u1, u2, u3 or u6 inputs, which OpenVINO does (their arrays
cannot be told from u8's when computing the common type), nor the floats narrower than f16 (f8e4m3, f8e5m2,
f8e8m0, f4e2m1, nf4).
"""

from __future__ import annotations

from ...errors import ValidationError
from ...types import BY_NAME, NARROW_UINTS, from_dtype
from ..op import Attr, Fact, Input, Op
from ..registry import register
from .convert import convert
from .convert_narrow import NARROW

_INTS = {4: "i4", 8: "i8", 16: "i16", 32: "i32", 64: "i64"}
# Every type but u1, u2, u3 and u6, whose arrays (uint8) cannot be told from u8's when computing.
NOT_U1 = "|".join(name for name in BY_NAME if name not in NARROW_UINTS + ("string",))
# Promotion rules are written for the standard types only: the floats narrower than f16 are not
# promoted (an f8 weight reaches an op through Convert).
_PROMOTED = "|".join(name for name in BY_NAME if name not in NARROW_UINTS + ("string",) + NARROW)


def _bits(t) -> int:
    return t.bits


def common_type(a, b, a_scalar, b_scalar, unsafe: bool, pytorch: bool, u64_target):
    """The common element type of types ``a`` and ``b`` (``*_scalar``: whether each is rank 0;
    None: not known). Returns None when it cannot be known yet; raises ValidationError when the
    attributes forbid the promotion."""
    if a.name == b.name:
        return a
    if a.name == "boolean":
        return b
    if b.name == "boolean":
        return a
    if a.is_float != b.is_float:
        real, integer = (a, b) if a.is_float else (b, a)
        if not unsafe and _bits(real) < 2 * _bits(integer):
            raise ValidationError(
                f"ConvertPromoteTypes cannot safely promote {integer} to {real} (promote_unsafe is false)"
            )
        return real
    if pytorch and (a_scalar is None or b_scalar is None):
        return None  # (whether one is a scalar decides the type)
    if pytorch and a_scalar != b_scalar:
        target, scalar = (b, a) if a_scalar else (a, b)
        if not unsafe:
            t_signed, s_signed = _signed(target), _signed(scalar)
            ok = (t_signed == s_signed and _bits(target) >= _bits(scalar)) or (
                t_signed and not s_signed and 2 * _bits(target) >= _bits(scalar)
            )
            if not ok:
                raise ValidationError(
                    f"ConvertPromoteTypes cannot align a {scalar} scalar to {target} by safe "
                    f"promotion (promote_unsafe is false)"
                )
        return target
    if _signed(a) != _signed(b):
        unsigned, signed = (b, a) if _signed(a) else (a, b)
        ub, sb = _bits(unsigned), _bits(signed)
        if ub <= 32 and (unsafe or 2 * ub <= sb):
            return BY_NAME[_INTS[max(2 * ub, sb)]]
        if not unsafe:
            raise ValidationError(
                f"ConvertPromoteTypes cannot safely promote {unsigned} with {signed} to a "
                f"signed integer (promote_unsafe is false)"
            )
        return u64_target
    if _bits(a) != _bits(b):
        return a if _bits(a) > _bits(b) else b
    if unsafe:
        return BY_NAME["f32"]  # f16 and bf16: the only floats of one width irexec has
    raise ValidationError(f"ConvertPromoteTypes promotes {a} with {b} only with promote_unsafe")


def _signed(t) -> bool:
    return t.is_float or t.name[0] == "i"


@register
class ConvertPromoteTypes(Op):
    type, version = "ConvertPromoteTypes", "opset14"
    builder_args = (
        "left_node=input_0",
        "right_node=input_1",
        "promote_unsafe",
        "pytorch_scalar_promotion",
        "u64_integer_promotion_target",
    )
    spec = "type/convert-promote-types-14"
    inputs = (Input("input_0", _PROMOTED), Input("input_1", _PROMOTED))
    outputs = ("output_0", "output_1")
    attrs = (
        Attr("promote_unsafe", "bool", False),
        Attr("pytorch_scalar_promotion", "bool", False),
        Attr("u64_integer_promotion_target", "etype", BY_NAME["f32"]),
    )

    def _common(self, a, b, a_scalar, b_scalar):
        return common_type(
            a,
            b,
            a_scalar,
            b_scalar,
            self.promote_unsafe,
            self.pytorch_scalar_promotion,
            self.u64_integer_promotion_target,
        )

    def output_facts(self, a, b):
        etype = None
        if a.etype is not None and b.etype is not None:
            scalar = [None if f.shape is None else len(f.shape) == 0 for f in (a, b)]
            etype = self._common(a.etype, b.etype, *scalar)
        return Fact(etype, a.shape), Fact(etype, b.shape)

    def compute(self, a, b):
        target = self._common(from_dtype(a.dtype), from_dtype(b.dtype), a.ndim == 0, b.ndim == 0)
        return convert(a, target), convert(b, target)
