"""ExperimentalDetectronPriorGridGenerator-6: the ``priors`` [P, 4] ``[x1, y1, x2, y2]`` shifted to
the centre of every cell of a grid over the image: for cell (i, j) and prior s,

    out[i, j, s] = priors[s] + [step_w * (j + 0.5), step_h * (i + 0.5), step_w * (j + 0.5), step_h * (i + 0.5)]

for i < layer_h, j < layer_w, where layer_h is ``h`` (0: the feature map's height, featmap
[N, C, Hf, Wf]; ``w`` and Wf alike) and step_h ``stride_y`` (0: image_height / layer_h, im_data
[N, C, Hi, Wi]; ``stride_x`` and Wi / layer_w alike). Only the shapes of featmap and im_data are
read. The output is [Hf * Wf * P, 4] with ``flatten`` (the default), else [Hf, Wf, P, 4]; the
cells are written in that order, (i, j, s) row-major, so with a smaller ``h`` or ``w`` they fill
the first layer_h * layer_w * P rows and the spec leaves the rest undefined: irexec writes 0
there, the CPU plugin leaves whatever its buffer held. ``h`` past Hf or ``w`` past Wf (the spec's
range ends there) is refused.

OpenVINO reads a layer that leaves ``flatten`` out as flatten=false (a 4-D output); irexec
takes the spec's default, true. Computed in f32 (the step, then the shift, then the sum),
rounded once to f16/bf16.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, product
from ..op import Attr, Fact, Input, Op
from ..registry import register

F32 = np.float32


@register
class ExperimentalDetectronPriorGridGenerator(Op):
    type, version = "ExperimentalDetectronPriorGridGenerator", "opset6"
    spec = "detection/experimental-detectron-prior-grid-generator-6"
    inputs = (
        Input("priors", "float"),
        Input("feature_map", "float", same_as="priors"),
        Input("im_data", "float", same_as="priors"),
    )
    attrs = (
        Attr("flatten", "bool", True),
        Attr("h", "int", 0),
        Attr("w", "int", 0),
        Attr("stride_x", "float", 0.0),
        Attr("stride_y", "float", 0.0),
    )

    def setup(self):
        for name in ("h", "w"):
            if getattr(self, name) < 0:
                raise ValidationError(
                    f"ExperimentalDetectronPriorGridGenerator {name} must be 0 or more, got {getattr(self, name)}"
                )
        for name in ("stride_x", "stride_y"):
            if not getattr(self, name) >= 0:
                raise ValidationError(
                    f"ExperimentalDetectronPriorGridGenerator {name} must be 0 or more, got {getattr(self, name)}"
                )

    def output_facts(self, priors, featmap, im_data):
        name = self.type
        if priors.shape is not None and (len(priors.shape) != 2 or not priors.shape[1].compatible(fixed(4))):
            raise ValidationError(
                f"{name}'s priors must be [number_of_priors, 4], got shape {fmt(priors.shape)}", port=0
            )
        for port, what, f in ((1, "feature_map", featmap), (2, "im_data", im_data)):
            if f.shape is not None and len(f.shape) != 4:
                raise ValidationError(f"{name}'s {what} must be 4-D, got shape {fmt(f.shape)}", port=port)
        if (
            featmap.shape is not None
            and im_data.shape is not None
            and not featmap.shape[0].compatible(im_data.shape[0])
        ):
            raise ValidationError(
                f"{name}'s feature_map and im_data must have one batch size, got "
                f"{fmt(featmap.shape)} and {fmt(im_data.shape)}",
                port=2,
            )
        if featmap.shape is not None:
            for attr, axis in (("h", 2), ("w", 3)):
                cells, dim = getattr(self, attr), featmap.shape[axis]
                if dim.hi is not None and cells > dim.hi:
                    raise ValidationError(
                        f"{name} {attr}={cells} is past the feature map's "
                        f"{'height' if axis == 2 else 'width'} {dim} ({fmt(featmap.shape)})",
                        port=1,
                    )
        fh, fw = (featmap.shape[2], featmap.shape[3]) if featmap.shape is not None else (DYN, DYN)
        num = priors.shape[0] if priors.shape is not None else DYN
        if self.flatten:
            return Fact(priors.etype, (product((fh, fw, num)), fixed(4)))
        return Fact(priors.etype, (fh, fw, num, fixed(4)))

    def compute(self, priors, featmap, im_data):
        _, _, fh, fw = featmap.shape
        _, _, ih, iw = im_data.shape
        lh, lw = self.h or fh, self.w or fw
        step_w = F32(self.stride_x) if self.stride_x else F32(iw) / F32(lw)
        step_h = F32(self.stride_y) if self.stride_y else F32(ih) / F32(lh)
        sx = step_w * (np.arange(lw, dtype=F32) + F32(0.5))  # [lw]
        sy = step_h * (np.arange(lh, dtype=F32) + F32(0.5))  # [lh]
        shift = np.zeros((lh, lw, 1, 4), F32)
        shift[..., 0::2] = sx[None, :, None, None]
        shift[..., 1::2] = sy[:, None, None, None]
        cells = (np.asarray(priors, F32)[None, None] + shift).reshape(-1)
        out = np.zeros(fh * fw * len(priors) * 4, F32)
        out[: cells.size] = cells
        shape = (fh * fw * len(priors), 4) if self.flatten else (fh, fw, len(priors), 4)
        return out.reshape(shape).astype(priors.dtype, copy=False)
