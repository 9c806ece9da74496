"""Convolution-1: the 1D, 2D or 3D cross-correlation of data ``[N, C_IN, *S]`` with filters
``[C_OUT, C_IN, *K]``, giving ``[N, C_OUT, *O]``:
``out[n, o, y] = sum_{c, k} w[o, c, k] * xpad[n, c, y*stride + k*dilation]``, where xpad is data
zero-padded by pads_begin/pads_end (explicit), by nothing (valid), or by what keeps
``O = ceil(S / stride)`` (same_upper: an odd padding's extra at the end; same_lower: at the
start). Otherwise ``O = floor((S + pads - dilated K) / stride) + 1``. The pads attributes are
ignored unless auto_pad is explicit. f16/bf16 compute in f32 and round once; integers sum exactly
(in 64 bits) and wrap.

Where irexec departs from OpenVINO (the spec decides): strides, dilations, pads_begin and
pads_end are required (OpenVINO reads a layer without them as ones and zeros); negative pads are
refused (OpenVINO reads them and the CPU plugin then fails to compile the model); auto_pad
"notset" is refused, as OpenVINO refuses it. The CPU plugin computes integer convolutions in
f32: i32 sums beyond 2^24 lose their low bits, and i8/u8 results saturate instead of wrapping.
"""

from __future__ import annotations

from ..op import Input
from ..registry import register
from ._conv import ConvBase, conv_attrs
from ._im2col import correlate, forward_pads, run_kernel


@register
class Convolution(ConvBase):
    type, version = "Convolution", "opset1"
    builder_args = ("data", "filters", "strides", "pads_begin", "pads_end", "dilations", ("auto_pad", "EXPLICIT"))
    spec = "convolution/convolution-1"
    inputs = (Input("data", "numeric"), Input("filters", "numeric", same_as="data"))
    attrs = conv_attrs(backprop=False)

    def output_facts(self, data, filters):
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
        return run_kernel(correlate, data, filters[None], self.strides, self.dilations, pb, pe)
