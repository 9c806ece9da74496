"""Convert to and from the floats narrower than f16: f8e4m3, f8e5m2, f8e8m0, f4e2m1 and nf4.

From them: every value is exact in f32 (nf4 already computes as its f32 table value), so they
widen to f32 and convert on from there.

To them, as OpenVINO's element types define the conversion (src/core/src/type/*.cpp), once:
- f8e4m3, f8e5m2, f4e2m1 round to nearest even. f8e4m3 has no infinities: what rounds beyond
  448 and +-inf become NaN. f8e5m2 gives +-inf beyond 57344 (61440 is the tie). f4e2m1 has
  neither NaN nor infinities: beyond 6 it saturates to +-6, and NaN gives 6 with NaN's sign
  (OpenVINO's comparisons all fail for NaN and leave it in the top bucket).
- f8e8m0 (a power of two, 2^-127 to 2^127, or NaN) rounds the f32 exponent up when the
  significand is past 1.5, or at 1.5 from an odd exponent field; +inf and finite values of the
  top exponent give 2^127, NaN gives NaN, and anything with the sign bit set (-0 included) and
  zero give 2^-127, the smallest code.
- nf4 takes the nearest of its 16 values (the lower one on a midpoint; NaN gives -1).
Sources wider than f32 (f64, 32- and 64-bit integers) go through f32 rounded to odd, as for
bf16, so that they round once.

Where the plugin departs (tests/cases/type/test_convert_f8.py pins it): it rounds f32 to f16
before f8e4m3 and f8e5m2 (OpenVINO's own f8e5m2 type does too), so a value just off a tie
rounds twice; it reads an f8e8m0 constant's 0x00 as 0 instead of 2^-127; it rounds the f32
subnormal 1.5 x 2^-127 down to f8e8m0's 2^-127 (the type's rule, on the significand field, gives
2^-126); and it holds f64 as f32, so f64 rounds twice.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ...kernels.packing import NF4, nf4_codes

NARROW = ("f8e4m3", "f8e5m2", "f8e8m0", "f4e2m1", "nf4")
_NARROW_DTYPES = {
    np.dtype(ml_dtypes.float8_e4m3fn),
    np.dtype(ml_dtypes.float8_e5m2),
    np.dtype(ml_dtypes.float8_e8m0fnu),
    np.dtype(ml_dtypes.float4_e2m1fn),
}


def is_narrow_float(dtype) -> bool:
    return np.dtype(dtype) in _NARROW_DTYPES


def to_narrow(x: np.ndarray, dst, rounded_to_odd) -> np.ndarray:
    """``x`` (a standard NumPy type) as ``dst``, one of NARROW. ``rounded_to_odd``: the f32 of a
    wider-than-f32 array, rounded to odd (see convert.py)."""
    wide = x.dtype.itemsize >= 4 and x.dtype != np.float32
    f = rounded_to_odd(x) if wide else x.astype(np.float32)
    if dst.name == "nf4":
        return NF4[nf4_codes(f)]
    if dst.name == "f8e8m0":
        return _to_f8e8m0(f)
    out = f.astype(dst.dtype)
    if dst.name == "f4e2m1":
        nan = np.isnan(f)
        if nan.any():
            six = np.where(np.signbit(f), np.float32(-6), np.float32(6)).astype(dst.dtype)
            out = np.where(nan, six, out)
    return out


def _to_f8e8m0(f: np.ndarray) -> np.ndarray:
    bits = f.view(np.uint32)
    exp = ((bits >> 23) & 0xFF).astype(np.uint8)
    man = bits & 0x7FFFFF
    up = (man > 0x400000) | ((man == 0x400000) & (exp & 1 == 1))
    code = np.where(exp >= 254, np.where(np.isnan(f), np.uint8(255), np.uint8(254)), exp + up.astype(np.uint8))
    code = np.where(np.signbit(f), np.uint8(0), code).astype(np.uint8)
    return code.view(ml_dtypes.float8_e8m0fnu)
