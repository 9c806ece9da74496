"""EmbeddingBagOffsetsSum-3: sums of bags of embedding rows. ``offsets[b]`` is where bag ``b``
starts in ``indices`` (1-D, ``[num_indices]``); it ends where the next starts (the last: at
``num_indices``)::

    output[b] = sum(emb_table[indices[i]] * per_sample_weights[i] for i in offsets[b] .. end[b] - 1)

of shape ``[batch] + emb_table.shape[1:]``. An empty bag (two equal offsets, or a last offset of
``num_indices``) is the row ``emb_table[default_index]``, or zeros when ``default_index`` is -1 or
left out; ``per_sample_weights`` left out are ones. Indices before ``offsets[0]`` belong to no bag.

irexec refuses an index outside [0, num_emb), a default index outside it other than -1, and
offsets that decrease, are negative or pass ``num_indices``, naming the position. f16/bf16
compute in f32 and round once; integers wrap.

Departs from the CPU plugin, which refuses a last offset equal to ``num_indices`` (an empty last
bag, allowed by the spec) and an empty ``indices``; and which computes an i64 table as i32
(values beyond i32 wrap).
"""

from __future__ import annotations

from ..registry import register
from ._embedding import OffsetsBags


@register
class EmbeddingBagOffsetsSum(OffsetsBags):
    type, version = "EmbeddingBagOffsetsSum", "opset3"
    spec = "sparse/embedding-bag-offsets-sum-3"
