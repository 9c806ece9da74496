"""AdaptiveMaxPool-8: the largest element of each adaptive bin over the spatial dims of
[N, C, spatial...] floating-point data (bins as AdaptiveAvgPool's), and its index in the spatial
dims flattened (``index_element_type`` i64 or i32; values in [0, H*W*D)).

Of equal elements the first in row-major bin order is chosen. NaN: the spec says nothing; as the
plugin does, a bin's first element starts the search and only a greater one replaces it, so a
NaN is skipped unless it comes first in its bin, when it is the result. irexec refuses bins of an
empty spatial dim (no maximum) and negative sizes.

The CPU plugin compiles no AdaptiveMaxPool whose indices are i64 (the default): "CPU plugin does
not support i64 for use with oneDNN". It also runs integer data, which the spec does not allow
and irexec refuses.
"""

import numpy as np

from ...errors import ValidationError
from ...types import BY_NAME
from ..op import Attr, Fact
from ..registry import register
from ._pool import SPATIAL, Adaptive, box_max, flat_index


@register
class AdaptiveMaxPool(Adaptive):
    type, version = "AdaptiveMaxPool", "opset8"
    spec = "pooling/adaptive-max-pool-8"
    outputs = ("output", "indices")
    attrs = (Attr("index_element_type", "etype", BY_NAME["i64"]),)

    def setup(self):
        if self.index_element_type.name not in ("i32", "i64"):
            raise ValidationError(
                f"AdaptiveMaxPool index_element_type must be i32 or i64, got {self.index_element_type}"
            )

    def output_facts(self, data, output_shape):
        shape = self.pooled_shape(data, output_shape)
        return [Fact(data.etype, shape), Fact(self.index_element_type, shape)]

    def compute(self, x, output_shape):
        empty = self.empty_output(x, output_shape)
        if empty is not None:
            return np.zeros(empty, x.dtype), np.zeros(empty, self.index_element_type.dtype)
        bins = self.bins(x, output_shape)
        values, found, coords = box_max(x, [b[0] for b in bins], [b[1] for b in bins])
        # A bin whose first element is NaN keeps it (nothing compares greater).
        first = x
        for axis, (taps, _, _) in enumerate(bins, SPATIAL):
            first = np.take(first, taps[0] if len(taps) else np.zeros(0, np.int64), axis)
        lead = np.isnan(first)
        if lead.any():
            values = np.where(lead, first, values)
            coords = [
                np.where(lead, taps[0].reshape((-1,) + (1,) * (x.ndim - 1 - axis)), c)
                for axis, ((taps, _, _), c) in enumerate(zip(bins, coords), SPATIAL)
            ]
            found = found | lead
        return values, flat_index(coords, found, x.shape, SPATIAL, self.index_element_type)
