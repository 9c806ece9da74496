"""MaxPool-1, MaxPool-8, MaxPool-14: the largest element of each window over the spatial dims of
[N, C, spatial...] data (1 to 3 spatial dims), padding counting as -inf.

A window of ``kernel`` every ``strides`` (taps ``dilations`` apart in -8 and -14, 1 when left
out), padded by ``pads_begin``/``pads_end`` (``auto_pad`` explicit; OpenVINO reads no "notset"),
nothing (valid), or as much as gives ceil(n / stride) windows (same_upper: the odd pad at the
end; same_lower: at the beginning). Output size along an axis, as OpenVINO's shape inference
gives it: ``(n + pads - dilated kernel) / stride + 1`` rounded down (floor) or up (ceil, also
with auto_pad valid or same); ceil_torch (-14) drops a last window that would start in the end
padding, while ceil keeps it, even one that starts past the data and the padding.

-8 and -14 also give the indices of the chosen elements (``index_element_type`` i64 or i32), in
the data flattened from dim ``axis`` on (axis 0: over the whole tensor; 2: within the spatial
dims), never pointing into the padding. Of equal elements the first in row-major window order
is chosen. NaN: the spec says nothing; as the plugin does, a NaN is never chosen. A window of
nothing but padding or NaN gives -inf (an integer type's lowest value) and, as the plugin
gives, the index of the first element of its (batch, channel) plane.

Where the CPU plugin departs (rows in tests/cases/pooling/test_max_pool.py and, for MaxPool-1,
test_max_pool_1.py): its padding and its starting value are -FLT_MAX, so a window of only
padding, NaN or -inf gives -3.4028235e38 in f32 (in f16 that rounds to -inf, as irexec gives),
and a window of -inf the index of its plane's first element; it keeps only the low 32 bits of
i64 data, and on AVX2 machines MaxPool-1 pools i32 in f32 (2^24 + 1 becomes 2^24). It runs no
MaxPool-8/-14 on bf16 ("supported only with one output") nor one without dilations ("One of the
MaxPool params does not match"), and MaxPool-1 gives uninitialised memory for a spatial dim of
size 0. It reads an index_element_type other than i32/i64 and fails at inference; irexec
refuses it (O003).
"""

import numpy as np

from ...errors import ValidationError
from ...shapes import normalize_axis
from ...types import BY_NAME
from ..op import REQUIRED, Attr, Fact
from ..registry import register
from ._pool import AUTO_PAD, Pool, box_max, box_max_values, flat_index, rounding, strided_max_values, window_taps

_WINDOW = (Attr("strides", "ints"), Attr("pads_begin", "ints"), Attr("pads_end", "ints"), Attr("kernel", "ints"))


def _taps(op, x) -> list:
    return [window_taps(n, k, s, d, pb, out) for n, k, s, d, pb, _, out in op.windows(x.shape)]


def _values(op, x) -> np.ndarray:
    # (bf16 NaN compares with a warning)
    out = strided_max_values(x, op.windows(x.shape))
    return box_max_values(x, _taps(op, x)) if out is None else out


@register
class MaxPool(Pool):
    type, version = "MaxPool", "opset1"
    builder_args = (
        "data",
        "strides",
        "pads_begin",
        "pads_end",
        "kernel_shape=kernel",
        "rounding_type",
        ("auto_pad", None),
    )
    spec = "pooling/max-pool-1"
    attrs = _WINDOW + (rounding("floor", "ceil"), AUTO_PAD)

    def output_facts(self, data):
        return Fact(data.etype, self.pooled_shape(data))

    def compute(self, x):
        return _values(self, x)


@register
class MaxPool8(Pool):
    type, version = "MaxPool", "opset8"
    builder_args = (
        "data",
        "strides",
        ("dilations", REQUIRED),
        "pads_begin",
        "pads_end",
        "kernel_shape=kernel",
        "rounding_type",
        ("auto_pad", None),
        "index_element_type",
        "axis",
    )
    spec = "pooling/max-pool-8"
    outputs = ("output", "indices")
    attrs = _WINDOW + (
        Attr("dilations", "ints", ()),
        rounding("floor", "ceil"),
        AUTO_PAD,
        Attr("index_element_type", "etype", BY_NAME["i64"]),
        Attr("axis", "int", 0),
    )

    def setup(self):
        super().setup()
        if self.index_element_type.name not in ("i32", "i64"):
            raise ValidationError(f"MaxPool index_element_type must be i32 or i64, got {self.index_element_type}")

    def output_facts(self, data):
        if data.shape is not None:
            normalize_axis(self.axis, len(data.shape), "MaxPool axis")
        shape = self.pooled_shape(data)
        return [Fact(data.etype, shape), Fact(self.index_element_type, shape)]

    partial_outputs = True

    def compute(self, x, wanted=(True, True)):
        if not wanted[1]:  # (the values alone: MaxPool-1's kernel, a fraction of the cost)
            values = _values(self, x)
            return values, np.broadcast_to(self.index_element_type.dtype.type(0), values.shape)
        values, found, coords = box_max(x, _taps(self, x))
        axis = normalize_axis(self.axis, x.ndim)
        return values, flat_index(coords, found, x.shape, axis, self.index_element_type)


@register
class MaxPool14(MaxPool8):
    type, version = "MaxPool", "opset14"
    spec = "pooling/max-pool-14"
    attrs = _WINDOW + (
        Attr("dilations", "ints", ()),
        rounding("floor", "ceil", "ceil_torch"),
        AUTO_PAD,
        Attr("index_element_type", "etype", BY_NAME["i64"]),
        Attr("axis", "int", 0),
    )
