"""Inverse-14: the inverse of each square matrix in the last two dims of ``[B1, ..., Bn, N, N]``
(batch dims: any number, 0 too): ``A @ inv(A) = inv(A) @ A = I``; with ``adjoint`` its transpose,
``adj(A) = inv(A)^T`` (the spec's definition: the conjugate transpose of the inverse, not the
adjugate). The spec computes by LU decomposition with partial pivoting in f32; irexec uses
LAPACK's (the same method), in f32 for f16/bf16, rounded once.

A singular matrix (exactly, as LU with partial pivoting finds a zero pivot) has no inverse: the
spec lets the operation raise an exception or return an undefined result; irexec refuses it at
run time, where the CPU plugin gives infinities or NaN. The plugin's f32 results differ from
LAPACK's by a few ulp of the largest entry (4 comes out as 3.9999986).
"""

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, intersect
from ..elementwise import in_f32_unary
from ..op import Attr, Fact, Input, Op
from ..registry import register


def _inverse(x: np.ndarray, adjoint: bool) -> np.ndarray:
    try:
        inv = np.linalg.inv(x)
    except np.linalg.LinAlgError:
        raise ValidationError("Inverse: a matrix is singular (it has no inverse)") from None
    return np.swapaxes(inv, -1, -2) if adjoint else inv


inverse = in_f32_unary(_inverse)


@register
class Inverse(Op):
    type, version = "Inverse", "opset14"
    builder_args = ("data=input", "adjoint")
    spec = "matrix/inverse-14"
    inputs = (Input("input", "float"),)
    attrs = (Attr("adjoint", "bool", False),)

    def output_facts(self, x):
        if x.shape is None:
            return Fact(x.etype, None)
        if len(x.shape) < 2:
            raise ValidationError(f"Inverse input must have rank 2 or more, got {fmt(x.shape)}")
        n = intersect(x.shape[-2], x.shape[-1])
        if n is None:
            raise ValidationError(f"Inverse needs square matrices, got {fmt(x.shape)}")
        return Fact(x.etype, x.shape[:-2] + (n, n))

    def compute(self, x):
        return np.ascontiguousarray(inverse(x, self.adjoint))
