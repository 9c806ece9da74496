"""What the CTC greedy decoders share: the best class of each time step, and the collapse of a
best path into its decoded classes."""

from __future__ import annotations

import numpy as np


def best_classes(x: np.ndarray) -> np.ndarray:
    """The index of the largest class along the last axis, the first on a tie. As the CPU plugin
    scans (``>`` from class 0): a NaN is never larger, and a NaN at class 0 keeps class 0."""
    v = x.astype(np.float32) if x.dtype.kind != "f" or x.dtype.itemsize < 4 else x
    nan = np.isnan(v)
    best = np.argmax(np.where(nan, -np.inf, v), axis=-1)
    return np.where(nan[..., 0], 0, best) if v.shape[-1] else best


def collapse(classes: np.ndarray, lengths: np.ndarray, blank, merge: bool) -> tuple:
    """Best paths ``classes`` [N, T] (the first ``lengths[n]`` steps of row n counted) to their
    decoded classes, left-aligned and padded with -1 (int64 [N, T]), and how many each row has.
    A step is emitted unless it is the blank, or (``merge``) the class of the step before it
    (the blank included: a, blank, a gives a, a)."""
    n, t = classes.shape
    steps = np.arange(t)
    counted = steps[None, :] < np.asarray(lengths).reshape(-1, 1)
    previous = np.concatenate([np.full((n, 1), -1, classes.dtype), classes[:, :-1]], axis=1)
    keep = counted & (classes != blank)
    if merge:
        keep &= classes != previous
    at = np.cumsum(keep, axis=1) - 1
    out = np.full((n, t), -1, np.int64)
    rows, cols = np.nonzero(keep)
    out[rows, at[rows, cols]] = classes[rows, cols]
    return out, keep.sum(axis=1)
