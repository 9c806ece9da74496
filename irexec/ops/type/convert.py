"""Convert-1: element type conversion, as the OpenVINO CPU plugin does it.

- Integer to integer (and boolean to integer) keeps the low N bits: modulo 2^N, as the spec
  and C++ say, for every width including i4, u4, u1, u2, u3 and u6.
- Float to integer truncates toward zero into a 32-bit integer first (a 64-bit one for the
  64-bit destinations and the non-negative half of u32), then keeps the low N bits. NaN and
  values outside that intermediate range become its minimum, the x86 "integer indefinite"
  value: f32 300.0 -> u8 44, -1.5 -> u8 255, 3e9 -> i8 0, NaN -> i32 -2147483648.
- Anything to boolean is ``x != 0`` (NaN gives true).
- To a float type rounds to nearest even, once: to bf16 from a type wider than f32's 24-bit
  significand (f64, 32- and 64-bit integers) through f32 rounded to odd, which keeps the bits
  that decide bf16's rounding (a plain trip through f32 rounds twice).

Where the plugin departs from them (tests/cases/type/test_convert.py and tests/ops/test_diff_convert.py
pin each): it narrows i64, u32 and u64 to i32, even converting to the same type (out-of-range
floats become -2^31 there); it holds f64 as f32 (infinities saturate to FLT_MAX, and f64 to an
integer saturates); it turns f16 infinities into +-65504 before converting to i16, u16, i32 or
wider; to boolean it computes |x| > 0 in i32 (NaN and -2^31 give false); to bf16 it rounds
integers and f64 (and, on AVX2 machines, f32 and f16) by adding half an ulp only when the kept
last bit is odd, and AVX512-BF16 machines flush f32 subnormals to zero; its constant folding
turns negative i4 into 2^31 - 1 on the way to u32 and u64; it merges f32 -> i4 -> f32 into
nothing, keeping values i4 cannot hold. It gives i4, u4 and u2 outputs packed, and refuses u1, u3
and u6 ones (its constant folding gives u3 and u6 the low bits, as irexec does).

The floats narrower than f16 (f8e4m3, f8e5m2, f8e8m0, f4e2m1, nf4) and the plugin's departures
there: see convert_narrow.py.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ...shapes import is_static, to_ints
from ...types import NARROW_UINTS
from ..common import require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register
from .convert_narrow import NARROW, is_narrow_float, to_narrow

# Float -> integer: (lowest, one past the highest) truncated value that survives, and what every
# other value (and NaN) becomes before the low bits are kept.
_I32_WINDOW = (-(2.0**31), 2.0**31, -(2**31))
_WINDOWS = {
    "i64": (-(2.0**63), 2.0**63, -(2**63)),
    # Unsigned 32 and 64 bits: negative values wrap as through the signed type, and the whole
    # unsigned range is exact; the rest gives the sign bit, as the signed minimum would.
    "u32": (-(2.0**31), 2.0**32, 2**31),
    "u64": (-(2.0**63), 2.0**64, 2**63),
}


def convert(x: np.ndarray, dst) -> np.ndarray:
    """Convert an array to the NumPy dtype of element type ``dst``, as OpenVINO's Convert does."""
    if x.dtype == dst.dtype and dst.name not in NARROW_UINTS + ("nf4",):  # (uint8 arrays: keep the bits)
        return x
    x = _widen(x)
    if dst.name in NARROW:
        return to_narrow(x, dst, _f32_rounded_to_odd)
    if dst.name == "boolean":
        return x != 0
    if dst.is_integer:
        return _keep_low_bits(_float_to_int(x, dst) if x.dtype.kind == "f" else x, dst)
    if dst.name == "bf16":
        wide = x.dtype.itemsize >= 4 and x.dtype != np.float32
        return (_f32_rounded_to_odd(x) if wide else x.astype(np.float32)).astype(dst.dtype)
    return x.astype(dst.dtype)


def _f32_rounded_to_odd(x: np.ndarray) -> np.ndarray:
    """``x`` (f64 or a 32/64-bit integer) as f32 truncated toward zero, with the last bit set
    when anything was cut off: rounding that to a type of 2+ fewer significand bits rounds as
    ``x`` itself would."""
    d = x.astype(np.float64)
    # Where the f64 value is not x (integers beyond 2^53), which side of it x lies on.
    below = np.zeros(x.shape, bool)
    if x.dtype.kind in "iu":
        top = 2.0 ** (64 if x.dtype.kind == "u" else 63)
        fits = (d >= -top) & (d < top)  # else d is 2^63 (2^64): every x lies below it
        back = np.where(fits, d, 0).astype(x.dtype)
        below = np.where(fits, x < back, True)
        cut = np.where(fits, x != back, True)
    else:
        cut = np.zeros(x.shape, bool)
    t = d.astype(np.float32)
    t64 = t.astype(np.float64)
    # Toward zero: step back where rounding went past d, or reached it while x lies beyond.
    past = (np.abs(t64) > np.abs(d)) | ((t64 == d) & cut & (below == (d > 0)))
    t = np.where(past & np.isfinite(d), np.nextafter(t, np.float32(0)), t)
    inexact = ((t.astype(np.float64) != d) | cut) & ~np.isnan(d)
    bits = t.view(np.uint32) | inexact.astype(np.uint32)
    return bits.view(np.float32)


def _widen(x: np.ndarray) -> np.ndarray:
    """ml_dtypes' narrow types as the standard NumPy type that holds them exactly."""
    if x.dtype == ml_dtypes.int4:
        return x.astype(np.int8)
    if x.dtype == ml_dtypes.uint4:
        return x.astype(np.uint8)
    if x.dtype == ml_dtypes.bfloat16 or is_narrow_float(x.dtype):
        return x.astype(np.float32)
    return x


def _float_to_int(x: np.ndarray, dst) -> np.ndarray:
    lo, hi, outside = _WINDOWS.get(dst.name, _I32_WINDOW)
    t = np.trunc(x.astype(np.float64))
    inside = (t >= lo) & (t < hi)  # false for NaN
    t = np.where(inside, t, 0.0)
    if hi > 2.0**63:
        # u64 beyond int64: convert the value less 2^63, then put the top bit back.
        top = t >= 2.0**63
        v = np.where(top, t - 2.0**63, t).astype(np.int64).view(np.uint64)
        v = v + np.where(top, np.uint64(2**63), np.uint64(0))
        return np.where(inside, v, np.uint64(outside))
    return np.where(inside, t.astype(np.int64), np.int64(outside))


def _keep_low_bits(v: np.ndarray, dst) -> np.ndarray:
    if dst.name in NARROW_UINTS:
        return (v & ((1 << dst.bits) - 1)).astype(np.uint8)
    if dst.name == "u4":
        return (v & 0xF).astype(np.uint8).astype(dst.dtype)
    if dst.name == "i4":
        return (((v & 0xF) ^ 8) - 8).astype(np.int8).astype(dst.dtype)
    return v.astype(dst.dtype)  # NumPy's integer casts keep the low bits


@register
class Convert(Op):
    type, version = "Convert", "opset1"
    spec = "type/convert-1"
    inputs = (Input("data", "not_string"),)
    attrs = (Attr("destination_type", "etype"),)

    def output_facts(self, data):
        if is_static(data.shape):
            # A wider type can make even an empty tensor's shape too large for NumPy.
            require_array_shape(to_ints(data.shape), self.destination_type.dtype.itemsize)
        return Fact(self.destination_type, data.shape)

    def compute(self, x):
        # NaN and out-of-range values: see above
        return convert(x, self.destination_type)
