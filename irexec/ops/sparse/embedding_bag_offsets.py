"""EmbeddingBagOffsets-15: sums or means of bags of embedding rows (``torch.nn.EmbeddingBag``
with 1-D ``indices`` and ``offsets``). ``offsets[b]`` is where bag ``b`` starts in ``indices``;
it ends where the next starts (the last: at ``num_indices``)::

    sum:  output[b] = sum(emb_table[indices[i]] * per_sample_weights[i] for i in offsets[b] .. end[b] - 1)
    mean: output[b] = sum(emb_table[indices[i]] for i in offsets[b] .. end[b] - 1) / (end[b] - offsets[b])

of shape ``[batch] + emb_table.shape[1:]``. An empty bag is the row ``emb_table[default_index]``
(not divided), or zeros when ``default_index`` is -1 or left out. ``per_sample_weights`` (ones
when left out) are refused with ``reduction`` mean, as the spec says. Indices before
``offsets[0]`` belong to no bag.

irexec refuses an index outside [0, num_emb), a default index outside it other than -1, and
offsets that decrease, are negative or pass ``num_indices``, naming the position. f16/bf16
compute in f32 and round once; integers wrap, and their mean truncates toward zero (the spec's
formula divides without saying how an integer type rounds; the plugin truncates).

Departs from the CPU plugin, which refuses a last offset equal to ``num_indices`` (an empty last
bag, allowed by the spec) and an empty ``indices``; and which computes an i64 table as i32
(values beyond i32 wrap).
"""

from __future__ import annotations

from ..registry import register
from ._embedding import REDUCTION, OffsetsBags


@register
class EmbeddingBagOffsets(OffsetsBags):
    type, version = "EmbeddingBagOffsets", "opset15"
    spec = "sparse/embedding-bag-offsets-15"
    attrs = (REDUCTION,)
