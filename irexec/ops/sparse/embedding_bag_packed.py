"""EmbeddingBagPacked-15: sums or means of bags of embedding rows, every bag the same size
(``torch.nn.EmbeddingBag`` with 2-D ``indices`` ``[batch, indices_per_bag]``)::

    sum:  output[b] = sum(emb_table[indices[b, j]] * per_sample_weights[b, j] for j in 0 .. indices_per_bag - 1)
    mean: output[b] = sum(emb_table[indices[b, j]] for j in 0 .. indices_per_bag - 1) / indices_per_bag

of shape ``[batch] + emb_table.shape[1:]``. ``per_sample_weights`` (of the indices' shape, ones
when left out) are refused with ``reduction`` mean, as the spec says. Bags of no index
(``indices_per_bag`` 0) are zeros, in both modes.

irexec refuses an index outside [0, num_emb), naming its position. f16/bf16 compute in f32 and
round once; integers wrap, and their mean truncates toward zero (as the plugin divides).

Departs from the CPU plugin, which refuses ``indices_per_bag`` 0; and which computes an i64
table as i32 (values beyond i32 wrap).
"""

from __future__ import annotations

from ..registry import register
from ._embedding import REDUCTION, PackedBags


@register
class EmbeddingBagPacked(PackedBags):
    type, version = "EmbeddingBagPacked", "opset15"
    spec = "sparse/embedding-bag-packed-15"
    attrs = (REDUCTION,)
