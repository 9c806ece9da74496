"""RegionYolo-1 (OpenVINO writes it under opset1): the YOLO region layer over ``[N, C, H, W]``
data laid out as R regions of E = coords + classes + 1 entries of H x W each (C = R * E):
entries 0 and 1 (the box center) and entry ``coords`` (objectness) go through the logistic
``1 / (1 + exp(-x))``; the other coordinates pass through.

- ``do_softmax`` true (YOLOv2): R = ``num``; the ``classes`` entries after objectness are a
  softmax over the classes at each cell; the output is the data's shape with dims ``axis`` ..
  ``end_axis`` flattened into one.
- ``do_softmax`` false (YOLOv3): R = ``len(mask)``; the class entries go through the logistic
  too; the output is ``[N, R * E, H, W]``.

``anchors`` are only carried for post-processing. The logistic is computed as the CPU plugin
does (``e = exp(-|x|)``, ``e / (1 + e)`` or one minus it), in f32; f16 and bf16 round once.

irexec requires C to be exactly R * E (OpenVINO does not check, and its kernels then read a
misaligned layout for the second image), ``end_axis`` not before ``axis``, and coords, classes
and num not negative with E at least 2 (the logistic of the box center spans two entries).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed, fmt, product
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register
from ._common import F32, floats, to_f32


def logistic(x: np.ndarray) -> np.ndarray:
    e = np.exp(-np.abs(x).astype(np.float64)).astype(F32)
    y = e / (e + F32(1))
    return np.where(x > 0, F32(1) - y, y)


def softmax(x: np.ndarray, axis: int) -> np.ndarray:
    e = np.exp((x - x.max(axis=axis, keepdims=True)).astype(np.float64)).astype(F32)
    return e / e.sum(axis=axis, keepdims=True, dtype=F32)


@register
class RegionYolo(Op):
    type, version = "RegionYolo", "opset1"
    builder_args = (
        "input=data",
        "coords",
        "classes",
        "num",
        ("do_softmax", REQUIRED),
        ("mask", REQUIRED),
        "axis",
        "end_axis",
        ("anchors", None),
    )
    spec = "detection/region-yolo-1"
    inputs = (Input("data", "float"),)
    attrs = (
        floats("anchors"),
        Attr("axis", "int"),
        Attr("coords", "int"),
        Attr("classes", "int"),
        Attr("end_axis", "int"),
        Attr("num", "int"),
        Attr("do_softmax", "bool", True),
        Attr("mask", "ints", ()),
    )

    def setup(self):
        for name in ("coords", "classes", "num"):
            if getattr(self, name) < 0:
                raise ValidationError(f"RegionYolo {name} must not be negative, got {getattr(self, name)}")
        if self.coords + self.classes + 1 < 2:
            raise ValidationError("RegionYolo needs coords + classes + 1 >= 2 entries per region")
        for name in ("axis", "end_axis"):
            if not -4 <= getattr(self, name) < 4:
                raise ValidationError(f"RegionYolo {name} must be in [-4, 3], got {getattr(self, name)}")
        self.entries = self.coords + self.classes + 1
        self.regions = self.num if self.do_softmax else len(self.mask)
        if self.do_softmax and self.axis % 4 > self.end_axis % 4:
            raise ValidationError(f"RegionYolo end_axis {self.end_axis} comes before axis {self.axis}")

    def output_facts(self, data):
        if data.shape is None:
            return Fact(data.etype, None)
        if len(data.shape) != 4:
            raise ValidationError(f"RegionYolo's data must be [N, C, H, W], got {fmt(data.shape)}")
        c = self.regions * self.entries
        if not data.shape[1].compatible(fixed(c)):
            what = f"num={self.num}" if self.do_softmax else f"{len(self.mask)} mask entries"
            raise ValidationError(
                f"RegionYolo's data must have {c} channels ({what} regions of coords + classes + "
                f"1 = {self.entries}), got {fmt(data.shape)}"
            )
        shape = (data.shape[0], fixed(c)) + data.shape[2:]
        if not self.do_softmax:
            return Fact(data.etype, shape)
        a, e = self.axis % 4, self.end_axis % 4
        return Fact(data.etype, shape[:a] + (product(shape[a : e + 1]),) + shape[e + 1 :])

    def compute(self, data):
        n, c, h, w = data.shape
        x = to_f32(data).reshape(n, self.regions, self.entries, h * w)
        y = x.copy()
        y[:, :, 0:2] = logistic(y[:, :, 0:2])
        last = self.coords + 1 if self.do_softmax else self.entries
        y[:, :, self.coords : last] = logistic(y[:, :, self.coords : last])
        if self.do_softmax and self.classes:
            y[:, :, self.coords + 1 :] = softmax(x[:, :, self.coords + 1 :], axis=2)
        shape = self._out_shape(data.shape)
        return y.reshape(shape).astype(data.dtype)

    def _out_shape(self, shape) -> tuple:
        if not self.do_softmax:
            return tuple(shape)
        a, e = self.axis % 4, self.end_axis % 4
        return tuple(shape[:a]) + (int(np.prod(shape[a : e + 1])),) + tuple(shape[e + 1 :])
