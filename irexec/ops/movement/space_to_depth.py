"""SpaceToDepth-1: moves blocks of the spatial dims into the channel dim; the inverse of
DepthToSpace. For data [N, C, D1, ..., DK] and block size bs, the output is
[N, C * bs^K, D1 / bs, ..., DK / bs]::

    reshape to [N, C, D1 / bs, bs, ..., DK / bs, bs], then
    blocks_first: transpose to [N, bs, ..., bs, C, D1 / bs, ..., DK / bs], reshape
    depth_first:  transpose to [N, C, bs, ..., bs, D1 / bs, ..., DK / bs], reshape

Each spatial dim must be divisible by bs; the data has rank 3 or more; any element type.

Departs from OpenVINO where ``block_size`` is left out: the spec's default is 1 (the
identity); OpenVINO reads it as 0 and refuses the layer.
"""

from __future__ import annotations

import numpy as np

from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._blocks import check_block_size, divided, require_min_rank, times


@register
class SpaceToDepth(Op):
    type, version = "SpaceToDepth", "opset1"
    spec = "movement/space-to-depth-1"
    inputs = (Input("data"),)
    attrs = (Attr("mode", "str", choices=("blocks_first", "depth_first")), Attr("block_size", "int", 1))

    def setup(self):
        check_block_size(self)

    def output_facts(self, data):
        require_min_rank(data.shape, 3, "SpaceToDepth's data")
        if data.shape is None:
            return Fact(data.etype, None)
        k, bs = len(data.shape) - 2, self.block_size
        spatial = tuple(
            divided(d, bs, f"SpaceToDepth's spatial dim {i + 2} (block_size {bs}):")
            for i, d in enumerate(data.shape[2:])
        )
        return Fact(data.etype, (data.shape[0], times(data.shape[1], bs**k)) + spatial)

    def compute(self, data):
        n, c, *spatial = data.shape
        k, bs = len(spatial), self.block_size
        x = data.reshape([n, c] + [v for d in spatial for v in (d // bs, bs)])
        blocks = [3 + 2 * i for i in range(k)]
        inner = [2 + 2 * i for i in range(k)]
        order = [0] + (blocks + [1] if self.mode == "blocks_first" else [1] + blocks) + inner
        return np.transpose(x, order).reshape([n, c * bs**k] + [d // bs for d in spatial])
