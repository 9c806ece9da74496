"""Concat-1: the inputs joined along ``axis`` (negative counts from the end). They share one
element type and rank (1 or more), and every dim but the axis.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, normalize_axis
from ..op import Attr, Fact, Input, Op
from ..registry import register


@register
class Concat(Op):
    type, version = "Concat", "opset1"
    builder_args = ("nodes=inputs", "axis")
    spec = "movement/concat-1"
    inputs = (Input("inputs", variadic=True),)
    attrs = (Attr("axis", "int"),)

    def output_facts(self, *ins):
        etype = next((f.etype for f in ins if f.etype is not None), None)
        shapes = [f.shape for f in ins if f.shape is not None]
        if not shapes:
            return Fact(etype, None)
        rank = len(shapes[0])
        if rank == 0:
            raise ValidationError("Concat inputs must have rank 1 or more")
        if any(len(s) != rank for s in shapes):
            raise ValidationError("Concat inputs differ in rank: " + ", ".join(fmt(s) for s in shapes))
        axis = normalize_axis(self.axis, rank)
        out = []
        for i in range(rank):
            dims = [s[i] for s in shapes]
            if i == axis:
                # The output's size along the axis is known only when every input's is.
                known = len(shapes) == len(ins) and all(d.is_static for d in dims)
                out.append(fixed(sum(d.lo for d in dims)) if known else DYN)
            else:
                # (Compared, not put in a set: a symbolic length has no hash, irexec.symbolic.)
                statics = [d.lo for d in dims if d.is_static]
                if any(v != statics[0] for v in statics[1:]):
                    raise ValidationError(
                        f"Concat inputs differ at dim {i} (axis is {axis}): " + ", ".join(fmt(s) for s in shapes)
                    )
                out.append(fixed(statics[0]) if statics else DYN)
        return Fact(etype, tuple(out))

    def compute(self, *arrays):
        return np.concatenate(arrays, axis=normalize_axis(self.axis, np.ndim(arrays[0])))
