"""EmbeddingSegmentsSum-3: sums of segments of embedding rows (TensorFlow's
``sparse.segment_sum``). Each index belongs to the segment ``segment_ids`` gives it::

    output[s] = sum(emb_table[indices[i]] * per_sample_weights[i] for i where segment_ids[i] == s)

of shape ``[num_segments] + emb_table.shape[1:]``. An empty segment is the row
``emb_table[default_index]``, or zeros when ``default_index`` is left out; ``per_sample_weights``
left out are ones.

irexec refuses an index outside [0, num_emb), a default index outside it (this spec has no -1
for zeros: the plugin refuses it too), segment ids that are not sorted (the spec wants them
sorted; the plugin's sums of unsorted ids are not the formula's) or outside [0, num_segments),
and a negative ``num_segments``, naming the position. f16/bf16 compute in f32 and round once; integers wrap.

Departs from the CPU plugin, which drops an index whose segment id is ``num_segments`` or more
(irexec refuses it, as an index into the output out of range); and which computes an i64 table
as i32 (values beyond i32 wrap).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed
from ..common import scalar_int
from ..op import Input, Op
from ..registry import register
from ._embedding import (
    bad_default,
    bad_indices,
    bad_segments,
    fill_empty,
    finish,
    gathered,
    indices_input,
    num_rows,
    output_fact,
    refuse_at_run,
    refuse_in_rule,
    require_rank,
    same_shape,
    table_input,
    work_type,
)


def segment_count(value) -> int:
    n = scalar_int(value, "num_segments")
    if n < 0:
        raise ValidationError(f"EmbeddingSegmentsSum's num_segments must not be negative, got {n}", port=3)
    return n


@register
class EmbeddingSegmentsSum(Op):
    type, version = "EmbeddingSegmentsSum", "opset3"
    builder_args = (
        "emb_table",
        "indices",
        "segment_ids",
        ("num_segments", None),
        "default_index",
        "per_sample_weights",
    )
    spec = "sparse/embedding-segments-sum-3"
    inputs = (
        table_input(),
        indices_input(),
        Input("segment_ids", "i32|i64", same_as="indices", role="indices"),
        Input("num_segments", "i32|i64", same_as="indices", role="sizes", value=True),
        Input("default_index", "i32|i64", same_as="indices", role="indices", optional=True),
        Input("per_sample_weights", same_as="emb_table", optional=True),
    )
    table_axis = 0

    def output_facts(self, table, indices, segment_ids, num_segments, default=None, weights=None):
        op = self.type
        require_rank(op, "indices", indices, 1, 1)
        require_rank(op, "segment_ids", segment_ids, 1, 2)
        same_shape(op, "indices", indices, "segment_ids", segment_ids, 2)
        require_rank(op, "num_segments", num_segments, 0, 3)
        if default is not None:
            require_rank(op, "default_index", default, 0, 4)
        if weights is not None:
            require_rank(op, "per_sample_weights", weights, 1, 5)
            same_shape(op, "indices", indices, "per_sample_weights", weights, 5)
        count = None if num_segments.value is None else segment_count(num_segments.value)
        rows = num_rows(table)
        if rows is not None:
            if indices.value is not None:
                refuse_in_rule(bad_indices(op, "indices", indices.value, rows, 1))
            if default is not None and default.value is not None:
                refuse_in_rule(bad_default(op, default.value, rows, 4, minus_one=False))
        if segment_ids.value is not None:
            refuse_in_rule(bad_segments(op, segment_ids.value, count))
        return output_fact(op, table, None if count is None else fixed(count))

    def compute(self, table, indices, segment_ids, num_segments, default=None, weights=None):
        op, rows = self.type, table.shape[0]
        count = segment_count(num_segments)
        refuse_at_run(bad_indices(op, "indices", indices, rows, 1))
        if default is not None:
            refuse_at_run(bad_default(op, default, rows, 4, minus_one=False))
        refuse_at_run(bad_segments(op, segment_ids, count))
        ids = np.asarray(segment_ids).astype(np.int64)
        out = np.zeros((count,) + table.shape[1:], work_type(table))
        np.add.at(out, ids, gathered(table, indices, weights))
        fill_empty(out, np.bincount(ids, minlength=count) == 0, table, default)
        return finish(out, table)
