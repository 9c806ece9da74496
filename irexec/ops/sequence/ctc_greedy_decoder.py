"""CTCGreedyDecoder-1: best path decoding of ``data`` [T, N, C] (T time steps, N sequences, C
classes, the last, C - 1, the blank). Sequence n is ``len[n]`` steps long: its
``sequence_mask`` [T, N] is 1 for t < len[n] and 0 after. At each step the path takes the class
of the largest value, ``c_t = argmax_c data[t, n, c]`` (the first on a tie), the best path
``p(C|X) = prod_t p(c_t|X)``; the path is then decoded: with ``ctc_merge_repeated`` a class
equal to the one of the step before it is dropped, and the blank is never emitted. The output
[N, T, 1, 1] has data's type and holds the decoded classes of each sequence from its start,
then -1.

A sequence's length is the count of its mask's leading non-zero entries (a mask of 1s then 0s,
as the spec wants, gives its count of 1s), as the CPU plugin reads it. NaN is never the largest
value, unless at class 0 (the plugin's scan keeps class 0 then); irexec does the same.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, ONE, fmt, intersect
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._ctc import best_classes, collapse


@register
class CTCGreedyDecoder(Op):
    type, version = "CTCGreedyDecoder", "opset1"
    builder_args = ("data", "sequence_mask", "merge_repeated=ctc_merge_repeated")
    spec = "sequence/ctc-greedy-decoder-1"
    inputs = (Input("data", "float"), Input("sequence_mask", "float"))
    attrs = (Attr("ctc_merge_repeated", "bool", True),)

    def output_facts(self, data, sequence_mask):
        for port, f, rank in ((0, data, 3), (1, sequence_mask, 2)):
            if f.shape is not None and len(f.shape) != rank:
                raise ValidationError(
                    f"CTCGreedyDecoder's {self.inputs[port].name} must be {rank}-D, got shape {fmt(f.shape)}", port=port
                )
        time, batch = (data.shape[0], data.shape[1]) if data.shape is not None else (DYN, DYN)
        if sequence_mask.shape is not None:
            t, n = intersect(time, sequence_mask.shape[0]), intersect(batch, sequence_mask.shape[1])
            if t is None or n is None:
                raise ValidationError(
                    f"CTCGreedyDecoder's sequence_mask must be [T, N] of data [T, N, C], got "
                    f"{fmt(sequence_mask.shape)} for data {fmt(data.shape)}",
                    port=1,
                )
            time, batch = t, n
        return Fact(data.etype, (batch, time, ONE, ONE))

    def compute(self, data, sequence_mask):
        steps, batch, classes = data.shape
        lengths = np.argmin(np.concatenate([sequence_mask != 0, np.zeros((1, batch), bool)]), axis=0)
        best = best_classes(data).T  # [N, T]
        decoded, _ = collapse(best, lengths, classes - 1, self.ctc_merge_repeated)
        return decoded.astype(data.dtype).reshape(batch, steps, 1, 1)
