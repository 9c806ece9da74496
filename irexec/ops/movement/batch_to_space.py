"""BatchToSpace-2: moves blocks of the batch dim into the spatial dims, then crops them. For
data [batch, D1, ..., DN-1] and block_shape B (B0 = 1), the output is
[batch / prod(B), D1 * B1 - crops_begin[1] - crops_end[1], ...]::

    reshape to [B1, ..., BN-1, batch / prod(B), D1, ..., DN-1],
    transpose to [batch / prod(B), D1, B1, ..., DN-1, BN-1], reshape, crop

block_shape, crops_begin and crops_end are 1-D integer tensors of the data's rank; block sizes
are 1 or more, crops 0 or more, and (as the spec expects) B0 is 1 and the crops of the batch 0;
the batch must be divisible by prod(B) and each crop fit its dim. Any element type.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, span
from ..op import Input, Op
from ..registry import register
from ._blocks import block_vectors_fact, divided, product, times, vector_values

NAMES = ("block_shape", "crops_begin", "crops_end")


def _cropped(d: Dim, block: int, crop: int, axis: int) -> Dim:
    full = times(d, block)
    if full.hi is not None and crop > full.hi:
        raise ValidationError(f"BatchToSpace's crops of dim {axis} ({crop}) exceed its size {full} (= {d} * {block})")
    return span(max(full.lo - crop, 0), None if full.hi is None else full.hi - crop)


def _shape(shape: tuple, block: list, begin: list, end: list) -> tuple:
    batch = divided(shape[0], product(block), f"BatchToSpace's batch (block_shape {block}):")
    return (batch,) + tuple(
        _cropped(d, b, cb + ce, i + 1) for i, (d, b, cb, ce) in enumerate(zip(shape[1:], block[1:], begin[1:], end[1:]))
    )


@register
class BatchToSpace(Op):
    type, version = "BatchToSpace", "opset2"
    spec = "movement/batch-to-space-2"
    inputs = (
        Input("data"),
        Input("block_shape", "int", role="shape", value=True),
        Input("crops_begin", "int", role="sizes", value=True, same_as="block_shape"),
        Input("crops_end", "int", role="sizes", value=True, same_as="block_shape"),
    )

    def output_facts(self, data, *vectors):
        return block_vectors_fact(self.type, data, list(vectors), NAMES, _shape)

    def compute(self, data, *vectors):
        block, begin, end = vector_values(self.type, list(vectors), NAMES, data.ndim)
        batch, *dims = data.shape
        n = data.ndim
        x = data.reshape(block[1:] + [batch // product(block)] + dims)
        order = [n - 1] + [a for i in range(n - 1) for a in (n + i, i)]
        x = np.transpose(x, order).reshape([batch // product(block)] + [d * b for d, b in zip(dims, block[1:])])
        return x[tuple(slice(cb, x.shape[i] - ce) for i, (cb, ce) in enumerate(zip(begin, end)))]
