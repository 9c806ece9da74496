"""FakeConvert-13: the round trip of floating-point ``data`` through an 8-bit float type
(``destination_type`` f8e4m3 or f8e5m2), with an affine ``scale`` and optional ``shift``, as the
spec's formula writes it::

    d = data * scale - shift
    d = Convert(Convert(d, destination_type), type of data)
    output = (d + shift) / scale

The conversion rounds to nearest even, as OpenVINO's Convert does: f8e4m3 (no infinities, largest
448) makes NaN of what rounds beyond 448 and of infinities; f8e5m2 gives +-inf beyond 57344.
Without ``shift`` nothing is subtracted or added (a -0 stays -0). scale and shift broadcast into
the data's shape one way (shift with scale's shape). f16 and bf16 compute in f32, and round once
at the end.

Where the CPU plugin departs: it saturates, giving +-448 (+-57344 for f8e5m2) for values beyond
the type, for infinities, and for NaN (as -448, -57344); it rounds f32 values to f16 first, so
a value just off a tie between two f8 values can round twice; a -0 it keeps where the formula
adds a zero shift (giving +0); for bf16 it multiplies by 1/scale rounded to bf16 instead of
dividing by the scale (on AVX-512 machines; AVX2 ones give other values, a bf16 ulp off).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ...errors import ValidationError
from ...shapes import compatible, fmt
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._ranges import into_data

F8 = {"f8e4m3": ml_dtypes.float8_e4m3fn, "f8e5m2": ml_dtypes.float8_e5m2}


@register
class FakeConvert(Op):
    type, version = "FakeConvert", "opset13"
    builder_args = ("data", "scale", "shift", ("destination_type", "f8e4m3"))
    spec = "quantization/fake-convert-13"
    inputs = (
        Input("data", "f16|bf16|f32"),
        Input("scale", same_as="data"),
        Input("shift", same_as="data", optional=True),
    )
    attrs = (Attr("destination_type", "str", choices=tuple(F8)),)

    def output_facts(self, data, scale, shift=None):
        params = [("scale", 1, scale.shape)]
        if shift is not None:
            if not compatible(scale.shape, shift.shape):
                raise ValidationError(
                    f"FakeConvert's shift {fmt(shift.shape)} must have scale's shape {fmt(scale.shape)}", port=2
                )
            params.append(("shift", 2, shift.shape))
        return Fact(data.etype, into_data("FakeConvert", "numpy", data.shape, params))

    def compute(self, data, scale, shift=None):
        dtype = data.dtype
        work = np.float32 if dtype in HALF else dtype
        x, scale = data.astype(work, copy=False), scale.astype(work, copy=False)
        # a zero scale gives inf and NaN, as the formula does
        d = x * scale
        if shift is not None:
            shift = shift.astype(work, copy=False)
            d = d - shift
        d = d.astype(F8[self.destination_type]).astype(work)
        if shift is not None:
            d = d + shift
        out = d / scale
        return np.broadcast_to(out, x.shape).astype(dtype)
