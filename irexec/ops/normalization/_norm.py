"""What the normalization ops share: reading an axes input or attribute, checking an epsilon,
the channel dim that per-channel inputs must match, and the two-pass moments.

The variance is the mean of squared deviations from the mean, computed in two passes (the mean,
then the squares of ``x - mean``): one pass (``E[x^2] - E[x]^2``) cancels catastrophically when
the mean is large beside the spread. f16 and bf16 compute in f32 and round once (``in_f32_unary``).
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, intersect, normalize_axis
from ..common import int_vector


def check_eps(value: float, name: str, what: str) -> None:
    """Refuse an epsilon the specs forbid: a negative one, or NaN (O003, from ``setup``)."""
    if math.isnan(value) or value < 0:
        raise ValidationError(f"{what} {name} must be a non-negative number, got {value}")


def axes_rank(fact, what: str, scalar_ok: bool = False) -> None:
    """An axes input must be 1-D (or a scalar, where ``scalar_ok``)."""
    if fact.shape is not None and not (len(fact.shape) == 1 or (scalar_ok and len(fact.shape) == 0)):
        want = "a scalar or 1-D" if scalar_ok else "1-D"
        raise ValidationError(f"{what} axes must be {want}, got shape {fmt(fact.shape)}", port=1)


def norm_axes(values, rank: int, what: str, unique: bool) -> tuple:
    """The axes ``values`` (an array or a sequence) for data of ``rank``: each in [-rank, rank-1]
    (S006), normalised and sorted. ``unique``: the spec asks for unique axes, so an axis named
    twice (also as -1 and rank-1) is refused; otherwise it counts once."""
    axes = [normalize_axis(a, rank, f"{what} axis") for a in int_vector(np.asarray(values).reshape(-1), f"{what} axes")]
    if unique and len(set(axes)) != len(axes):
        raise ValidationError(f"{what} axes {list(np.asarray(values).reshape(-1))} name an axis twice", port=1)
    return tuple(sorted(set(axes)))


def known_axes(fact, data, what: str, unique: bool):
    """The normalised axes when both the axes' value and the data's rank are known, else None."""
    if fact.value is None or data.shape is None:
        return None
    return norm_axes(fact.value, len(data.shape), what, unique)


def channel_shape(data_shape, vectors: list, names: list, what: str):
    """``data_shape`` (rank >= 2) with its channel dim (dim 1) merged with the length of each
    per-channel input in ``vectors`` (Facts, which must be 1-D); ``names``: their names, ports
    in order. Refuses a vector not 1-D or of another length."""
    if data_shape is not None and len(data_shape) < 2:
        raise ValidationError(f"{what} data must have rank 2 or more, got {fmt(data_shape)}")
    channels = data_shape[1] if data_shape is not None else None
    for (port, fact), name in zip(vectors, names):
        if fact.shape is None:
            continue
        if len(fact.shape) != 1:
            raise ValidationError(f"{what} {name} must be 1-D, got shape {fmt(fact.shape)}", port=port)
        merged = fact.shape[0] if channels is None else intersect(channels, fact.shape[0])
        if merged is None:
            theirs = f"the data's channels ({channels})" if data_shape is not None else "the others"
            raise ValidationError(f"{what} {name} has {fact.shape[0]} values, {theirs} differ", port=port)
        channels = merged
    if data_shape is None:
        return None
    return data_shape[:1] + (channels,) + data_shape[2:]


def moments(x: np.ndarray, axes: tuple):
    """``x - mean`` and the variance over ``axes`` (kept as dims of 1), in two passes."""
    # (np.mean's own sum over the count, without its per-call checks: the same values.)
    n = x.dtype.type(math.prod(x.shape[a] for a in axes))
    centred = x - np.add.reduce(x, axis=axes, keepdims=True) / n
    return centred, np.add.reduce(np.square(centred), axis=axes, keepdims=True) / n


def per_channel(v: np.ndarray, rank: int) -> np.ndarray:
    """A [C] vector shaped to broadcast along dim 1 of a tensor of ``rank``."""
    return v.reshape((1, -1) + (1,) * (rank - 2))
