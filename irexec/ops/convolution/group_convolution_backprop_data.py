"""GroupConvolutionBackpropData-1: data ``[N, G*C_IN, *I]`` split into G groups of channels,
each put through ConvolutionBackpropData-1 with its filters ``[G, C_IN, C_OUT, *K]``, the results
concatenated to ``[N, G*C_OUT, *O]``. The number of groups is the filters' dim 0. Attributes,
output_shape, padding and output size as ConvolutionBackpropData-1. f16/bf16 compute in f32 and
round once; integers sum exactly and wrap.

Where the CPU plugin departs from the spec: as ConvolutionBackpropData-1 (with output_shape it
keeps an explicit pads_begin and takes 0 for valid; integers in f32).
"""

from __future__ import annotations

from ..registry import register
from .convolution_backprop_data import BACKPROP_ARGS, BackpropBase


@register
class GroupConvolutionBackpropData(BackpropBase):
    type, version = "GroupConvolutionBackpropData", "opset1"
    # (OpenVINO's function spells auto_pad's default here)
    builder_args = BACKPROP_ARGS[:-2] + (("auto_pad", "EXPLICIT"), BACKPROP_ARGS[-1])
    spec = "convolution/group-convolution-backprop-data-1"
    grouped = True
