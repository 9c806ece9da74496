"""GroupedMatMul-17: per-group matrix products, as a mixture of experts computes them. ``mat_b``
holds one [N, K] matrix per group, [G, N, K], and each group's rows multiply its transpose:

- a 2-D ``mat_a`` [T, K] with ``offsets`` [G], the cumulative end of each group's rows: rows
  ``offsets[g-1]:offsets[g]`` (from 0 for g = 0) give those rows of the [T, N] output as
  ``mat_a[rows] @ mat_b[g].T``;
- a 3-D ``mat_a`` [G, M, K], no offsets: ``out[g] = mat_a[g] @ mat_b[g].T``, [G, M, N].

f16/bf16 compute in f32 and round once; integers wrap. The CPU plugin does not implement the
op (it refuses to compile it), so these products are irexec's reading of OpenVINO's definition.
Where that is silent irexec refuses rather than guesses: OpenVINO's shape inference takes offsets
with a 3-D ``mat_a`` and offsets of a length other than G, and irexec refuses both; at run time
the offsets must rise (groups may be empty) from 0 to exactly the T rows of ``mat_a``."""

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, intersect
from ..elementwise import HALF
from ..op import Fact, Input, Op
from ..registry import register


@register
class GroupedMatMul(Op):
    type, version = "GroupedMatMul", "opset17"
    builder_name = "grouped_matmul"
    spec = "matrix/grouped-matmul-17"
    inputs = (
        Input("mat_a", "numeric"),
        Input("mat_b", "numeric", same_as="mat_a"),
        Input("offsets", "i32|i64", optional=True),
    )

    def output_facts(self, mat_a, mat_b, offsets=None):
        if offsets is not None and offsets.shape is not None and len(offsets.shape) != 1:
            raise ValidationError(f"GroupedMatMul's offsets must be 1-D, got {fmt(offsets.shape)}", port=2)
        a, b = mat_a.shape, mat_b.shape
        if a is None or b is None:
            return Fact(mat_a.etype, None)
        if len(b) != 3 or len(a) not in (2, 3):
            raise ValidationError(
                f"GroupedMatMul takes a 2-D mat_a (with offsets) or a 3-D one, and a 3-D mat_b, "
                f"got {fmt(a)} and {fmt(b)}"
            )
        if not a[-1].compatible(b[-1]):
            raise ValidationError(
                f"GroupedMatMul's inner dims differ: mat_a {fmt(a)} and mat_b {fmt(b)} (mat_b is [G, N, K])", port=1
            )
        if len(a) == 3:
            if offsets is not None:
                raise ValidationError("GroupedMatMul takes offsets only with a 2-D mat_a", port=2)
            groups = intersect(a[0], b[0])
            if groups is None:
                raise ValidationError(f"GroupedMatMul's group counts differ: {fmt(a)} and {fmt(b)}", port=1)
            return Fact(mat_a.etype, (groups, a[1], b[1]))
        if offsets is None:
            raise ValidationError("GroupedMatMul with a 2-D mat_a needs offsets")
        if offsets.shape is not None and not offsets.shape[0].compatible(b[0]):
            raise ValidationError(
                f"GroupedMatMul's offsets {fmt(offsets.shape)} should have one entry per group of mat_b {fmt(b)}",
                port=2,
            )
        return Fact(mat_a.etype, (a[0], b[1]))

    def compute(self, mat_a, mat_b, offsets=None):
        dtype = mat_a.dtype
        if dtype in HALF:
            mat_a, mat_b = mat_a.astype(np.float32), mat_b.astype(np.float32)
        weights = np.swapaxes(mat_b, -1, -2)
        if mat_a.ndim == 3:
            return np.matmul(mat_a, weights).astype(dtype)
        ends = offsets.astype(np.int64)
        starts = np.concatenate([[0], ends[:-1]])
        if ends.size and (np.any(ends < starts) or ends[-1] != mat_a.shape[0]) or not ends.size and mat_a.shape[0]:
            raise ValidationError(
                f"GroupedMatMul's offsets {ends.tolist()} should rise from 0 to mat_a's {mat_a.shape[0]} rows"
            )
        out = np.zeros((mat_a.shape[0], mat_b.shape[1]), mat_a.dtype)
        for g, (start, end) in enumerate(zip(starts.tolist(), ends.tolist())):
            if end > start:
                out[start:end] = np.matmul(mat_a[start:end], weights[g])
        return out.astype(dtype)
