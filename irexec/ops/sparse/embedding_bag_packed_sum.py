"""EmbeddingBagPackedSum-3: sums of bags of embedding rows, every bag the same size: ``indices``
is ``[batch, indices_per_bag]``::

    output[b] = sum(emb_table[indices[b, j]] * per_sample_weights[b, j] for j in 0 .. indices_per_bag - 1)

of shape ``[batch] + emb_table.shape[1:]`` (``per_sample_weights``, of the indices' shape, ones
when left out). Bags of no index (``indices_per_bag`` 0) are zeros.

irexec refuses an index outside [0, num_emb), naming its position. f16/bf16 compute in f32 and
round once; integers wrap.

Departs from the CPU plugin, which refuses ``indices_per_bag`` 0; and which computes an i64
table as i32 (values beyond i32 wrap).
"""

from __future__ import annotations

from ..registry import register
from ._embedding import PackedBags


@register
class EmbeddingBagPackedSum(PackedBags):
    type, version = "EmbeddingBagPackedSum", "opset3"
    spec = "sparse/embedding-bag-packed-sum-3"
