"""ReverseSequence-1: for each index b along ``batch_axis``, the first ``seq_lengths[b]`` elements
along ``seq_axis`` in reverse order, the rest as they are:
output[.., b, .., t, ..] = data[.., b, .., L_b - 1 - t, ..] for t < L_b, else data[.., b, .., t, ..].
The data has rank 2 or more; ``batch_axis`` (default 0) and ``seq_axis`` (default 1) are distinct
dims, negative counting from the end; ``seq_lengths`` is 1-D, one length per batch index, in
[0, data.shape[seq_axis]] (0 and 1 leave the row as it is).

``seq_lengths`` may be of any numeric type: a float length counts as its integer part, as the CPU
plugin takes it. A length beyond the dim, or negative, is refused (as the plugin refuses it).
The CPU plugin runs a layer whose batch_axis and seq_axis name one dim; irexec refuses it.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, intersect, normalize_axis
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register
from ._axes import require_rank


def seq_lengths_of(values, dim: int) -> np.ndarray:
    """The lengths as integers, checked against the sequence dim."""
    v = np.asarray(values).reshape(-1)
    if v.dtype.kind == "f" or v.dtype.kind == "V":
        v = v.astype(np.float64)
        if not np.all(np.isfinite(v)):
            raise ValidationError(f"ReverseSequence's seq_lengths {v.tolist()} are not all finite", port=1, code="C004")
        v = np.trunc(v)
    bad = np.flatnonzero((v < 0) | (v > dim))
    if bad.size:
        i = int(bad[0])
        raise ValidationError(
            f"ReverseSequence's seq_lengths[{i}] = {v[i]} is out of range [0, {dim}]", port=1, code="C004"
        )
    return v.astype(np.int64)


@register
class ReverseSequence(Op):
    type, version = "ReverseSequence", "opset1"
    builder_args = ("input=data", "seq_lengths", ("batch_axis", REQUIRED), ("seq_axis", REQUIRED))
    spec = "movement/reverse-sequence-1"
    inputs = (Input("data"), Input("seq_lengths", "numeric", role="sizes"))
    attrs = (Attr("batch_axis", "int", 0), Attr("seq_axis", "int", 1))

    def axes(self, rank: int) -> tuple:
        b = normalize_axis(self.batch_axis, rank, "ReverseSequence batch_axis")
        s = normalize_axis(self.seq_axis, rank, "ReverseSequence seq_axis")
        if b == s:
            raise ValidationError(
                f"ReverseSequence's batch_axis {self.batch_axis} and seq_axis {self.seq_axis} "
                f"name one dim of rank {rank}"
            )
        return b, s

    def output_facts(self, data, seq_lengths):
        require_rank(seq_lengths, (1,), "ReverseSequence", "seq_lengths", 1, "a 1-D tensor")
        if data.shape is None:
            return Fact(data.etype, None)
        rank = len(data.shape)
        if rank < 2:
            raise ValidationError(f"ReverseSequence's data must have rank 2 or more, got {fmt(data.shape)}")
        b, s = self.axes(rank)
        shape = data.shape
        if seq_lengths.shape is not None:
            d = intersect(shape[b], seq_lengths.shape[0])
            if d is None:
                raise ValidationError(
                    f"ReverseSequence's seq_lengths {fmt(seq_lengths.shape)} need one length per "
                    f"index of batch dim {b} of {fmt(shape)}",
                    port=1,
                )
            shape = shape[:b] + (d,) + shape[b + 1 :]
        if seq_lengths.value is not None and shape[s].is_static:
            seq_lengths_of(seq_lengths.value, shape[s].lo)
        return Fact(data.etype, shape)

    def compute(self, data, seq_lengths):
        data = np.asarray(data)
        b, s = self.axes(data.ndim)
        n = data.shape[s]
        lengths = seq_lengths_of(seq_lengths, n)
        # Each (batch, step) reads step L - 1 - t when t < L: one gather along the sequence axis.
        t = np.arange(n, dtype=np.int64)
        src = np.where(t < lengths[:, None], lengths[:, None] - 1 - t, t)  # [batch, seq]
        if b > s:
            src = src.T
        view = [1] * data.ndim
        view[b], view[s] = data.shape[b], n
        return np.take_along_axis(data, src.reshape(view), axis=s)
