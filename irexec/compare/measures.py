"""What ``irexec.compare`` measures of a tensor pair besides numpy.isclose's verdict: whether the
two are exactly equal, the largest irexec value (for a difference relative to the tensor's scale),
the mean relative error, and histograms of the values and of the errors."""

from __future__ import annotations

import numpy as np

TINY = float(np.finfo(np.float64).tiny)  # the smallest scale a difference is measured against
BINS = 24  # histogram bins
_CHUNK = 1 << 18  # elements at a time: the float64 temporaries stay a few MiB


def pair_measures(mine: np.ndarray, theirs: np.ndarray, atol: float) -> tuple:
    """(equal, peak, mean_rel) of two arrays of one shape (irexec's ``mine``, the device's
    ``theirs``), both as ``storable`` gives them.

    ``equal``: every element has the same value on both sides (NaN where NaN, the same infinity;
    +0 and -0 count as equal: "max abs err 0 and the same NaNs"). ``peak``: the largest finite
    |irexec value| (0 when there is none). ``mean_rel``: the mean over the elements of
    |device - irexec| / max(|irexec|, atol), in float64, an element whose two values are equal
    (equal NaNs and infinities too) counting 0; NaN when a NaN meets a number, inf when an
    infinity meets another value or a difference meets max(|irexec|, atol) = 0 (atol 0 and an
    irexec 0); 0 for an empty tensor."""
    g, w = np.ascontiguousarray(theirs).reshape(-1), np.ascontiguousarray(mine).reshape(-1)
    if g.dtype.kind not in "biuf" or w.dtype.kind not in "biuf":
        same = bool(np.array_equal(g, w))
        return same, 0.0, 0.0 if same else float("nan")
    exact = g.dtype.kind in "biu" and w.dtype.kind in "biu"  # (i64 past 2^53: not in float64)
    equal, peak, total = True, 0.0, 0.0
    for a in range(0, g.size, _CHUNK):
        gs, ws = g[a : a + _CHUNK], w[a : a + _CHUNK]
        gf, wf = gs.astype(np.float64), ws.astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            same = np.equal(gs, ws) if exact else (gf == wf) | (np.isnan(gf) & np.isnan(wf))
            equal = equal and bool(same.all())
            finite = np.abs(wf[np.isfinite(wf)])
            if finite.size:
                peak = max(peak, float(finite.max()))
            rel = np.abs(gf - wf) / np.maximum(np.abs(wf), atol)
            rel[same] = 0.0
            total += float(rel.sum())
    return equal, peak, total / g.size if g.size else 0.0


def peak_rel(max_abs: float, peak: float) -> float:
    """A tensor's difference relative to its scale: max |device - irexec| / max(max |irexec|, TINY)
    (NaN counts as infinite: a NaN against a number is the largest difference there is)."""
    if np.isnan(max_abs):
        return float("inf")
    return float(max_abs) / max(peak, TINY)


def histograms(mine: np.ndarray, theirs: np.ndarray) -> dict:
    """BINS-bin histograms of irexec's finite values and the device's (one set of edges for both,
    over the range of both) and of device - irexec where both are finite: each as
    {"edges": [BINS + 1 floats], "counts": [BINS ints]}."""
    w = np.asarray(mine).reshape(-1).astype(np.float64)
    g = np.asarray(theirs).reshape(-1).astype(np.float64)
    fw, fg = w[np.isfinite(w)], g[np.isfinite(g)]
    edges = _edges(np.concatenate([fw, fg]))
    with np.errstate(invalid="ignore", over="ignore"):
        err = (g - w)[np.isfinite(w) & np.isfinite(g)]
    err = err[np.isfinite(err)]  # (a difference of two huge finite values can overflow)
    return {
        "irexec": _hist(fw, edges),
        "device": _hist(fg, edges),
        "error": _hist(err, _edges(err)),
    }


def _edges(values: np.ndarray) -> np.ndarray:
    """BINS bins over the values' range; a bin of width 1/BINS around a single value (or 0)."""
    lo, hi = (float(values.min()), float(values.max())) if values.size else (0.0, 0.0)
    return np.linspace(lo, hi, BINS + 1) if hi > lo else np.linspace(lo - 0.5, lo + 0.5, BINS + 1)


def _hist(values: np.ndarray, edges: np.ndarray) -> dict:
    counts, edges = np.histogram(values, bins=edges)
    return {"edges": [float(e) for e in edges], "counts": [int(c) for c in counts]}
