"""Interpolate's pieces: the output shape, the coordinate transforms, nearest rounding, and for
each mode the taps of one axis (input positions and weights per output position), applied one
axis at a time (``np.take`` of each tap and a weighted sum).

Every mode is separable. Nearest, cubic and linear_onnx weigh each axis alone by definition;
"linear" normalises by the sum of the weights of in-range taps, and both that sum and the
weighted sum are products over the axes, so normalising each axis alone gives the same value.
Coordinates are computed in f32, as OpenVINO does (its reference and the CPU plugin)."""

from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, span

F32 = np.float32
EPS = F32(1.0e-6)  # OpenVINO adds it to a scale before flooring dim * scale

MODES = ("nearest", "linear", "linear_onnx", "cubic", "bilinear_pillow", "bicubic_pillow")
TRANSFORMS = ("half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners")
NEAREST = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple")


# ---- the output shape --------------------------------------------------------------------------


def full_pads(pads: tuple, rank: int) -> list:
    """A pads attribute as OpenVINO reads it: cut or filled with zeros to the rank."""
    return list(pads[:rank]) + [0] * max(0, rank - len(pads))


def scaled_size(n: int, scale) -> int:
    """floor(n * scale) as OpenVINO sizes it: in f32, the scale nudged up by 1e-6."""
    if F32(scale) == F32(1):
        return n
    size = F32(n) * (F32(scale) + EPS)
    if not size < 2.0**62:
        raise ValidationError(f"Interpolate's output would have a dim of {n} * {scale}: too large for any array")
    return int(size)


def scaled_dim(d: Dim, scale) -> Dim:
    return span(scaled_size(d.lo, scale), None if d.hi is None else scaled_size(d.hi, scale))


def check_axes(axes: list, rank: int, mode: str) -> None:
    if any(not 0 <= a < rank for a in axes):
        raise ValidationError(f"Interpolate's axes {axes} must be in [0, {rank - 1}] for a rank-{rank} input")
    if len(set(axes)) != len(axes):
        raise ValidationError(f"Interpolate's axes {axes} repeat an axis")
    if mode in ("bilinear_pillow", "bicubic_pillow") and len(axes) != 2:
        raise ValidationError(f"Interpolate mode {mode} resizes exactly two axes (H, W), got axes {axes}")


def check_targets(values, axes: list, what: str) -> list:
    """The sizes or scales, one per axis."""
    values = [v for v in np.asarray(values).reshape(-1).tolist()]
    if len(values) != len(axes):
        raise ValidationError(f"Interpolate's {what} has {len(values)} elements for {len(axes)} axes {axes}")
    if what == "sizes" and any(v < 0 for v in values):
        raise ValidationError(f"Interpolate's sizes {values} must not be negative")
    if what == "scales" and not all(math.isfinite(v) and v > 0 for v in values):
        raise ValidationError(f"Interpolate's scales {values} must be finite and above 0")
    return values


# ---- coordinates -------------------------------------------------------------------------------


def source_coords(transform: str, n_out: int, n_in: int, scale) -> np.ndarray:
    """Each output position's coordinate in the input (f32, as OpenVINO computes it)."""
    x = np.arange(n_out, dtype=F32)
    scale = F32(scale)
    if scale == F32(1) or n_out == n_in:
        return x
    if transform == "half_pixel":
        return (x + F32(0.5)) / scale - F32(0.5)
    if transform == "pytorch_half_pixel":
        return (x + F32(0.5)) / scale - F32(0.5) if n_out > 1 else np.zeros(n_out, F32)
    if transform == "asymmetric":
        return x / scale
    if transform == "tf_half_pixel_for_nn":
        return (x + F32(0.5)) / scale
    # align_corners
    return x * (F32(n_in - 1) / F32(n_out - 1)) if n_out > 1 else np.zeros(n_out, F32)


def _round_half_away(c: np.ndarray) -> np.ndarray:
    """std::round (halves away from zero), on f32 values (exact in f64)."""
    c = c.astype(np.float64)
    return np.sign(c) * np.floor(np.abs(c) + 0.5)


def nearest_taps(c: np.ndarray, rounding: str, downsample: bool, n_in: int) -> np.ndarray:
    c64 = c.astype(np.float64)
    if rounding == "round_prefer_floor":
        # A half goes down; anything else to the nearest.
        idx = np.where(c64 == np.trunc(c64) + 0.5, np.floor(c64), _round_half_away(c))
    elif rounding == "round_prefer_ceil":
        idx = _round_half_away(c)
    elif rounding == "floor":
        idx = np.floor(c64)
    elif rounding == "ceil":
        idx = np.ceil(c64)
    else:  # simple: ceil when downsampling, else drop the fraction
        idx = np.ceil(c64) if downsample else np.trunc(c64)
    return np.clip(idx, 0, n_in - 1).astype(np.intp)


def linear_taps(c: np.ndarray, scale, n_in: int, a) -> tuple:
    """The triangle filter ("linear"): 2r+1 taps around round(c), weights max(0, 1 - |a*(c-t)|)
    (a: the scale when antialiasing, else 1), taps outside the input weigh 0, normalised."""
    a = F32(a)
    r = 2 if F32(scale) > 1 else int(math.ceil(F32(2) / a))
    taps = _round_half_away(c).astype(np.int64)[:, None] + np.arange(-r, r + 1)
    inside = (taps >= 0) & (taps < n_in)
    w = np.maximum(F32(0), F32(1) - np.abs(a * (c[:, None] - taps.astype(F32))))
    w = np.where(inside, w, F32(0)).astype(np.float64)
    total = w.sum(axis=1, keepdims=True)
    w = np.divide(w, total, out=np.zeros_like(w), where=total != 0)
    return np.clip(taps, 0, n_in - 1), w


def onnx_taps(c: np.ndarray, n_in: int) -> tuple:
    """linear_onnx: the two inputs around c (clamped into the input), weights by distance; at an
    edge both taps are one input, each weighing 1/2."""
    c = np.clip(c, F32(0), F32(n_in - 1))
    i1 = np.minimum(c.astype(np.int64), n_in - 1)
    i2 = np.minimum(i1 + 1, n_in - 1)
    d1, d2 = np.abs(c - i1.astype(F32)), np.abs(c - i2.astype(F32))
    same = i1 == i2
    d1, d2 = np.where(same, F32(0.5), d1), np.where(same, F32(0.5), d2)
    return np.stack([i1, i2], 1), np.stack([d2, d1], 1).astype(np.float64)


def cubic_taps(c: np.ndarray, n_in: int, a) -> tuple:
    """Keys' cubic over floor(c)-1 .. floor(c)+2, taps clamped into the input (not renormalised)."""
    a = F32(a)
    base = np.floor(c)
    s = np.abs(c - base)  # f32
    s1, s2 = s + F32(1), F32(1) - s
    s3 = F32(2) - s
    w = np.stack(
        [
            ((a * s1 - 5 * a) * s1 + 8 * a) * s1 - 4 * a,
            ((a + 2) * s - (a + 3)) * s * s + 1,
            ((a + 2) * s2 - (a + 3)) * s2 * s2 + 1,
            ((a * s3 - 5 * a) * s3 + 8 * a) * s3 - 4 * a,
        ],
        1,
    ).astype(np.float64)
    taps = base.astype(np.int64)[:, None] + np.arange(-1, 3)
    return np.clip(taps, 0, n_in - 1), w


def pillow_taps(n_in: int, n_out: int, support: float, kernel) -> tuple:
    """Pillow's resampling weights (libImaging/Resample.c, as OpenVINO's reference has them):
    a filter widened by the downscale factor, centred on each output pixel's centre, taps
    rounded to the input and normalised; in f64."""
    scale = n_in / n_out
    filterscale = max(scale, 1.0)
    support = support * filterscale
    ksize = int(math.ceil(support)) * 2 + 1
    center = (np.arange(n_out) + 0.5) * scale
    xmin = np.maximum((center - support + 0.5).astype(np.int64), 0)
    xmax = np.minimum((center + support + 0.5).astype(np.int64), n_in) - xmin
    taps = xmin[:, None] + np.arange(ksize)
    w = kernel((taps - center[:, None] + 0.5) / filterscale)
    w = np.where(np.arange(ksize) < xmax[:, None], w, 0.0)
    total = w.sum(axis=1, keepdims=True)
    w = np.divide(w, total, out=w.copy(), where=total != 0)
    return np.clip(taps, 0, n_in - 1), w


def bilinear_kernel(x):
    x = np.abs(x)
    return np.where(x < 1, 1 - x, 0.0)


def bicubic_kernel(a: float):
    def kernel(x):
        x = np.abs(x)
        near = ((a + 2) * x - (a + 3)) * x * x + 1
        far = (((x - 5) * x + 8) * x - 4) * a
        return np.where(x < 1, near, np.where(x < 2, far, 0.0))

    return kernel


# ---- applying taps -----------------------------------------------------------------------------


def is_identity(taps: np.ndarray, n: int) -> bool:
    return len(taps) == n and bool(np.all(taps == np.arange(n)))


def pruned(taps: np.ndarray, w: np.ndarray) -> tuple:
    """The taps of non-zero weight only: out of each row first, then out of the table (the
    triangle filter has 2r+1 taps for at most 2 weights)."""
    order = np.argsort(w == 0, axis=1, kind="stable")
    taps, w = np.take_along_axis(taps, order, 1), np.take_along_axis(w, order, 1)
    keep = max(1, int((w != 0).sum(axis=1).max(initial=0)))
    return taps[:, :keep], w[:, :keep]


def apply_taps(x: np.ndarray, axis: int, taps: np.ndarray, w: np.ndarray) -> np.ndarray:
    """sum_k x[..., taps[:, k], ...] * w[:, k] along ``axis`` (a loop over the few taps), for
    taps and weights as ``pruned`` leaves them."""
    shape = [1] * x.ndim
    shape[axis] = -1
    w = w.astype(x.dtype, copy=False)
    out = None
    for k in range(taps.shape[1]):
        wk = w[:, k]
        if not wk.any():
            continue
        part = np.take(x, taps[:, k], axis=axis)
        part *= wk.reshape(shape)
        out = part if out is None else np.add(out, part, out=out)
    if out is None:
        shape = list(x.shape)
        shape[axis] = taps.shape[0]
        out = np.zeros(shape, x.dtype)
    return out
