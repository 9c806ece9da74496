"""GatherND-5 and -8: ``out[b, i...] = data[b, indices[b, i..., 0], ..., indices[b, i..., k-1], ...]``,
each index tuple of length k picking an element or a slice of data after its first
``batch_dims`` dims (which match indices'); the inverse of ScatterNDUpdate. The output's shape
is ``indices.shape[:-1] + data.shape[batch_dims + k:]``; GatherND-5 merges the batch dims into
one, GatherND-8 keeps them.

Indices: any integer type. The specs do not say what negative indices mean; the CPU plugin
counts them from the end, and so does irexec. An index out of range is an error (the plugin
reads past the data).
"""

from __future__ import annotations

from ... import kernels
from ...errors import ValidationError
from ...shapes import fmt, intersect_leading, product
from ..common import const_rows, require_rank
from ..op import Attr, Bound, Fact, Input, Op
from ..registry import register


class _GatherND(Op):
    inputs = (Input("data"), Input("indices", "int", role="indices", bound=Bound("nd")))
    attrs = (Attr("batch_dims", "int", 0),)
    merge_batch = False  # GatherND-5: the batch dims come out as one

    def output_facts(self, data, indices):
        b = self.batch_dims
        if data.shape is None or indices.shape is None or not indices.shape or not indices.shape[-1].is_static:
            return Fact(data.etype, None)
        k = indices.shape[-1].lo
        if not 0 <= b < min(len(data.shape), len(indices.shape)) or b + k > len(data.shape):
            raise ValidationError(
                f"batch_dims {b} and indices' last dim {k} do not fit data {fmt(data.shape)} "
                f"and indices {fmt(indices.shape)}"
            )
        # Each batch dim is one size that data and indices share: what both allow.
        batch = intersect_leading(data.shape, indices.shape, b)
        # Known indices are checked as the kernel checks them (their tuples index the dims after the batch).
        const_rows(indices, data.shape[b:], True, f"{self.type} indices")
        tail = tuple(data.shape[b + k :])
        require_rank(len(indices.shape) - 1 + len(tail))
        middle = tuple(indices.shape[b:-1])
        out = ((product(batch),) if self.merge_batch and b > 0 else tuple(batch)) + middle + tail
        return Fact(data.etype, out)

    def compute(self, data, indices):
        return kernels.gather_nd(data, indices, self.batch_dims, merge_batch=self.merge_batch, op=self.type)


@register
class GatherND5(_GatherND):
    type, version = "GatherND", "opset5"
    spec = "movement/gather-nd-5"
    merge_batch = True


@register
class GatherND8(_GatherND):
    type, version = "GatherND", "opset8"
    spec = "movement/gather-nd-8"
