"""GroupConvolution-1: data ``[N, G*C_IN, *S]`` split into G groups of channels, each convolved
(as Convolution-1) with its filters ``[G, C_OUT, C_IN, *K]``, the results concatenated to
``[N, G*C_OUT, *O]``. The number of groups is the filters' dim 0; depthwise is ``C_IN == 1``.
Attributes, padding and output size as Convolution-1. f16/bf16 compute in f32 and round once;
integers sum exactly (in 64 bits) and wrap.

Where irexec departs from OpenVINO: as Convolution-1 (required attribute lists, negative pads and
auto_pad "notset" refused; the CPU plugin computes integers in f32 and saturates i8/u8).
"""

from __future__ import annotations

from ..op import Input
from ..registry import register
from ._conv import ConvBase, conv_attrs
from ._im2col import correlate, forward_pads, run_kernel


@register
class GroupConvolution(ConvBase):
    type, version = "GroupConvolution", "opset1"
    builder_args = ("data", "filters", "strides", "pads_begin", "pads_end", "dilations", ("auto_pad", "EXPLICIT"))
    spec = "convolution/group-convolution-1"
    inputs = (Input("data", "numeric"), Input("filters", "numeric", same_as="data"))
    attrs = conv_attrs(backprop=False)
    grouped = True

    def output_facts(self, data, filters):
        return self.conv_facts(data, filters)

    def compute(self, data, filters):
        pb, pe = forward_pads(
            data.shape[2:],
            filters.shape[3:],
            self.strides,
            self.dilations,
            self.pads_begin,
            self.pads_end,
            self.auto_pad,
        )
        return run_kernel(correlate, data, filters, self.strides, self.dilations, pb, pe)
