"""The ops ``convert_color`` inserts (as OpenVINO's build leaves them, measured): a YUV image to
RGB or BGR by NV12to*/I420to* (its planes, or its one plane); to GRAY by its Y plane (of one plane,
sliced to the first 2/3 of its height); RGB and BGR into each other by reversing the channels; RGBX
and BGRX by slicing the X away first; RGB or BGR to GRAY by a 1x1 Convolution of the channels."""

from __future__ import annotations

import numpy as np

from ...errors import InputError, ValidationError
from ...types import BY_NAME
from ..building import constant
from .formats import COLOR_NAMES, PLANES, YUV, ColorFormat
from .ops import Stage, channel_axis, const, convert, op, reversed_channels, transposed

# GRAY's weights for each source format, as the Convolution computing it holds them.
_GRAY_WEIGHTS = {ColorFormat.RGB: (0.299, 0.587, 0.114), ColorFormat.BGR: (0.114, 0.587, 0.299)}


def convert_color(stage: Stage, dst: ColorFormat) -> Stage:
    src = stage.color
    if src == dst:
        return stage
    if src in YUV and dst in (ColorFormat.RGB, ColorFormat.BGR):
        return stage.then(_from_yuv(stage, dst), color=dst)
    if src in YUV and dst == ColorFormat.GRAY:
        return stage.then(_yuv_luma(stage), color=dst)
    if src in (ColorFormat.RGB, ColorFormat.BGR) and dst in (ColorFormat.RGB, ColorFormat.BGR):
        at, channels = channel_axis(stage, "convert_color")
        return stage.then(reversed_channels(stage.out, at, channels), color=dst)
    if src in (ColorFormat.RGBX, ColorFormat.BGRX) and dst in (ColorFormat.RGB, ColorFormat.BGR):
        at, _ = channel_axis(stage, "convert_color")
        inputs = [
            stage.out,
            const([0], np.int32),
            const([-1], np.int32),
            const([1], np.int32),
            const([at], np.int32),
        ]
        out = op("Slice", "opset8", inputs).output(0)
        if (src == ColorFormat.RGBX) != (dst == ColorFormat.RGB):
            out = reversed_channels(out, at, out._fact.shape[at])
        return stage.then(out, color=dst)
    if src in (ColorFormat.RGB, ColorFormat.BGR) and dst == ColorFormat.GRAY:
        return stage.then(_gray(stage, src), color=dst)
    raise InputError(f"color format {COLOR_NAMES[src]} cannot be converted to {COLOR_NAMES[dst]}")


def _from_yuv(stage: Stage, dst: ColorFormat) -> object:
    src = stage.color
    family = "NV12" if src in (ColorFormat.NV12_SINGLE_PLANE, ColorFormat.NV12_TWO_PLANES) else "I420"
    return op(f"{family}to{dst.name}", "opset8", list(stage.outs)).output(0)


def _yuv_luma(stage: Stage):
    """GRAY of a YUV image: its Y plane (of a single-plane image, the first 2/3 of its height)."""
    if stage.color in PLANES:
        return stage.outs[0]
    out = stage.out
    dims = op("ShapeOf", "opset3", [out], {"output_type": "i64"}).output(0)
    one = const([1], np.int32)
    height = op("Gather", "opset8", [dims, one, const(0, np.int32)], {"batch_dims": 0}).output(0)
    doubled = op("Multiply", "opset1", [height, const([2], np.int64)]).output(0)
    luma = op("Divide", "opset1", [doubled, const([3], np.int64)], {"m_pythondiv": True}).output(0)
    inputs = [out, const([0], np.int32), luma, one, one]
    return op("Slice", "opset8", inputs).output(0)


def _gray(stage: Stage, src: ColorFormat):
    """GRAY of RGB or BGR: a 1x1 Convolution of the channels by their weights, channels first
    (transposed there and back for a channels-last layout), in f32 (rounded back for integers)."""
    at, _ = channel_axis(stage, "convert_color")
    rank = stage.rank
    out, etype = stage.out, stage.etype
    last = at == rank - 1 and rank == 4
    if not last and at != 1:
        raise InputError(f"convert_color to GRAY needs the channels second or last, and the layout is {stage.layout}")
    if last:
        out = transposed(out, [0, 3, 1, 2])
    out = convert(out, BY_NAME["f32"], stage.leaving)
    weights = np.asarray(_GRAY_WEIGHTS[src], np.float32).reshape(1, 3, 1, 1)
    attrs = {"strides": [1, 1], "dilations": [1, 1], "pads_begin": [0, 0], "pads_end": [0, 0], "auto_pad": "explicit"}
    out = op("Convolution", "opset1", [out, constant(weights).output(0)], attrs).output(0)
    if etype.is_integer:
        out = op("Round", "opset5", [out], {"mode": "half_to_even"}).output(0)
    out = convert(out, etype, stage.leaving)
    if last:
        out = transposed(out, [0, 2, 3, 1])
    return out


def check_model_color(stage: Stage) -> None:
    """A YUV image must be converted before the model reads it."""
    if stage.color in YUV:
        raise ValidationError(
            f"the model reads RGB, BGR or GRAY, and the input is {COLOR_NAMES[stage.color]}: "
            "add preprocess().convert_color(ColorFormat.RGB) or BGR"
        )
