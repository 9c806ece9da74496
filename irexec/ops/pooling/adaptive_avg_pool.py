"""AdaptiveAvgPool-8: the mean of each adaptive bin over the spatial dims of [N, C, spatial...]
floating-point data (1 to 3 spatial dims); ``output_shape`` (i32 or i64, one value per spatial
dim) gives the number of bins along each.

Along a dim of ``n`` cut into ``m`` bins, bin ``i`` holds positions ``floor(i*n/m)`` to
``ceil((i+1)*n/m) - 1``: bins may overlap and differ in size by one. f16 and bf16 sum in f32 and
round once. irexec refuses bins of an empty spatial dim (no mean) and negative sizes.

The CPU plugin also runs integer data (rounding the mean to nearest), which the spec does not
allow and irexec refuses; it gives uninitialised memory for bins of an empty dim.
"""

import numpy as np

from ..op import Fact
from ..registry import register
from ._pool import SPATIAL, Adaptive, window_sum
from .avg_pool import mean_of_sums, summed


@register
class AdaptiveAvgPool(Adaptive):
    type, version = "AdaptiveAvgPool", "opset8"
    spec = "pooling/adaptive-avg-pool-8"

    def output_facts(self, data, output_shape):
        return Fact(data.etype, self.pooled_shape(data, output_shape))

    def compute(self, x, output_shape):
        empty = self.empty_output(x, output_shape)
        if empty is not None:
            return np.zeros(empty, x.dtype)
        total = summed(x)
        count = np.ones((1,) * x.ndim, np.int64)
        for axis, (taps, inside, sizes) in reversed(list(enumerate(self.bins(x, output_shape), SPATIAL))):
            total = window_sum(total, axis, taps, inside)
            count = count * sizes.reshape((-1,) + (1,) * (x.ndim - 1 - axis))
        return mean_of_sums(total, count, x.dtype)
