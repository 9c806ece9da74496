"""OneHot-1 and OneHot-16: a new axis of size ``depth`` at ``axis`` (in [-(N+1), N] for indices
of rank N): ``out[..., i, ...] = on_value if indices[...] == i else off_value``. The output has
``on_value``'s type (``off_value`` shares it); ``depth``, ``on_value`` and ``off_value`` are
scalars, ``depth`` positive.

An index outside [0, depth) gives a row of ``off_value``: for indices >= depth the spec says so;
for negative ones it leaves the result undefined, and the CPU plugin gives ``off_value`` too, as
irexec does. The spec wants a positive depth: irexec refuses 0 (OpenVINO accepts it and gives an
empty axis). The plugin narrows i64 indices to i32 (2^33 + 1 is taken as 1); irexec compares the
values as they are.

OneHot-16 adds ``negative_indices_mode``: ``ignore_negative`` (the default, OneHot-1's rule: a
negative index gives a row of ``off_value``) or ``normalize`` (an index in [-depth, -1] counts
from the end, ``depth + index``; below -depth still gives ``off_value``). The spec's page spells
the first ``ignore-negative``, OpenVINO writes and reads ``ignore_negative``: irexec reads both.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, normalize_axis, span
from ..common import scalar_int
from ..op import Attr, Fact, Input, Op
from ..registry import register


@register
class OneHot(Op):
    type, version = "OneHot", "opset1"
    spec = "sequence/one-hot-1"
    inputs = (
        Input("indices", "i32|i64", role="indices"),
        Input("depth", "i32|i64", role="sizes", value=True),
        Input("on_value"),
        Input("off_value", same_as="on_value"),
    )
    attrs = (Attr("axis", "int"),)
    negative_indices_mode = "ignore_negative"  # OneHot-1's rule (OneHot-16 declares the attribute)

    def output_facts(self, indices, depth, on_value, off_value):
        for port, f in ((1, depth), (2, on_value), (3, off_value)):
            if f.shape is not None and len(f.shape) != 0:
                raise ValidationError(
                    f"OneHot's {self.inputs[port].name} must be a scalar, got shape {fmt(f.shape)}", port=port
                )
        etype = on_value.etype or off_value.etype
        n = None if depth.value is None else positive_depth(depth.value)
        if indices.shape is None:
            return Fact(etype, None)
        axis = normalize_axis(self.axis, len(indices.shape) + 1)
        dim = span(0, None) if n is None else span(n, n)
        return Fact(etype, indices.shape[:axis] + (dim,) + indices.shape[axis:])

    def compute(self, indices, depth, on_value, off_value):
        n = positive_depth(depth)
        if self.negative_indices_mode == "normalize":
            indices = np.where(indices < 0, indices.astype(np.int64) + n, indices)
        axis = normalize_axis(self.axis, indices.ndim + 1)
        classes = np.arange(n).reshape((n,) + (1,) * (indices.ndim - axis))
        hot = np.expand_dims(indices, axis) == classes  # (never true outside [0, depth))
        return np.where(hot, on_value, off_value).astype(np.asarray(on_value).dtype, copy=False)


def positive_depth(depth) -> int:
    n = scalar_int(depth, "depth")
    if n < 1:
        raise ValidationError(f"OneHot's depth must be positive, got {n}", port=1)
    return n


@register
class OneHot16(OneHot):
    type, version = "OneHot", "opset16"
    builder_args = ("indices", "depth", "on_value", "off_value", "axis", ("negative_indices_mode", None))
    spec = "sequence/one-hot-16"
    attrs = (
        Attr("axis", "int"),
        Attr("negative_indices_mode", "str", "ignore_negative", ("ignore_negative", "ignore-negative", "normalize")),
    )
