"""Inputs the GRU and RNN tables share: small weights (multiples of 1/16 in [-1, 1), so the
gates do not all saturate) and integer sequence lengths."""

import numpy as np

from cases.rows import T

_RNG = np.random.default_rng(7)


def small(et, shape, const=False):
    vals = (_RNG.integers(-16, 16, shape) / 16).astype(np.float32)
    return T(et, shape, vals, const=const)


def seq(et, n, t, i, hs, gates, dirs=1, lens=None, bias_rows=None, const_w=False, lens_et="i32"):
    """X, H, sequence_lengths, W, R, B of a sequence op."""
    lens = [t] * n if lens is None else lens
    return (
        small(et, (n, t, i)),
        small(et, (n, dirs, hs)),
        T(lens_et, (n,), lens, const=const_w),
        small(et, (dirs, gates * hs, i), const_w),
        small(et, (dirs, gates * hs, hs), const_w),
        small(et, (dirs, (bias_rows or gates) * hs), const_w),
    )


def cell(et, n, i, hs, gates, bias_rows=None, bias=True, const_w=False):
    """X, H, W, R (and B) of a cell op."""
    ins = (
        small(et, (n, i)),
        small(et, (n, hs)),
        small(et, (gates * hs, i), const_w),
        small(et, (gates * hs, hs), const_w),
    )
    return ins + ((small(et, ((bias_rows or gates) * hs,), const_w),) if bias else ())
