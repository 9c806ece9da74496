"""SpaceToBatch-2: pads the spatial dims with zeros, then moves blocks of them into the batch dim;
the inverse of BatchToSpace. For data [batch, D1, ..., DN-1], block_shape B (B0 = 1) and pads
P = pads_begin + pads_end, the output is [batch * prod(B), (D1 + P1) / B1, ...]::

    pad, reshape to [batch, (D1 + P1) / B1, B1, ..., (DN-1 + PN-1) / BN-1, BN-1],
    transpose to [B1, ..., BN-1, batch, (D1 + P1) / B1, ...], reshape

block_shape, pads_begin and pads_end are 1-D integer tensors of the data's rank; block sizes are
1 or more, pads 0 or more, and (as the spec expects) B0 is 1 and the batch's pads 0; each padded
dim must be divisible by its block size. Any element type.
"""

from __future__ import annotations

import numpy as np

from ...shapes import span
from ..op import Input, Op
from ..registry import register
from ._blocks import block_vectors_fact, divided, product, times, vector_values

NAMES = ("block_shape", "pads_begin", "pads_end")


def _shape(shape: tuple, block: list, begin: list, end: list) -> tuple:
    out = [times(shape[0], product(block))]
    for i, (d, b, pb, pe) in enumerate(zip(shape[1:], block[1:], begin[1:], end[1:])):
        padded = span(d.lo + pb + pe, None if d.hi is None else d.hi + pb + pe)
        out.append(divided(padded, b, f"SpaceToBatch's padded dim {i + 1} (block size {b}):"))
    return tuple(out)


@register
class SpaceToBatch(Op):
    type, version = "SpaceToBatch", "opset2"
    spec = "movement/space-to-batch-2"
    inputs = (
        Input("data"),
        Input("block_shape", "int", role="shape", value=True),
        Input("pads_begin", "int", role="sizes", value=True, same_as="block_shape"),
        Input("pads_end", "int", role="sizes", value=True, same_as="block_shape"),
    )

    def output_facts(self, data, *vectors):
        return block_vectors_fact(self.type, data, list(vectors), NAMES, _shape)

    def compute(self, data, *vectors):
        block, begin, end = vector_values(self.type, list(vectors), NAMES, data.ndim)
        x = np.pad(data, list(zip(begin, end))) if any(begin + end) else data
        batch, *dims = x.shape
        n = data.ndim
        x = x.reshape([batch] + [v for d, b in zip(dims, block[1:]) for v in (d // b, b)])
        order = [2 + 2 * i for i in range(n - 1)] + [0] + [1 + 2 * i for i in range(n - 1)]
        return np.transpose(x, order).reshape([batch * product(block)] + [d // b for d, b in zip(dims, block[1:])])
