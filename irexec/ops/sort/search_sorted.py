"""SearchSorted-15: for each value, where it would be inserted in the sorted innermost dim of
``sorted_sequence`` to keep it sorted::

    right_mode=false: y = the count of s[..., j] <  v   (the first suitable index)
    right_mode=true:  y = the count of s[..., j] <= v   (the last suitable index)

``sorted_sequence`` (rank >= 1, each innermost row ascending) and ``values`` share one numeric
type. A 1-D sequence serves every value (``values`` of any shape, a scalar too); a sequence of
rank > 1 needs ``values`` of its rank with the same dims but the last (row ``[..., :]`` of the
values searches row ``[..., :]`` of the sequence). The output has ``values``' shape and type
``output_type`` (i64 by default, or i32; the spec's page names the attribute ``right``, the IR
writes ``right_mode``).

A sequence that is not ascending is outside the spec; irexec gives the counts above (the CPU
plugin's binary search gives some index). NaN is outside it too: irexec orders NaN above every
number, as NumPy's sort does.
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fmt, intersect
from ...types import BY_NAME
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register


def search_sorted(s: np.ndarray, v: np.ndarray, right: bool) -> np.ndarray:
    """The insertion indices (int64) of values ``v`` in the rows of ``s``, as the docstring says."""
    if s.dtype in HALF:
        s, v = s.astype(np.float32), v.astype(np.float32)
    side = "right" if right else "left"
    if s.ndim == 1:
        return np.asarray(np.searchsorted(s, v, side=side), np.int64)
    m, n = s.shape[-1], v.shape[-1]
    rows = math.prod(v.shape[:-1])
    s2, v2 = s.reshape(rows, m), v.reshape(rows, n)
    # Merge each row of values into its row of the sequence with a stable sort: a value put first
    # lands before the sequence's elements equal to it (left), put last after them (right). The
    # sequence's elements up to each value's place are its index.
    both = np.concatenate((s2, v2) if right else (v2, s2), axis=1)
    order = np.argsort(both, axis=1, kind="stable")
    from_seq = order < m if right else order >= n
    before = np.cumsum(from_seq, axis=1)
    value_at = order[~from_seq].reshape(rows, n) - (m if right else 0)
    out = np.empty((rows, n), np.int64)
    np.put_along_axis(out, value_at, before[~from_seq].reshape(rows, n), axis=1)
    return out.reshape(v.shape)


@register
class SearchSorted(Op):
    type, version = "SearchSorted", "opset15"
    builder_args = ("sorted_sequence", "values", "right_mode")
    spec = "sort/search-sorted-15"
    inputs = (Input("sorted_sequence", "numeric"), Input("values", "numeric", same_as="sorted_sequence"))
    attrs = (Attr("right_mode", "bool", False), Attr("output_type", "etype", BY_NAME["i64"]))

    def setup(self):
        if self.output_type.name not in ("i32", "i64"):
            raise ValidationError(f"SearchSorted output_type must be i32 or i64, got {self.output_type}")

    def output_facts(self, seq, values):
        s, v = seq.shape, values.shape
        if s is not None and len(s) == 0:
            raise ValidationError("SearchSorted's sorted_sequence cannot be a scalar")
        if v is None:
            return Fact(self.output_type, None if s is None else s[:-1] + (DYN,))
        if s is not None and len(v) == 0 and len(s) != 1:
            raise ValidationError(
                f"SearchSorted's values can be a scalar only with a 1-D sorted_sequence, got {fmt(s)}", port=1
            )
        out = v
        if s is not None and len(s) > 1:
            if len(v) != len(s):
                raise ValidationError(
                    f"SearchSorted's values must have sorted_sequence's rank, got {fmt(s)} and {fmt(v)}", port=1
                )
            lead = [intersect(a, b) for a, b in zip(s[:-1], v[:-1])]
            if None in lead:
                raise ValidationError(
                    f"SearchSorted's inputs must agree in every dim but the last, got {fmt(s)} and {fmt(v)}", port=1
                )
            out = tuple(lead) + v[-1:]
        return Fact(self.output_type, out)

    def compute(self, seq, values):
        return search_sorted(seq, values, self.right_mode).astype(self.output_type.dtype, copy=False)
