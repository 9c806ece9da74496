"""AvgPool-1, AvgPool-14, AvgPool-16: the mean of each window over the spatial dims of
[N, C, spatial...] data (1 to 3 spatial dims).

Windows, padding and output sizes as MaxPool's (``irexec/ops/pooling/max_pool.py``; no
dilations before -16); -14 adds rounding_type ceil_torch; -16 adds dilations (optional, ones
when left out or empty): a window's taps are ``dilations`` apart, and counting the padding
(exclude-pad false) counts the kernel's taps. The padding is zeros. ``exclude-pad`` true divides
each window's sum by the number of its elements inside the data; false by the kernel's size,
padding counted. Where a ceil window reaches past the end padding the spec says nothing; irexec
counts as the plugin does: the positions past the padding count as padding (the kernel's size
again) unless there is no padding at all (every pad 0, after auto_pad), when only the data
counts. A window with nothing to count (auto_pad same with ceil rounding can make one past the
data) is NaN, 0 for integers. f16 and bf16
sum in f32 and round once; integers sum exactly and round the mean half to even, as the plugin
does (the spec says nothing of integer rounding).

OpenVINO refuses exclude-pad with an explicit pad as large as the (dilated) kernel (a window could
hold only padding) when it knows the spatial dims; irexec refuses it whatever it knows (O003).
Where the CPU plugin departs (rows in tests/cases/pooling/test_avg_pool.py): a window past the
data and all padding (auto_pad same with ceil rounding makes one) gives -0.0 where irexec gives
0/0; it gives uninitialised memory for a spatial dim of size 0; it crashes (segfault) compiling
AvgPool-16 without dilations.
"""

import itertools
import math

import numpy as np

from ...errors import ValidationError
from ..elementwise import HALF
from ..op import Attr, Fact
from ..registry import register
from ._pool import AUTO_PAD, SPATIAL, Pool, rounding, window_sum, window_taps

_WINDOW = (
    Attr("strides", "ints"),
    Attr("pads_begin", "ints"),
    Attr("pads_end", "ints"),
    Attr("kernel", "ints"),
    Attr("exclude-pad", "bool"),
    AUTO_PAD,
)


def mean_of_sums(total: np.ndarray, count: np.ndarray, dtype) -> np.ndarray:
    """``total / count`` in the data's type: integers rounded half to even (0 where nothing was
    counted), f16/bf16 rounded once."""
    mean = total / count.astype(total.dtype)
    if np.dtype(dtype).kind in "iu":
        return np.where(count > 0, np.rint(mean), 0).astype(dtype)
    return mean.astype(dtype)


def summed(x: np.ndarray) -> np.ndarray:
    """The data in the type its sums are taken in: f32 for f16/bf16, f64 for integers."""
    if x.dtype in HALF:
        return x.astype(np.float32)
    return x.astype(np.float64) if x.dtype.kind in "iu" else x


def strided_sums(x: np.ndarray, windows: list, whole: bool):
    """The window sums when every window counts all its positions (no padding and none past the
    data's end, or padding counted whole): one zero-padded copy (none without padding) viewed as
    [N, C, *outputs, *kernel], summed tap by tap. None otherwise (exclude-pad at the borders,
    ceil rounding past unpadded data), or for an empty tensor."""
    outs = [w[6] for w in windows]
    if x.size == 0 or 0 in outs:
        return None
    before = [pb for _, _, _, _, pb, _, _ in windows]
    after = [max(0, (out - 1) * s + (k - 1) * d - pb + 1 - n) for n, k, s, d, pb, _, out in windows]
    if not whole and (any(before) or any(after)):
        return None
    if any(before) or any(after):
        padded = np.zeros(
            x.shape[:SPATIAL] + tuple(n + b + a for (n, *_), b, a in zip(windows, before, after)), x.dtype
        )
        padded[(slice(None),) * SPATIAL + tuple(slice(b, b + w[0]) for b, w in zip(before, windows))] = x
    else:
        padded = np.ascontiguousarray(x)
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
    taps = list(itertools.product(*(range(w[1]) for w in windows)))
    total = np.array(view[(Ellipsis,) + taps[0]])
    for t in taps[1:]:
        total += view[(Ellipsis,) + t]
    return total


class _AvgPool(Pool):
    builder_args = (
        "data_batch=data",
        "strides",
        "pads_begin",
        "pads_end",
        "kernel_shape=kernel",
        "exclude_pad=exclude-pad",
        "rounding_type",
        ("auto_pad", None),
    )

    def setup(self):
        super().setup()
        self.exclude_pad = getattr(self, "exclude-pad")
        if self.exclude_pad and self.auto_pad == "explicit":
            for i, (pb, pe, k, d) in enumerate(zip(self.pads_begin, self.pads_end, self.kernel, self.dils)):
                k = (k - 1) * d + 1  # (dilated: -16)
                if max(pb, pe) >= k:
                    raise ValidationError(
                        f"AvgPool with exclude-pad: pads {pb} and {pe} along spatial axis {i} "
                        f"reach the kernel's {k}: a window could hold only padding"
                    )

    def output_facts(self, data):
        return Fact(data.etype, self.pooled_shape(data))

    def compute(self, x):
        windows = self.windows(x.shape)
        # Padding counted: every position of a window, even past the end padding (ceil rounding),
        # unless there is no padding at all, as the plugin counts (the spec says nothing of it).
        whole = not self.exclude_pad and any(pb or pe for _, _, _, _, pb, pe, _ in windows)
        total = summed(x)
        fast = strided_sums(total, windows, whole)
        if fast is not None:
            return mean_of_sums(fast, np.array(math.prod(self.kernel)), x.dtype)
        count = np.ones((1,) * x.ndim, np.int64)
        for axis, (n, k, s, d, pb, _pe, out) in reversed(list(enumerate(windows, SPATIAL))):
            taps = window_taps(n, k, s, d, pb, out)
            total = window_sum(total, axis, taps)
            per_axis = np.full(out, k) if whole else ((taps >= 0) & (taps < n)).sum(axis=0)
            count = count * per_axis.reshape((-1,) + (1,) * (x.ndim - 1 - axis))
        return mean_of_sums(total, count, x.dtype)


@register
class AvgPool(_AvgPool):
    type, version = "AvgPool", "opset1"
    spec = "pooling/avg-pool-1"
    attrs = _WINDOW + (rounding("floor", "ceil"),)


@register
class AvgPool14(_AvgPool):
    type, version = "AvgPool", "opset14"
    spec = "pooling/avg-pool-14"
    attrs = _WINDOW + (rounding("floor", "ceil", "ceil_torch"),)


@register
class AvgPool16(_AvgPool):
    type, version = "AvgPool", "opset16"
    builder_args = _AvgPool.builder_args + (("dilations", None),)
    spec = "pooling/avg-pool-16"
    attrs = _WINDOW + (rounding("floor", "ceil", "ceil_torch"), Attr("dilations", "ints", ()))
