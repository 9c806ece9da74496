"""Convert-1: element type conversion.

Float to integer truncates toward zero and saturates at the target's range (NaN gives 0);
anything to boolean is ``x != 0``. Checked against the CPU plugin in the differential tests.
"""
from __future__ import annotations

import numpy as np

from .common import fold
from .registry import Attr, Fact, Op, register


def convert(x: np.ndarray, dst) -> np.ndarray:
    """Convert an array to the NumPy dtype of element type ``dst``, as OpenVINO's Convert does."""
    dtype = dst.dtype
    if x.dtype == dtype and dst.name != "u1":
        return x
    if dst.name == "boolean":
        return x != 0
    if dst.is_integer:
        if x.dtype.kind in "fV" or x.dtype.kind == "f":
            xf = np.asarray(x, dtype=np.float64)
            lo, hi = _int_range(dst)
            with np.errstate(invalid="ignore"):
                t = np.trunc(np.nan_to_num(xf, nan=0.0, posinf=hi, neginf=lo))
            return np.clip(t, lo, hi).astype(dtype)
        if x.dtype.kind in "iub":
            lo, hi = _int_range(dst)
            if dst.bits < 8:
                return np.clip(x.astype(np.int64), lo, hi).astype(dtype)
            return x.astype(dtype)
    if x.dtype.kind not in "biuf":  # bf16 / int4 from ml_dtypes: go through float32
        x = x.astype(np.float32)
    return x.astype(dtype)


def _int_range(et):
    if et.name == "u1":
        return 0, 1
    if et.name == "i4":
        return -8, 7
    if et.name == "u4":
        return 0, 15
    info = np.iinfo(et.dtype)
    return int(info.min), int(info.max)


@register
class Convert(Op):
    type, version = "Convert", "opset1"
    min_inputs = max_inputs = 1
    attrs = (Attr("destination_type", "etype"),)

    def infer(self, ins):
        return fold(self, ins, [self.destination_type]) or [Fact(self.destination_type, ins[0].shape)]

    def eval(self, ins):
        return [convert(np.asarray(ins[0]), self.destination_type)]
