"""FakeQuantize-1: each element of floating-point ``x`` clipped to [input_low, input_high] and
snapped to one of ``levels`` evenly spaced values between output_low and output_high, as the
spec's formula writes it::

    x <= min(input_low, input_high):  output_low
    x >  max(input_low, input_high):  output_high
    otherwise:  round((x - input_low) / (input_high - input_low) * (levels - 1)) / (levels - 1)
                * (output_high - output_low) + output_low

``round`` goes half to even (the spec leaves it open; the CPU plugin rounds so). The four limits
broadcast into x's shape (``auto_broadcast`` numpy, the default, or none), one way: they never
enlarge the output. input_low above input_high follows the formula as written (the plugin
agrees); NaN stays NaN. f16 and bf16 compute in f32 and round once.

Where the CPU plugin departs: it computes ``x * scale + shift`` with precomputed scales, so f32
results away from the levels can differ from the formula's in the last bit or two; it reads a
layer without ``levels`` (or with levels below 2, which the spec forbids and irexec refuses)
and computes something; it also takes integer data, which the spec does not allow; and it
accepts auto_broadcast pdpd, which irexec does not implement.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ..elementwise import AUTOB, HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._ranges import into_data


@register
class FakeQuantize(Op):
    type, version = "FakeQuantize", "opset1"
    builder_args = (
        "data=x",
        "input_low",
        "input_high",
        "output_low",
        "output_high",
        "levels",
        ("auto_broadcast", "NUMPY"),
    )
    spec = "quantization/fake-quantize-1"
    inputs = (
        Input("x", "float"),
        Input("input_low", same_as="x"),
        Input("input_high", same_as="x"),
        Input("output_low", same_as="x"),
        Input("output_high", same_as="x"),
    )
    attrs = (Attr("levels", "int"), AUTOB)

    def setup(self):
        if self.levels < 2:
            raise ValidationError(f"FakeQuantize levels must be 2 or more, got {self.levels}")
        if self.auto_broadcast == "pdpd":
            raise ValidationError("FakeQuantize auto_broadcast='pdpd' is not supported by irexec")

    def output_facts(self, x, *limits):
        names = [i.name for i in self.inputs[1:]]
        shape = into_data(
            "FakeQuantize",
            self.auto_broadcast,
            x.shape,
            [(n, k + 1, f.shape) for k, (n, f) in enumerate(zip(names, limits))],
        )
        return Fact(x.etype, shape)

    def compute(self, x, il, ih, ol, oh):
        dtype = x.dtype
        work = np.float32 if dtype in HALF else dtype
        x, il, ih, ol, oh = (a.astype(work, copy=False) for a in (x, il, ih, ol, oh))
        steps = np.asarray(self.levels - 1, work)
        # input_low == input_high divides by 0 where np.where does not look
        q = np.rint((x - il) / (ih - il) * steps) / steps * (oh - ol) + ol
        out = np.where(x <= np.minimum(il, ih), ol, np.where(x > np.maximum(il, ih), oh, q))
        return np.broadcast_to(out, x.shape).astype(dtype)
