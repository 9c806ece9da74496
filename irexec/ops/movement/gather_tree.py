"""GatherTree-1: the complete beams of a beam search, from the ids chosen at each step
(``step_ids`` [T, B, W]) and the beam each came from (``parent_ids`` [T, B, W]). For each batch
``b`` and beam ``w``, with ``L = min(T, max_seq_len[b])``, the beam is traced back from its last
step::

    final[L-1, b, w] = step_ids[L-1, b, w];  parent = parent_ids[L-1, b, w]
    for t = L-2 down to 0:  final[t, b, w] = step_ids[t, b, parent];  parent = parent_ids[t, b, parent]

every step at or past ``L`` is ``end_token``, and so is every step after the first ``end_token``
of the traced beam. All four inputs share one numeric type (``end_token`` a scalar); the output
has step_ids' shape and type.

The spec holds the values to integers: a parent that is followed must be an integer in [0, W)
and ``max_seq_len`` must hold integers; irexec refuses others (the CPU plugin refuses a parent
out of range too, and truncates fractions). Parents that are never followed (those read at step
0, and those of steps past ``L``) are not checked. A ``max_seq_len`` of 0 or less gives a beam of
``end_token`` alone, as TensorFlow's GatherTree (which the spec names as its equivalent) does.

Departs from the CPU plugin, which leaves such a beam unwritten (its output there is whatever the
buffer held), and refuses types other than those it converts to f32 or i32 (u8, bf16).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import DYN, fmt, intersect
from ..op import Bound, Fact, Input, Op
from ..registry import register


@register
class GatherTree(Op):
    type, version = "GatherTree", "opset1"
    builder_args = ("step_ids", "parent_idx=parent_ids", "max_seq_len", "end_token")
    spec = "movement/gather-tree-1"
    inputs = (
        Input("step_ids", "numeric"),
        Input("parent_ids", "numeric", same_as="step_ids", role="indices", bound=Bound("take", "beam_axis")),
        Input("max_seq_len", "numeric", same_as="step_ids"),
        Input("end_token", "numeric", same_as="step_ids"),
    )
    beam_axis = 2  # (parents pick a beam: a position along step_ids' last dim)

    def output_facts(self, step_ids, parent_ids, max_seq_len, end_token):
        for port, f, rank in ((0, step_ids, 3), (1, parent_ids, 3), (2, max_seq_len, 1), (3, end_token, 0)):
            if f.shape is not None and len(f.shape) != rank:
                raise ValidationError(
                    f"GatherTree's {self.inputs[port].name} must be "
                    f"{'a scalar' if rank == 0 else f'{rank}-D'}, got shape {fmt(f.shape)}",
                    port=port,
                )
        shape = step_ids.shape
        if parent_ids.shape is not None:
            if shape is None:
                shape = parent_ids.shape
            else:
                merged = [intersect(a, b) for a, b in zip(shape, parent_ids.shape)]
                if None in merged:
                    raise ValidationError(
                        f"GatherTree's step_ids and parent_ids must have one shape, got "
                        f"{fmt(step_ids.shape)} and {fmt(parent_ids.shape)}",
                        port=1,
                    )
                shape = tuple(merged)
        if max_seq_len.shape is not None:
            if shape is None:
                shape = (DYN, max_seq_len.shape[0], DYN)
            else:
                batch = intersect(shape[1], max_seq_len.shape[0])
                if batch is None:
                    raise ValidationError(
                        f"GatherTree's max_seq_len must have one entry per batch "
                        f"({fmt(shape)}), got shape {fmt(max_seq_len.shape)}",
                        port=2,
                    )
                shape = (shape[0], batch, shape[2])
        return Fact(step_ids.etype, shape if shape is not None else (DYN, DYN, DYN))

    def compute(self, step_ids, parent_ids, max_seq_len, end_token):
        steps, batch, width = step_ids.shape
        lengths = np.asarray(max_seq_len)
        _integers(lengths, "max_seq_len", port=2)
        # (clipped before the cast: a float length past the i64 range stays in bounds)
        lengths = np.clip(lengths, 0, steps).astype(np.int64)
        parents = parent_ids if parent_ids.dtype.kind in "iu" else parent_ids.astype(np.float64)
        end = np.asarray(end_token).reshape(()).astype(step_ids.dtype)
        out = np.full(step_ids.shape, end, step_ids.dtype)
        parent = np.broadcast_to(np.arange(width, dtype=np.int64), (batch, width))
        # Back from the last step: the trace of each beam starts at its own last step (L - 1).
        for t in range(steps - 1, -1, -1):
            active = np.broadcast_to((t < lengths)[:, None], (batch, width))
            out[t] = np.where(active, np.take_along_axis(step_ids[t], parent, axis=1), end)
            if t == 0:
                break
            nxt = np.take_along_axis(parents[t], parent, axis=1)
            ok = (nxt >= 0) & (nxt < width)
            if nxt.dtype.kind == "f":
                ok &= np.floor(nxt) == nxt
            bad = active & ~ok
            if bad.any():
                b, w = (int(i) for i in np.argwhere(bad)[0])
                raise IndexOutOfRangeError(
                    f"GatherTree's parent index {nxt[b, w].item()} at parent_ids[{t}, {b}, "
                    f"{parent[b, w]}] is out of range [0, {width - 1}]",
                    port=1,
                    code="C004",
                )
            parent = np.where(active, nxt, parent).astype(np.int64)
        # Past the first end_token of each beam: end_token.
        hit = (out == end).astype(np.int64)
        after = np.cumsum(hit, axis=0) - hit > 0
        return np.where(after, end, out)


def _integers(values: np.ndarray, what: str, port: int) -> None:
    if values.dtype.kind not in "iu":
        v = values.astype(np.float64)
        bad = ~np.isfinite(v) | (np.floor(v) != v)
        if bad.any():
            raise IndexOutOfRangeError(
                f"GatherTree's {what} must hold integers, got {v[bad][0]}", port=port, code="C004"
            )
