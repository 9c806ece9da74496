"""What DFT, IDFT, RDFT and IRDFT share: their inputs, reading ``axes`` and ``signal_size``, the
one shape rule, and fitting a signal to its sizes (cut at the end, or zero-padded there).

A complex tensor travels as a real one with a last dim of 2 (real part, imaginary part). The
transforms compute in f64 (complex128) and round once to the data's type, so f16 and bf16 are
rounded once from a value at least as accurate as the plugin's f32.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, is_static, span, to_ints
from ..common import int_vector, require_array_shape
from ..op import Fact, Input

# DFT, IDFT and IRDFT take complex data ([..., 2]); RDFT takes real data.
COMPLEX, REAL = "complex", "real"

INPUTS = (
    Input("data", "float"),
    Input("axes", "i32|i64", role="axes", value=True),
    Input("signal_size", "i32|i64", role="sizes", value=True, optional=True),
)


def _one_d(fact: Fact, op: str, what: str, port: int):
    """The length of a 1-D input when its shape says (None if unknown); refuses another rank."""
    if fact is None or fact.shape is None:
        return None
    if len(fact.shape) != 1:
        raise ValidationError(f"{op}'s {what} must be a 1-D tensor, got shape {fmt(fact.shape)}", port=port)
    d = fact.shape[0]
    return d.lo if d.is_static else None


def signal_rank(op: str, shape: tuple, kind: str) -> int:
    """How many dims the signal has (the data's rank, less the complex dim); refuses data that
    cannot hold one."""
    if kind == REAL:
        if len(shape) < 1:
            raise ValidationError(f"{op}'s data must have rank 1 or more, got a scalar")
        return len(shape)
    if len(shape) < 2:
        raise ValidationError(
            f"{op}'s data must have rank 2 or more (the last dim holds the real and imaginary "
            f"parts), got shape {fmt(shape)}"
        )
    if not shape[-1].compatible(fixed(2)):
        raise ValidationError(
            f"{op}'s data must have a last dim of 2 (real and imaginary parts), got shape {fmt(shape)}"
        )
    return len(shape) - 1


def normalized_axes(op: str, values, rank: int) -> list:
    """The axes as dims of a signal of ``rank`` dims: each in [-rank, rank - 1], none twice."""
    out = []
    for a in int_vector(np.reshape(values, -1), f"{op}'s axes"):
        if not -rank <= a < rank:
            raise ValidationError(
                f"{op}'s axis {a} is out of range [{-rank}, {rank - 1}] for a signal of rank {rank}",
                port=1,
                code="S006",
            )
        a = a + rank if a < 0 else a
        if a in out:
            raise ValidationError(f"{op}'s axes list axis {a} twice", port=1)
        out.append(a)
    if not out:
        raise ValidationError(f"{op}'s axes must not be empty", port=1)
    return out


def signal_sizes(op: str, values, n: int) -> list:
    """The signal_size entries (one per axis): -1 (the axis' own size) or a size."""
    sizes = int_vector(np.reshape(values, -1), f"{op}'s signal_size")
    if len(sizes) != n:
        raise ValidationError(f"{op}'s signal_size must have one entry per axis ({n}), got {len(sizes)}", port=2)
    bad = [s for s in sizes if s < -1]
    if bad:
        raise ValidationError(f"{op}'s signal_size must be -1 or a size (0 or more), got {bad[0]}", port=2)
    return sizes


def half(d):
    """The dim of S // 2 + 1 for S in ``d`` (RDFT's last axis)."""
    return span(d.lo // 2 + 1, None if d.hi is None else d.hi // 2 + 1)


def doubled(op: str, d, axis: int):
    """The dim of 2 * (M - 1) for M in ``d`` (IRDFT's last axis left to its default)."""
    if d.hi == 0:
        raise ValidationError(
            f"{op}'s last axis {axis} holds no coefficient (size 0): its default signal size 2 * (0 - 1) is negative"
        )
    return span(max(0, 2 * (d.lo - 1)), None if d.hi is None else 2 * (d.hi - 1))


def fft_facts(op: str, kind: str, inverse_real: bool, data: Fact, axes: Fact, sizes) -> Fact:
    """The one shape rule of the four transforms. ``kind``: the data is COMPLEX or REAL;
    ``inverse_real``: IRDFT (complex data, real output, the last axis from its coefficients)."""
    n_axes = _one_d(axes, op, "axes", 1)
    n_sizes = _one_d(sizes, op, "signal_size", 2)
    if n_axes == 0:
        raise ValidationError(f"{op}'s axes must not be empty", port=1)
    if n_axes is not None and n_sizes is not None and n_axes != n_sizes:
        raise ValidationError(
            f"{op}'s signal_size must have one entry per axis, got shape {fmt(sizes.shape)} for "
            f"axes of shape {fmt(axes.shape)}",
            port=2,
        )
    if data.shape is None:
        return Fact(data.etype, None)
    rank = signal_rank(op, data.shape, kind)
    if n_axes is not None and n_axes > rank:
        raise ValidationError(f"{op} has {n_axes} axes for a signal of rank {rank} (data {fmt(data.shape)})", port=1)
    signal = list(data.shape[:rank])
    # RDFT adds the complex dim, IRDFT drops it, DFT and IDFT keep it.
    tail = [] if inverse_real else [fixed(2)]
    ax = None if axes.value is None else normalized_axes(op, axes.value, rank)
    known = None
    if sizes is not None and sizes.value is not None:
        known = signal_sizes(op, sizes.value, len(ax) if ax is not None else np.size(sizes.value))
    if ax is None:
        if sizes is not None or kind == REAL or inverse_real:
            signal = [DYN] * rank
        return _fact(data, signal + tail)
    if sizes is not None:
        for i, a in enumerate(ax):
            if known is None:
                signal[a] = DYN
            elif known[i] != -1:
                signal[a] = fixed(known[i])
    last = ax[-1]
    if kind == REAL:
        signal[last] = half(signal[last])
    elif inverse_real and (sizes is None or (known is not None and known[-1] == -1)):
        signal[last] = doubled(op, data.shape[last], last)
    return _fact(data, signal + tail)


def _fact(data: Fact, shape: list) -> Fact:
    shape = tuple(shape)
    if is_static(shape):
        require_array_shape(to_ints(shape), data.etype.dtype.itemsize if data.etype is not None else 4)
    return Fact(data.etype, shape)


# ---- compute -------------------------------------------------------------------------------------


def read(op: str, kind: str, data: np.ndarray, axes, sizes):
    """The signal (complex128 or float64), its normalised axes and the size of each."""
    if kind == REAL:
        x = np.asarray(data, np.float64)
    else:
        # One pass: the [..., 2] pairs in f64 read as complex128 (the same parts, bit for bit).
        x = np.ascontiguousarray(data, np.float64).view(np.complex128)[..., 0]
    ax = normalized_axes(op, axes, x.ndim)
    given = [-1] * len(ax) if sizes is None else signal_sizes(op, sizes, len(ax))
    return x, ax, given


def fit(x: np.ndarray, axes: list, sizes: list) -> np.ndarray:
    """``x`` cut to ``sizes`` along ``axes`` (the slice 0:size) or zero-padded at the end."""
    cut = [slice(None)] * x.ndim
    pad = [(0, 0)] * x.ndim
    for a, s in zip(axes, sizes):
        if s < x.shape[a]:
            cut[a] = slice(0, s)
        else:
            pad[a] = (0, s - x.shape[a])
    x = x[tuple(cut)]
    return np.pad(x, pad) if any(p[1] for p in pad) else x


def as_pairs(y: np.ndarray, dtype) -> np.ndarray:
    """A complex result as the real tensor [..., 2] of the data's type, rounded once."""
    y = np.ascontiguousarray(y, np.complex128)
    return y.view(np.float64).reshape(y.shape + (2,)).astype(dtype)
