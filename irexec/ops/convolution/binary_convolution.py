"""BinaryConvolution-1: a 2D convolution of binary data ``[N, C_IN, H, W]`` with u1 filters
``[C_OUT, C_IN, KH, KW]``, in mode xnor-popcount: each bit is read as -1 (0) or +1 (1), and
``out = 2 * popcount(xnor(patch, filter)) - bits = sum_{c, k} xs[c, y*s + k*d] * ws[o, c, k]``,
the sum of the products of the +-1 values, over windows, strides, dilations, pads and auto_pad
as Convolution-1's. The pad area is filled with ``pad_value``. The output has the data's type.

The filters arrive unpacked (irexec's reader unpacks u1 constants with np.unpackbits, the first
element in the most significant bit, as OpenVINO packs them); the kernel is one matmul of +-1
values (Convolution-1's im2col). The spec defines data values 0 and 1 only; irexec reads others as
the CPU plugin binarizes them: a value above 0 is 1, anything else (0, negatives, NaN) is 0. A
pad_value of 1 is +1 and 0 is -1 (the spec); others are -1, as the plugin reads them. u1 data is
refused (OpenVINO gives a u1 output, which cannot hold the sums). Integer data sums exactly and
wraps to its type.

Where the CPU plugin departs (rows in tests/cases/convolution/test_binary_convolution.py): it
reads the u1 filters' bits least significant first within each byte (so filters whose bytes are
not palindromes give other sums); it leaves the padding out of the sum when pad_value is 0 (the
spec fills it with 0, which counts -1); it gives wrong sums when C_IN is not a multiple of 8; it
does not compile integer data. Where irexec departs from OpenVINO: strides, pads and dilations
are required (OpenVINO fills them in), negative pads and auto_pad "notset" are refused, as for
Convolution-1.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..op import REQUIRED, Attr, Input
from ..registry import register
from ._conv import ConvBase, conv_attrs
from ._im2col import correlate, forward_pads

DATA_TYPES = "f16|bf16|f32|f64|i8|i16|i32|i64|u8|u16|u32|u64"


@register
class BinaryConvolution(ConvBase):
    type, version = "BinaryConvolution", "opset1"
    builder_args = (
        "data",
        "filters",
        "strides",
        "pads_begin",
        "pads_end",
        "dilations",
        "mode",
        "pad_value",
        ("auto_pad", "EXPLICIT"),
    )
    spec = "convolution/binary-convolution-1"
    inputs = (Input("data", DATA_TYPES), Input("filters", "u1"))
    attrs = conv_attrs(backprop=False) + (
        Attr("mode", "str", REQUIRED, ("xnor-popcount",)),
        Attr("pad_value", "float", REQUIRED),
    )

    def setup(self):
        super().setup()
        if self.n_spatial != 2:
            raise ValidationError(
                f"BinaryConvolution is 2D: strides, pads_begin, pads_end and dilations must have "
                f"2 entries, got {len(self.strides)}"
            )

    def output_facts(self, data, filters):
        for port, fact in enumerate((data, filters)):
            if fact.shape is not None and len(fact.shape) != 4:
                raise ValidationError(
                    f"BinaryConvolution's {('data', 'filters')[port]} must have rank 4, got {fmt(fact.shape)}",
                    port=port,
                )
        return self.conv_facts(data, filters)

    def compute(self, data, filters):
        pb, pe = forward_pads(
            data.shape[2:],
            filters.shape[2:],
            self.strides,
            self.dilations,
            self.pads_begin,
            self.pads_end,
            self.auto_pad,
        )
        # +-1 values in f32: the sums are whole numbers far below 2^24, so BLAS sums them exactly.
        xs = np.where(data > 0, np.float32(1), np.float32(-1))
        fill = np.float32(1 if self.pad_value == 1 else -1)
        xs = np.pad(xs, ((0, 0), (0, 0)) + tuple(zip(pb, pe)), constant_values=fill)
        ws = filters.astype(np.float32) * 2 - 1
        out = correlate(xs, ws[None], self.strides, self.dilations, (0, 0), (0, 0))
        if data.dtype.kind in "iu":
            return out.astype(np.int64).astype(data.dtype)
        return out.astype(data.dtype)
