"""MatMul-1: the matrix product of the last two dims, batch dims broadcast as NumPy does.

A 1-D ``a`` is a row [1, K] and a 1-D ``b`` a column [K, 1] for the product, and those unit dims
are dropped from the result. ``transpose_a``/``transpose_b`` swap the last two dims of a
rank >= 2 input first (a 1-D input is not transposed). f16/bf16 compute in f32 and round once;
integers wrap."""

import numpy as np

from ...errors import ValidationError
from ...shapes import broadcast_numpy, fixed, fmt
from ..elementwise import in_f32
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register


@register
class MatMul(Op):
    type, version = "MatMul", "opset1"
    builder_name = "matmul"
    builder_args = ("data_a=a", "data_b=b", ("transpose_a", REQUIRED), ("transpose_b", REQUIRED))
    spec = "matrix/matmul-1"
    inputs = (Input("a", "numeric"), Input("b", "numeric", same_as="a"))
    attrs = (Attr("transpose_a", "bool", False), Attr("transpose_b", "bool", False))

    def output_facts(self, a, b):
        if a.shape is None or b.shape is None:
            return Fact(a.etype, None)
        if not a.shape or not b.shape:
            raise ValidationError(f"MatMul inputs must have rank 1 or more, got {fmt(a.shape)} and {fmt(b.shape)}")
        sa = _matrix(a.shape, self.transpose_a, row=True)
        sb = _matrix(b.shape, self.transpose_b, row=False)
        if not sa[-1].compatible(sb[-2]):
            raise ValidationError(
                f"MatMul's inner dims differ: {fmt(a.shape)} and {fmt(b.shape)} "
                f"(transpose_a={self.transpose_a}, transpose_b={self.transpose_b})",
                port=1,
            )
        batch = broadcast_numpy(sa[:-2], sb[:-2])
        out = batch + (sa[-2],) * (len(a.shape) > 1) + (sb[-1],) * (len(b.shape) > 1)
        return Fact(a.etype, out)

    def compute(self, a, b):
        a = np.swapaxes(a, -1, -2) if self.transpose_a and a.ndim > 1 else a
        b = np.swapaxes(b, -1, -2) if self.transpose_b and b.ndim > 1 else b
        return in_f32(np.matmul)(a, b)


def _matrix(shape, transpose: bool, row: bool) -> tuple:
    """The shape as the product sees it: a 1-D input as [1, K] (a) or [K, 1] (b)."""
    if len(shape) == 1:
        return (fixed(1),) + shape if row else shape + (fixed(1),)
    return shape[:-2] + (shape[-1], shape[-2]) if transpose else shape
