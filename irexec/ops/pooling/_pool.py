"""What the pooling ops share: the window attributes, the output-size rule over partial shapes (as
OpenVINO's pooling shape inference computes it), and the kernels.

Windows along one spatial axis: output ``o`` reads the input positions ``o*s + t*d - pad_begin``
for taps ``t < k``; positions outside ``[0, n)`` are padding (or, with ceil rounding, beyond even
the padding). Max and sum over a box are separable, so the kernels reduce one spatial axis at a
time, innermost first, each step a loop over that axis's taps of whole-array operations (a
strided view of the array padded along the axis, or a gather of the tap's positions). Reducing the innermost axis first and letting only a
strictly greater value replace the best keeps the first maximum in row-major window order, as
the plugin does; the coordinates chosen along the axes already reduced are carried along.
"""

from __future__ import annotations

import itertools

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, is_static, span, to_ints
from ..common import dyn_rank, itemsize, require_array_shape
from ..op import Attr, Fact, Input, Op

SPATIAL = 2  # data is [N, C, spatial...]
# (OpenVINO reads no "notset": "\"notset\" is not a member of enum ov::op::PadType")
AUTO_PAD = Attr("auto_pad", "str", "explicit", ("explicit", "valid", "same_upper", "same_lower"))


def rounding(*choices) -> Attr:
    return Attr("rounding_type", "str", "floor", choices)


def same_pads(n: int, k: int, s: int, d: int, upper: bool) -> tuple:
    """auto_pad same_upper/same_lower: the total padding that gives ceil(n / s) windows, the odd
    one at the end (upper) or at the beginning (lower)."""
    dk = (k - 1) * d + 1
    total = max(0, (-(-n // s) - 1) * s + dk - n)
    small, big = total // 2, total - total // 2
    return (small, big) if upper else (big, small)


def pooled_dim(dim: Dim, axis: int, k: int, s: int, d: int, pb: int, pe: int, rounding_type: str, auto_pad: str) -> Dim:
    """The output size along one spatial axis, over an interval dim, as OpenVINO's rule gives it:
    ``(n + pads - dilated kernel) / s + 1`` rounded down (floor) or up (ceil, ceil_torch), the
    dividend clamped at 0 for an interval; ceil_torch drops a last window that would start in the
    end padding (for an interval, at each bound: OpenVINO leaves a lower bound of 0 as it is, which
    data of size 0 contradicts). same_* pads depend on the size: an interval gives an unknown
    size."""
    dk = (k - 1) * d + 1
    if auto_pad in ("same_upper", "same_lower"):
        if not dim.is_static:
            return DYN
        pb, pe = same_pads(dim.lo, k, s, d, auto_pad == "same_upper")
    elif auto_pad == "valid":
        pb = pe = 0
    if dim.is_static and dim.lo + pb + pe < dk:
        raise ValidationError(
            f"the kernel, dilated, spans {dk} along spatial axis {axis}, more than the "
            f"{dim.lo + pb + pe} of the padded data"
        )
    up = rounding_type != "floor"

    def size(n):
        if n is None:
            return None
        m = max(0, n + pb + pe - dk)
        out = (-(-m // s) if up else m // s) + 1
        return out - 1 if rounding_type == "ceil_torch" and (out - 1) * s >= n + pb else out

    return span(size(dim.lo), size(dim.hi))


class Pool(Op):
    """MaxPool and AvgPool: one data input, windows of ``kernel`` every ``strides``, padded as
    ``auto_pad`` says. A subclass adds its attributes (``dilations`` where it has them)."""

    inputs = (Input("data", "numeric"),)

    def setup(self):
        n = len(self.kernel)
        if not 1 <= n <= 3:
            raise ValidationError(f"kernel must have 1 to 3 values (one per spatial dim), got {n}")
        self.pads_begin = self.pads_begin or (0,) * n  # (OpenVINO reads empty pads as zeros)
        self.pads_end = self.pads_end or (0,) * n
        self.dils = getattr(self, "dilations", ()) or (1,) * n
        for name, values, low in (
            ("strides", self.strides, 1),
            ("pads_begin", self.pads_begin, 0),
            ("pads_end", self.pads_end, 0),
            ("dilations", self.dils, 1),
            ("kernel", self.kernel, 1),
        ):
            if len(values) != n:
                raise ValidationError(f"{name} has {len(values)} values, kernel has {n}")
            if min(values) < low:
                raise ValidationError(f"{name} must be {'positive' if low else 'non-negative'}, got {list(values)}")

    def pooled_shape(self, data: Fact) -> tuple:
        """The first output's shape for ``data``."""
        shape, n = data.shape, len(self.kernel)
        if shape is None:
            return dyn_rank(SPATIAL + n)
        if len(shape) not in (3, 4, 5):
            raise ValidationError(f"{self.type}'s data must be 3D, 4D or 5D, got {fmt(shape)}", port=0)
        if len(shape) != SPATIAL + n:
            raise ValidationError(
                f"{self.type}'s kernel has {n} values but its data {fmt(shape)} has "
                f"{len(shape) - SPATIAL} spatial dims",
                port=0,
            )
        for i, what in enumerate(("batch", "channel")):
            if shape[i].hi == 0:
                raise ValidationError(f"{self.type}'s data has {what} size 0: {fmt(shape)}", port=0)
        spatial = tuple(
            pooled_dim(
                dim,
                i,
                self.kernel[i],
                self.strides[i],
                self.dils[i],
                self.pads_begin[i],
                self.pads_end[i],
                self.rounding_type,
                self.auto_pad,
            )
            for i, dim in enumerate(shape[SPATIAL:])
        )
        out = tuple(shape[:SPATIAL]) + spatial
        if is_static(out):  # (indices are 8 bytes)
            require_array_shape(to_ints(out), max(itemsize(data), 8))
        return out

    def windows(self, shape: tuple) -> list:
        """Per spatial axis of data of static ``shape``: (size, kernel, stride, dilation, pad_begin,
        pad_end, outputs), pads resolved from ``auto_pad``."""
        out = []
        for i, n in enumerate(shape[SPATIAL:]):
            k, s, d = self.kernel[i], self.strides[i], self.dils[i]
            pb, pe = self.pads_begin[i], self.pads_end[i]
            if self.auto_pad == "valid":
                pb = pe = 0
            elif self.auto_pad in ("same_upper", "same_lower"):
                pb, pe = same_pads(n, k, s, d, self.auto_pad == "same_upper")
            size = pooled_dim(Dim(n, n), i, k, s, d, pb, pe, self.rounding_type, "explicit").lo
            out.append((n, k, s, d, pb, pe, size))
        return out


def window_taps(n: int, k: int, s: int, d: int, pb: int, out: int) -> np.ndarray:
    """Input positions read by each (tap, output): ``o*s + t*d - pb``, shape [k, out]."""
    return np.arange(out)[None, :] * s + np.arange(k)[:, None] * d - pb


def adaptive_taps(n: int, out: int) -> tuple:
    """Adaptive bins along an axis: output ``i`` reads ``floor(i*n/out) .. ceil((i+1)*n/out) - 1``.
    Returns the positions per (tap, output) (as many taps as the longest bin), which of them are
    in their bin, and the bins' sizes."""
    i = np.arange(out)
    start, end = i * n // out, -(-(i + 1) * n // out)
    taps = int((end - start).max()) if out else 0
    pos = start[None, :] + np.arange(taps)[:, None]
    return pos, pos < end[None, :], end - start


def _along(vec: np.ndarray, axis: int, ndim: int) -> np.ndarray:
    """A vector over ``axis`` shaped to broadcast against an array of ``ndim`` dims."""
    return vec.reshape((-1,) + (1,) * (ndim - 1 - axis))


class _Taps:
    """Reads the positions of each tap along one axis of arrays of one shape: strided views of
    the array padded with a fill when the taps are evenly spaced (pooling windows), a gather
    otherwise (adaptive bins, whose positions past a bin's end ``inside`` leaves out)."""

    def __init__(self, shape: tuple, axis: int, taps: np.ndarray, inside=None):
        self.axis, self.n, self.ndim = axis, shape[axis], len(shape)
        self.taps, self.out = taps, taps.shape[1]
        steps = np.diff(taps, axis=1)
        self.step = int(steps[0, 0]) if steps.size else 1
        even = inside is None or bool(inside.all())
        self.before = max(0, -int(taps.min(initial=0)))
        self.after = max(0, int(taps.max(initial=0)) + 1 - self.n)
        # (Padding much larger than what the taps read is gathered from instead.)
        self.strided = (
            even
            and self.step > 0
            and bool(np.all(steps == self.step))
            and self.before + self.after <= self.n + taps.size
        )
        in_axis = (taps >= 0) & (taps < self.n)
        self.inside = in_axis if inside is None else inside & in_axis

    def padded(self, x: np.ndarray, fill) -> np.ndarray:
        if self.n == 0:  # every tap reads padding
            return np.full(self.out_shape(x.shape), fill, x.dtype)
        if not self.strided or not (self.before or self.after):
            return x
        # (Not np.pad: its generality costs ~20 us a call, more than a small layer's pooling.)
        shape = list(x.shape)
        shape[self.axis] += self.before + self.after
        out = np.full(shape, fill, x.dtype)
        out[(slice(None),) * self.axis + (slice(self.before, self.before + self.n),)] = x
        return out

    def read(self, xp: np.ndarray, t: int) -> np.ndarray:
        """Tap ``t`` of an array ``padded`` has made: its value at each output position."""
        pos = self.taps[t]
        if self.n == 0:
            return xp
        if self.strided:
            first = int(pos[0]) + self.before if self.out else 0
            key = slice(first, first + self.step * (self.out - 1) + 1, self.step) if self.out else slice(0, 0)
            return xp[(slice(None),) * self.axis + (key,)]
        return np.take(xp, np.clip(pos, 0, self.n - 1), self.axis)

    def ok(self, t: int) -> np.ndarray:
        """Where tap ``t`` reads an element (not padding, and in its bin)."""
        return _along(self.inside[t], self.axis, self.ndim)

    def out_shape(self, shape: tuple) -> list:
        shape = list(shape)
        shape[self.axis] = self.out
        return shape


def window_sum(x: np.ndarray, axis: int, taps: np.ndarray, inside=None) -> np.ndarray:
    """Sum along ``axis`` over each window (``taps``: positions per tap and output; positions
    outside the axis, or not ``inside`` when given, count as zeros)."""
    reader = _Taps(x.shape, axis, taps, inside)
    total = np.zeros(reader.out_shape(x.shape), x.dtype)
    xp = reader.padded(x, 0)
    for t in range(len(taps)):
        v = reader.read(xp, t)
        total += v if reader.strided or reader.n == 0 else np.where(reader.ok(t), v, 0)
    return total


def _lowest(dtype):
    return -np.inf if dtype.kind in "fV" else np.iinfo(dtype).min


def strided_max_values(x: np.ndarray, windows: list):
    """``box_max_values`` for float data and pooling windows (``Pool.windows``: taps at
    o*s + t*d - pad_begin): one NaN-padded copy viewed as [N, C, *outputs, *kernel], one fmax
    maximum over the kernel taps (NaN and padding skipped), -inf where nothing is left. None
    where it does not apply (integers, an empty tensor)."""
    outs = [w[6] for w in windows]
    if x.dtype.kind not in "fV" or x.size == 0 or 0 in outs:
        return None
    before = [pb for _, _, _, _, pb, _, _ in windows]
    after = [max(0, (out - 1) * s + (k - 1) * d - pb + 1 - n) for n, k, s, d, pb, _, out in windows]
    padded = np.full(
        x.shape[:SPATIAL] + tuple(n + b + a for (n, *_), b, a in zip(windows, before, after)), np.nan, x.dtype
    )
    padded[(slice(None),) * SPATIAL + tuple(slice(b, b + w[0]) for b, w in zip(before, windows))] = x
    st = padded.strides
    view = np.ndarray(
        x.shape[:SPATIAL] + tuple(outs) + tuple(w[1] for w in windows),
        x.dtype,
        padded,
        0,
        st[:SPATIAL]
        + tuple(a * w[2] for a, w in zip(st[SPATIAL:], windows))
        + tuple(a * w[3] for a, w in zip(st[SPATIAL:], windows)),
    )
    # (A loop over the taps, each a whole-array fmax: a reduction over the short kernel axes of a
    # strided view is several times slower.)
    taps = list(itertools.product(*(range(w[1]) for w in windows)))
    out = np.array(view[(Ellipsis,) + taps[0]])
    for t in taps[1:]:
        np.fmax(out, view[(Ellipsis,) + t], out=out)
    out[np.isnan(out)] = -np.inf
    return out


def box_max_values(x: np.ndarray, taps: list) -> np.ndarray:
    """Max over boxes of the spatial axes, values only (MaxPool-1): NaN and padding skipped, -inf
    (an integer type's lowest value) where nothing is left."""
    floats = x.dtype.kind in "fV"
    for axis in range(x.ndim - 1, SPATIAL - 1, -1):
        reader = _Taps(x.shape, axis, taps[axis - SPATIAL])
        best = np.full(reader.out_shape(x.shape), _lowest(x.dtype), x.dtype)
        xp = reader.padded(x, np.nan if floats else _lowest(x.dtype))
        for t in range(len(reader.taps)):
            (np.fmax if floats else np.maximum)(best, reader.read(xp, t), out=best)
        x = best
    return x


def window_max(x: np.ndarray, found, coords: list, axis: int, taps: np.ndarray, inside=None):
    """The largest element along ``axis`` over each window, NaN skipped, the first of equal ones
    kept. ``found``: which elements may be chosen (None: all but NaN); ``coords``: coordinates
    chosen along axes already reduced, gathered like ``x``. Returns (values, found, coords with
    the coordinate along ``axis`` first). ``inside``: as for ``window_sum``. Where nothing may be
    chosen (all padding or NaN) the value is -inf (an integer type's lowest) and the
    coordinates 0."""
    reader = _Taps(x.shape, axis, taps, inside)
    shape = reader.out_shape(x.shape)
    floats = x.dtype.kind in "fV"
    best = np.full(shape, _lowest(x.dtype), x.dtype)
    have = np.zeros(shape, bool)
    chosen = [np.zeros(shape, np.int64) for _ in range(len(coords) + 1)]
    xp = reader.padded(x, np.nan if floats else 0)
    fp = None if found is None else reader.padded(found, False)
    cps = [reader.padded(c, 0) for c in coords]
    for t in range(len(taps)):
        v = reader.read(xp, t)
        ok = reader.ok(t)
        if fp is not None:
            ok = ok & reader.read(fp, t)
        if floats:
            ok = ok & ~np.isnan(v)
        better = ok & (~have | (v > best))
        np.copyto(best, v, where=better)
        have |= ok
        np.copyto(chosen[0], _along(taps[t], axis, x.ndim), where=better)
        for j, c in enumerate(cps):
            np.copyto(chosen[j + 1], reader.read(c, t), where=better)
    return best, have, chosen


def box_max(x: np.ndarray, taps: list, inside=None):
    """Max over boxes of the spatial axes (``taps``, ``inside``: one array per spatial axis).
    Returns (values, found, coordinates per spatial axis, in axis order)."""
    found, coords = None, []
    for axis in range(x.ndim - 1, SPATIAL - 1, -1):
        i = axis - SPATIAL
        x, found, coords = window_max(x, found, coords, axis, taps[i], None if inside is None else inside[i])
    return x, found, coords


def flat_index(coords: list, found: np.ndarray, shape: tuple, axis: int, etype) -> np.ndarray:
    """The chosen elements' positions in the data flattened from dim ``axis`` on (coordinates of
    the spatial axes; batch and channel from the output position). Where none was chosen the
    spatial coordinates are 0: the first element of the (batch, channel) plane, as the plugin
    gives."""
    rank = len(shape)
    index = np.zeros(found.shape, np.int64)
    step = 1
    for dim in range(rank - 1, axis - 1, -1):
        if dim >= SPATIAL:
            c = coords[dim - SPATIAL]
        else:
            c = _along(np.arange(found.shape[dim]), dim, rank)
        index = index + c * step
        step *= shape[dim]
    return index.astype(etype.dtype)


class Adaptive(Op):
    """AdaptiveAvgPool and AdaptiveMaxPool: data and the output's spatial sizes."""

    inputs = (Input("data", "float"), Input("output_shape", "i32|i64", role="shape", value=True))

    def pooled_shape(self, data: Fact, sizes: Fact) -> tuple:
        shape = data.shape
        if sizes.shape is not None and len(sizes.shape) != 1:
            raise ValidationError(f"{self.type}'s output_shape must be 1-D, got {fmt(sizes.shape)}", port=1)
        if shape is None:
            return None
        if len(shape) not in (3, 4, 5):
            raise ValidationError(f"{self.type}'s data must be 3D, 4D or 5D, got {fmt(shape)}", port=0)
        n = len(shape) - SPATIAL
        if sizes.shape is not None and not sizes.shape[0].compatible(Dim(n, n)):
            raise ValidationError(
                f"{self.type}'s output_shape has {sizes.shape[0]} values, the data {fmt(shape)} has {n} spatial dims",
                port=1,
            )
        if sizes.value is None:
            return tuple(shape[:SPATIAL]) + dyn_rank(n)
        values = self.sizes(shape, sizes.value)
        out = tuple(shape[:SPATIAL]) + tuple(fixed(v) for v in values)
        if is_static(out):
            require_array_shape(to_ints(out), itemsize(data), f"the {self.type} output")
        return out

    def sizes(self, shape, output_shape) -> list:
        """The bins per spatial dim, refused when negative or cutting an empty dim."""
        values = [int(v) for v in np.asarray(output_shape).reshape(-1)]
        if min(values, default=0) < 0:
            raise ValidationError(f"{self.type}'s output_shape must not be negative, got {values}", port=1)
        for i, (dim, size) in enumerate(zip(shape[SPATIAL:], values)):
            if Dim.of(dim).hi == 0 and size > 0:
                raise ValidationError(
                    f"{self.type} cannot cut the empty spatial dim {i} of {fmt(shape)} into {size} bins", port=0
                )
        return values

    def empty_output(self, x: np.ndarray, output_shape: np.ndarray):
        """The output's shape when it has no element, else None: an axis cut into 0 bins leaves
        nothing to pool, however many bins the others ask for (their positions are never laid out)."""
        shape = tuple(x.shape[:SPATIAL]) + tuple(self.sizes(tuple(fixed(n) for n in x.shape), output_shape))
        return shape if 0 in shape else None

    def bins(self, x: np.ndarray, output_shape: np.ndarray) -> list:
        """Per spatial dim: (positions per tap and bin, which are in their bin, bin sizes)."""
        sizes = self.sizes(tuple(fixed(n) for n in x.shape), output_shape)
        return [adaptive_taps(n, m) for n, m in zip(x.shape[SPATIAL:], sizes)]
