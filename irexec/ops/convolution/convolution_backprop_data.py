"""ConvolutionBackpropData-1 (a transposed convolution): data ``[N, C_IN, *I]``, filters
``[C_IN, C_OUT, *K]``, optional output_shape (the output's spatial dims), giving
``[N, C_OUT, *O]``. The full result is ``full[n, o, i*stride + k*dilation] += x[n, c, i] *
w[c, o, k]`` (size ``F = stride*(I-1) + dilation*(K-1) + 1``); the output is ``full`` read from
pads_begin on, positions past its end (output_padding) being zeros.

Without output_shape: ``O = F - pads_begin - pads_end + output_padding``, the pads being zero
unless auto_pad is explicit. With it, O is output_shape and the spec ignores the pads
attributes: ``total = F - O + output_padding``, pads_begin ``= total // 2`` (explicit, valid,
same_lower) or ``total - total // 2`` (same_upper). A negative total (an output larger than the
full result, where the spec is silent) counts as 0, as in OpenVINO's shape inference and the
plugin: the output starts with the full result, the extra positions at its end being zeros.
pads_begin, pads_end and output_padding may be left out (zeros). f16/bf16 compute in f32 and
round once; integers sum exactly and wrap.

Where the CPU plugin departs from the spec: with output_shape and auto_pad explicit, it keeps
the pads_begin attribute instead of total // 2, and takes 0 for valid. It computes integers in
f32 (i32 sums beyond 2^24 lose their low bits, i8/u8 saturate). irexec refuses negative pads
(OpenVINO reads them; the plugin fails) and data with an empty spatial dim.
"""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import fixed, fmt
from ..common import int_vector
from ..op import Input
from ..registry import register
from ._conv import ConvBase, conv_attrs
from ._im2col import backprop_pads, run_kernel, transposed

# OpenVINO's function: strides before output_shape; the pads, dilations and output_padding left out
# are zeros (ones) as many as the strides.
BACKPROP_ARGS = (
    "data",
    "filters",
    "strides",
    "output_shape",
    ("pads_begin", None, (0, "strides")),
    ("pads_end", None, (0, "strides")),
    ("dilations", None, (1, "strides")),
    ("auto_pad", None),
    ("output_padding", None, (0, "strides")),
)


class BackpropBase(ConvBase):
    inputs = (
        Input("data", "numeric"),
        Input("filters", "numeric", same_as="data"),
        Input("output_shape", "int", role="shape", value=True, optional=True),
    )
    attrs = conv_attrs(backprop=True)
    backprop = True

    def output_facts(self, data, filters, output_shape=None):
        values = None
        if output_shape is not None:
            shape = output_shape.shape
            if shape is not None and (len(shape) != 1 or not shape[0].compatible(fixed(self.n_spatial))):
                raise ValidationError(
                    f"output_shape must be a 1-D tensor of the {self.n_spatial} spatial dims, got shape {fmt(shape)}",
                    port=2,
                )
            # Its values, or unknown dims until they come.
            values = (None,) * self.n_spatial if output_shape.value is None else self.output_sizes(output_shape.value)
        return self.conv_facts(data, filters, values)

    def output_sizes(self, value) -> list:
        sizes = int_vector(value, "output_shape")
        if len(sizes) != self.n_spatial:
            raise ValidationError(f"output_shape {sizes} must give the {self.n_spatial} spatial dims", port=2)
        if any(v < 0 for v in sizes):
            raise ValidationError(f"output_shape {sizes} has a negative dim", port=2)
        return sizes

    def compute(self, data, filters, output_shape=None):
        w = filters if self.grouped else filters[None]
        out = None if output_shape is None else self.output_sizes(output_shape)
        pb, outs = backprop_pads(
            data.shape[2:],
            w.shape[3:],
            self.strides,
            self.dilations,
            self.pads_begin,
            self.pads_end,
            self.output_padding,
            self.auto_pad,
            out,
        )
        return run_kernel(transposed, data, w, self.strides, self.dilations, pb, outs)


@register
class ConvolutionBackpropData(BackpropBase):
    type, version = "ConvolutionBackpropData", "opset1"
    builder_args = BACKPROP_ARGS
    spec = "convolution/convolution-backprop-data-1"
