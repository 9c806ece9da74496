"""DepthToSpace-1: moves blocks of the channel dim into the spatial dims. For data
[N, C, D1, ..., DK] and block size bs, the output is [N, C / bs^K, D1 * bs, ..., DK * bs]::

    blocks_first: reshape to [N, bs, ..., bs, C / bs^K, D1, ..., DK],
                  transpose to [N, C / bs^K, D1, bs, D2, bs, ..., DK, bs], reshape
    depth_first:  reshape to [N, C / bs^K, bs, ..., bs, D1, ..., DK], the same transpose, reshape

C must be divisible by bs^K; the data has rank 3 or more; any element type.

Departs from OpenVINO where ``block_size`` is left out: the spec's default is 1 (the
identity); OpenVINO reads it as 0 and refuses the layer.
"""

from __future__ import annotations

import numpy as np

from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._blocks import check_block_size, divided, require_min_rank, times


@register
class DepthToSpace(Op):
    type, version = "DepthToSpace", "opset1"
    builder_args = ("node=data", "mode", "block_size")
    spec = "movement/depth-to-space-1"
    inputs = (Input("data"),)
    attrs = (Attr("mode", "str", choices=("blocks_first", "depth_first")), Attr("block_size", "int", 1))

    def setup(self):
        check_block_size(self)

    def output_facts(self, data):
        require_min_rank(data.shape, 3, "DepthToSpace's data")
        if data.shape is None:
            return Fact(data.etype, None)
        k = len(data.shape) - 2
        bs = self.block_size
        channels = divided(data.shape[1], bs**k, f"DepthToSpace's channel dim (block_size {bs}, {k} spatial dims):")
        return Fact(data.etype, (data.shape[0], channels) + tuple(times(d, bs) for d in data.shape[2:]))

    def compute(self, data):
        n, c, *spatial = data.shape
        k, bs = len(spatial), self.block_size
        blocks = [bs] * k
        if self.mode == "blocks_first":
            x = data.reshape([n] + blocks + [c // bs**k] + spatial)
            block_axes, depth_axis = list(range(1, k + 1)), k + 1
        else:
            x = data.reshape([n, c // bs**k] + blocks + spatial)
            block_axes, depth_axis = list(range(2, k + 2)), 1
        order = [0, depth_axis] + [a for i in range(k) for a in (k + 2 + i, block_axes[i])]
        return np.transpose(x, order).reshape([n, c // bs**k] + [d * bs for d in spatial])
