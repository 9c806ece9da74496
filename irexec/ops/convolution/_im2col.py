"""The convolutions' kernels: one batched BLAS matmul over an im2col matrix (a reused scratch per
thread), the forward and transposed correlations, and the pads each computes with."""

from __future__ import annotations

import functools
import itertools
import math
import threading
from typing import NamedTuple

import numpy as np

from ..elementwise import HALF


def accumulator(dtype: np.dtype) -> np.dtype:
    """The type a convolution of ``dtype`` sums in: f32 for 16-bit floats, 64-bit integers."""
    if dtype in HALF:
        return np.dtype(np.float32)
    if dtype.kind == "i":
        return np.dtype(np.int64)
    if dtype.kind == "u":
        return np.dtype(np.uint64)
    return dtype


def forward_pads(sizes, kernel, strides, dilations, pads_begin, pads_end, auto_pad) -> tuple:
    """The pads a forward convolution applies: the attributes (explicit), none (valid), or what
    keeps ceil(size / stride) outputs (same_*: the odd one at the end for same_upper)."""
    if auto_pad == "explicit":
        return tuple(pads_begin), tuple(pads_end)
    if auto_pad == "valid":
        return (0,) * len(sizes), (0,) * len(sizes)
    pb, pe = [], []
    for x, k, s, d in zip(sizes, kernel, strides, dilations):
        total = max((-(-x // s) - 1) * s + (k - 1) * d + 1 - x, 0)
        small, large = total // 2, total - total // 2
        pb.append(small if auto_pad == "same_upper" else large)
        pe.append(large if auto_pad == "same_upper" else small)
    return tuple(pb), tuple(pe)


_SCRATCH = threading.local()
SCRATCH_BYTES = 64 << 20  # the largest im2col matrix kept for the next layer (per thread)


def _scratch(shape: tuple, dtype) -> np.ndarray:
    """An uninitialised array for an im2col matrix, which never leaves ``correlate``: the same
    memory each time (a fresh one of a few hundred KB costs more in page faults than the copy
    into it takes), unless it is larger than SCRATCH_BYTES."""
    nbytes = math.prod(shape) * np.dtype(dtype).itemsize
    if nbytes > SCRATCH_BYTES:
        return np.empty(shape, dtype)
    buf = getattr(_SCRATCH, "buf", None)
    if buf is None or buf.nbytes < nbytes:
        buf = _SCRATCH.buf = np.empty(max(nbytes, 1 << 20), np.uint8)
    return buf[:nbytes].view(dtype).reshape(shape)


class _Geometry(NamedTuple):
    """What ``correlate`` works out from shapes alone, once per layer shape."""

    buffer: int  # elements of the buffer the padded data are copied into (0: none, use the data)
    padded: tuple  # the padded data's shape [N, G*Ci, *S'] at the buffer's start
    interior: tuple  # where the data sit in it
    window: tuple  # the im2col view's shape (None: a 1x1 kernel, the data are the columns)
    steps: tuple  # its strides, in elements of the buffer
    cols: tuple  # the im2col matrix [N, G, Ci*K, P]
    filters: tuple  # the filters as [G, Co, Ci*K]
    out: tuple  # the product's shape, [N, G*Co, ...]
    crop: tuple  # the output's part of it (None: all of it)


@functools.lru_cache(maxsize=512)
def _geometry(xshape, wshape, strides, dilations, pads_begin, pads_end) -> _Geometry:
    g, co, ci, kernel = wshape[0], wshape[1], wshape[2], wshape[3:]
    batch, sizes = xshape[0], tuple(n + b + e for n, b, e in zip(xshape[2:], pads_begin, pads_end))
    pad = any(pads_begin) or any(pads_end)
    extents = [(k - 1) * d + 1 for k, d in zip(kernel, dilations)]
    outs = tuple((p - e) // s + 1 for p, e, s in zip(sizes, extents, strides))
    taps, positions = math.prod(kernel), math.prod(outs)
    grouped = (batch, g, ci) + sizes
    padded = xshape[:2] + sizes
    interior = (slice(None),) * 2 + tuple(slice(b, b + n) for b, n in zip(pads_begin, xshape[2:]))
    st = [math.prod(grouped[i + 1 :]) for i in range(len(grouped))]  # C-contiguous, in elements
    filters = (g, co, ci * taps)
    if taps == 1 and all(s == 1 for s in strides):  # 1x1: the (padded) data are the columns
        return _Geometry(
            math.prod(padded) if pad else 0,
            padded,
            interior,
            None,
            (),
            (batch, g, ci, positions),
            filters,
            (batch, g * co) + outs,
            None,
        )
    if len(sizes) > 1 and all(s == 1 for s in strides[1:]):
        # Whole rows: an output row y0 reads, for each tap, one contiguous run of the padded data
        # (all of its inner dims), so the im2col copy moves long runs instead of runs of the
        # output's width. The product then has columns for the padded inner positions too; they
        # are cropped off. The last rows of the last channel read past the data into a zero tail.
        row = st[3]
        tail = sum((k - 1) * d * a for k, d, a in zip(kernel[1:], dilations[1:], st[4:]))
        window = grouped[:3] + tuple(kernel) + (outs[0], row)
        steps = tuple(st[:3]) + tuple(a * d for a, d in zip(st[3:], dilations)) + (st[3] * strides[0], 1)
        return _Geometry(
            math.prod(padded) + tail,
            padded,
            interior,
            window,
            steps,
            (batch, g, ci * taps, outs[0] * row),
            filters,
            (batch, g * co, outs[0]) + sizes[1:],
            (slice(None),) * 3 + tuple(slice(0, o) for o in outs[1:]),
        )
    steps = (
        tuple(st[:3]) + tuple(a * d for a, d in zip(st[3:], dilations)) + tuple(a * s for a, s in zip(st[3:], strides))
    )
    return _Geometry(
        math.prod(padded) if pad else 0,
        padded,
        interior,
        grouped[:3] + tuple(kernel) + outs,
        steps,
        (batch, g, ci * taps, positions),
        filters,
        (batch, g * co) + outs,
        None,
    )


def correlate(x: np.ndarray, w: np.ndarray, strides, dilations, pads_begin, pads_end) -> np.ndarray:
    """Grouped forward convolution: ``x [N, G*Ci, *S]``, ``w [G, Co, Ci, *K]`` -> ``[N, G*Co, *O]``.

    im2col: a strided view [N, G, Ci, *K, *O] of the padded data (tap k of output y reads
    position y*s + k*d), copied once to [N, G, Ci*K, P], then one batched matmul with the filters
    (with unit strides past the first spatial axis, whole padded rows: see ``_geometry``).
    Depthwise layers (Ci = 1) take this path too: G small matmuls in one call beat a sum over taps
    of whole-array products three to four times. The shapes are worked out once per layer shape
    (small layers spend more on that arithmetic than on their matmul)."""
    geo = _geometry(x.shape, w.shape, tuple(strides), tuple(dilations), tuple(pads_begin), tuple(pads_end))
    if geo.buffer:
        # (Not np.pad: its generality costs ~20 us a call, more than a small layer's convolution.)
        flat = np.zeros(geo.buffer, x.dtype)
        flat[: math.prod(geo.padded)].reshape(geo.padded)[geo.interior] = x
    else:
        flat = np.ascontiguousarray(x).reshape(-1)
    if geo.window is None:
        cols = flat[: math.prod(geo.padded)].reshape(geo.cols)  # 1x1: the data are the columns
    else:
        size = flat.dtype.itemsize
        windows = np.ndarray(geo.window, flat.dtype, flat, 0, tuple(a * size for a in geo.steps))
        cols = _scratch(geo.window, flat.dtype)
        np.copyto(cols, windows)
        cols = cols.reshape(geo.cols)
    out = np.matmul(w.reshape(geo.filters), cols).reshape(geo.out)
    return out if geo.crop is None else out[geo.crop]


def backprop_pads(
    sizes, kernel, strides, dilations, pads_begin, pads_end, output_padding, auto_pad, out_sizes=None
) -> tuple:
    """The pads_begin of a backprop convolution and its output's spatial sizes. Without
    output_shape: the attributes (explicit) or none. With it (``out_sizes``), the spec computes
    total = s*(x-1) + dilated k - out + output_padding, and pads_begin = total // 2, or total -
    total // 2 for same_upper (its pads_begin and pads_end attributes ignored). A negative total
    (an output larger than the full result) counts as 0, as OpenVINO's shape inference takes it:
    the output starts where the full result does, the positions past its end zeros."""
    full = [(x - 1) * s + (k - 1) * d + 1 for x, k, s, d in zip(sizes, kernel, strides, dilations)]
    if out_sizes is None:
        explicit = auto_pad == "explicit"
        pb = tuple(p * explicit for p in pads_begin)
        outs = [f + op - b - e * explicit for f, op, b, e in zip(full, output_padding, pb, pads_end)]
        return pb, tuple(outs)
    pb = []
    for f, op, o in zip(full, output_padding, out_sizes):
        total = max(f - o + op, 0)
        pb.append(total - total // 2 if auto_pad == "same_upper" else total // 2)
    return tuple(pb), tuple(out_sizes)


def transposed(x: np.ndarray, w: np.ndarray, strides, dilations, pads_begin, out_sizes) -> np.ndarray:
    """Grouped backprop data: ``x [N, G*Ci, *I]``, ``w [G, Ci, Co, *K]`` -> ``[N, G*Co, *O]``,
    the full transposed output ``full[i*s + k*d] += x[i] w[k]`` read from ``pads_begin`` on
    (positions it does not cover, past its end or before its start, are zeros)."""
    g, ci, co, kernel = w.shape[0], w.shape[1], w.shape[2], w.shape[3:]
    batch, sizes = x.shape[0], x.shape[2:]
    # One matmul: [G, Co*K, Ci] @ [N, G, Ci, P] -> per-tap columns [N, G, Co, *K, *I].
    taps = co * math.prod(kernel)
    wt = np.swapaxes(w.reshape(g, ci, taps), 1, 2)
    cols = np.matmul(wt, x.reshape(batch, g, ci, math.prod(sizes)))
    cols = cols.reshape((batch, g, co) + tuple(kernel) + tuple(sizes))
    full = [(i - 1) * s + (k - 1) * d + 1 for i, k, s, d in zip(sizes, kernel, strides, dilations)]
    lo = [min(0, p) for p in pads_begin]
    hi = [max(f, p + o) for f, p, o in zip(full, pads_begin, out_sizes)]
    buf = np.zeros((batch, g, co) + tuple(h - low for h, low in zip(hi, lo)), cols.dtype)
    for tap in itertools.product(*(range(k) for k in kernel)):
        key = tuple(
            slice(t * d - low, t * d - low + (i - 1) * s + 1, s)
            for t, d, low, i, s in zip(tap, dilations, lo, sizes, strides)
        )
        buf[(slice(None),) * 3 + key] += cols[(slice(None),) * 3 + tap]
    crop = tuple(slice(p - low, p - low + o) for p, low, o in zip(pads_begin, lo, out_sizes))
    return buf[(slice(None),) * 3 + crop].reshape((batch, g * co) + tuple(out_sizes))


def run_kernel(kernel, x: np.ndarray, w: np.ndarray, *args) -> np.ndarray:
    """``kernel`` in the accumulating type of ``x``, the result rounded (or wrapped) once to it."""
    acc = accumulator(x.dtype)
    # integer sums wrap; inf * 0 is NaN, as the plugin computes
    out = kernel(x.astype(acc, copy=False), w.astype(acc, copy=False), *args)
    return np.ascontiguousarray(out).astype(x.dtype, copy=False)
