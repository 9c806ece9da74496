"""ReorgYolo-2 (the spec's ReorgYolo-1; OpenVINO writes it under opset2): the YOLOv2 passthrough
reorganisation of ``[N, C, H, W]`` data into ``[N, C * s * s, H / s, W / s]`` (s = ``stride``).

The spec gives no formula; OpenVINO's reference and CPU plugin read the input as
``[N, C / s², H * s, W * s]`` and write the output in the input's own shape, then reshaped:

    out[n, (i * s + j) * C / s² + c, h, w] = x'[n, c, h * s + i, w * s + j],  x' = x as [N, C/s², H*s, W*s]

(flat indices over the input's [N, C, H, W]), a pure permutation of the elements; any element type.

H and W must be divisible by s and C at least s² (the spec). irexec also refuses a C that s² does
not divide: OpenVINO accepts it, and its kernel then reads past the data.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, fmt, span
from ..op import Attr, Fact, Input, Op
from ..registry import register


def _times(d: Dim, k: int) -> Dim:
    return span(d.lo * k, None if d.hi is None else d.hi * k)


def _divided(d: Dim, k: int):
    """The sizes d / k may be (OpenVINO's Dimension division: only exact quotients), or None."""
    lo, hi = -(-d.lo // k), None if d.hi is None else d.hi // k
    return None if hi is not None and lo > hi else span(lo, hi)


@register
class ReorgYolo(Op):
    type, version = "ReorgYolo", "opset2"
    builder_args = ("input=data", "stride")
    spec = "detection/reorg-yolo-1"
    inputs = (Input("data"),)
    attrs = (Attr("stride", "int"),)

    def setup(self):
        if self.stride < 1:
            raise ValidationError(f"ReorgYolo stride must be positive, got {self.stride}")

    def output_facts(self, data):
        s = self.stride
        if data.shape is None:
            return Fact(data.etype, None)
        if len(data.shape) != 4:
            raise ValidationError(f"ReorgYolo's data must be [N, C, H, W], got {fmt(data.shape)}")
        n, c, h, w = data.shape
        if c.hi is not None and c.hi < s * s:
            raise ValidationError(f"ReorgYolo needs C >= stride * stride = {s * s}, got {fmt(data.shape)}")
        if c.is_static and c.lo % (s * s):
            raise ValidationError(f"ReorgYolo needs C divisible by stride * stride = {s * s}, got {fmt(data.shape)}")
        out = []
        for d in (h, w):
            q = _divided(d, s) if not d.is_static or d.lo % s == 0 else None
            if q is None:
                raise ValidationError(f"ReorgYolo needs H and W divisible by stride {s}, got {fmt(data.shape)}")
            out.append(q)
        return Fact(data.etype, (n, _times(c, s * s)) + tuple(out))

    def compute(self, data):
        s = self.stride
        n, c, h, w = data.shape
        x = data.reshape(n, c // (s * s), h, s, w, s)
        return np.ascontiguousarray(x.transpose(0, 3, 5, 1, 2, 4)).reshape(n, c * s * s, h // s, w // s)
