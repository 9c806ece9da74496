"""ReduceMean-1: the mean over ``axes`` (see ``_reduce`` for the axes, ``keep_dims`` and
f16/bf16). An integer mean is the wrapped sum divided by the count, truncated toward zero (C
division), as the CPU plugin computes it. The mean over an axis of no elements is NaN (0 / 0);
the CPU plugin gives 0 there.

The plugin also saturates i8/u8 sums, sums i32 in f32 (rounding past 2^24) and keeps only the low 32
bits of i64. It compiles no Reduce whose output rank it cannot tell (axes fed at run time) without
keep_dims, and refuses empty axes without keep_dims; irexec runs both."""

import math

import numpy as np

from ..registry import register
from ._reduce import Reduce


def int_mean(x: np.ndarray, axes: tuple, keepdims: bool) -> np.ndarray:
    total = np.sum(x, axis=axes, keepdims=keepdims, dtype=x.dtype)
    n = math.prod(x.shape[a] for a in axes)
    if n == 0:
        return total
    q = np.floor_divide(total, n)
    if x.dtype.kind == "i":
        q = q + ((np.remainder(total, n) != 0) & (total < 0)).astype(q.dtype)  # toward zero
    return q.astype(x.dtype)


@register
class ReduceMean(Reduce):
    type, version = "ReduceMean", "opset1"
    spec = "reduction/reduce-mean-1"

    @staticmethod
    def reduce(x, axes, keepdims):
        if x.dtype.kind in "iu":
            return int_mean(x, axes, keepdims)
        # (np.mean is this sum over the count, but warns about an axis of no elements.)
        n = math.prod(x.shape[a] for a in axes)
        return np.add.reduce(x, axis=axes, keepdims=keepdims, dtype=x.dtype) / x.dtype.type(n)
