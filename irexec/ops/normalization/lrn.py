"""LRN-1: local response normalization. Each element is divided by a power of the sum of the
squares in a box around it, spanning ``size`` steps along each of ``axes``::

    y = x / (bias + alpha / size**len(axes) * sum(x[box]**2)) ** beta

The box runs from ``i - size // 2`` to ``i + size // 2`` along each axis (clipped to the
tensor: zero padding), as the spec's formula writes it: ``size`` elements for an odd ``size``,
``size + 1`` for an even one. ``axes`` is a 1-D integer input of unique axes in [-r, r-1]:
[1] normalises across channels, [2, 3] within each channel of NCHW data. ``alpha``, ``beta``,
``bias`` and ``size`` are required; ``size`` must be 1 or more, ``beta`` non-negative (not NaN).
The box sum is separable: a windowed sum along one axis after another. f16 and bf16 compute in
f32 and round once.

Where the CPU plugin departs (rows in tests/cases/normalization/test_lrn.py): it takes an even
``size`` as a box of ``size - 1`` (``(size - 1) // 2`` each side); it compiles only axes [1]
and all the dims from 2 on (any order), refusing the others ([0], [2] of a 4-D tensor, [1, 2]
...) and axes fed at run time; given [1, 2, 3] of a 4-D tensor it normalises within channels
(dims 2 and 3, with alpha / size**2). Its f32 results agree within a few ulp.
"""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ...errors import ValidationError
from ..elementwise import in_f32_unary
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._norm import axes_rank, known_axes, norm_axes


def box_sum(sq: np.ndarray, axes: tuple, half: int) -> np.ndarray:
    """The sum of ``sq`` over a box reaching ``half`` steps each way along each axis (zeros
    beyond the edges): one windowed sum per axis."""
    for ax in axes:
        pad = [(0, 0)] * sq.ndim
        pad[ax] = (half, half)
        sq = sliding_window_view(np.pad(sq, pad), 2 * half + 1, axis=ax).sum(axis=-1)
    return sq


def _lrn(x: np.ndarray, axes: tuple, alpha: float, beta: float, bias: float, size: int) -> np.ndarray:
    if x.size == 0:
        return np.array(x, copy=True)
    t = x.dtype.type
    total = box_sum(np.square(x), axes, size // 2)
    return x / np.power(t(bias) + t(alpha / size ** len(axes)) * total, t(beta))


lrn = in_f32_unary(_lrn)


@register
class LRN(Op):
    type, version = "LRN", "opset1"
    builder_args = ("data", "axes", ("alpha", 1), ("beta", 0.5), ("bias", 1), ("size", 5))
    spec = "normalization/lrn-1"
    inputs = (Input("data", "float"), Input("axes", "int", role="axes", value=True))
    attrs = (Attr("alpha", "float"), Attr("beta", "float"), Attr("bias", "float"), Attr("size", "int"))

    def setup(self):
        if self.size < 1:
            raise ValidationError(f"LRN size must be 1 or more, got {self.size}")
        if not self.beta >= 0:  # also refuses NaN
            raise ValidationError(f"LRN beta must be non-negative, got {self.beta}")

    def output_facts(self, data, axes):
        axes_rank(axes, "LRN")
        known_axes(axes, data, "LRN", unique=True)
        return Fact(data.etype, data.shape)

    def compute(self, x, axes):
        ax = norm_axes(axes, x.ndim, "LRN", unique=True)
        # inf and NaN data
        return lrn(x, ax, self.alpha, self.beta, self.bias, self.size)
