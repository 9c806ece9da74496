"""LSTMSequence-5 (spec sequence/lstm-sequence-5): LSTMCell-4 (see lstm_cell.py: gates f, i, c, o,
activations f, g, h, clip) run over the time steps of X [batch, seq_len, input_size].

Inputs: X, initial_hidden_state and initial_cell_state [batch, D, H], sequence_lengths [batch]
(integers), W [D, 4H, I], R [D, 4H, H], B [D, 4H]; D (num_directions) is 2 for ``direction``
bidirectional, else 1. Outputs: Y [batch, D, seq_len, H] (each step's hidden state), Ho and Co
[batch, D, H] (the last state). ``reverse`` runs each row's first sequence_lengths[b] steps
backwards and writes Y at the steps' own positions; bidirectional runs forward with direction
0's weights and reverse with direction 1's. Steps at or past a row's length keep its state and
give zeros in Y; a row of length 0 gives zero Ho and Co, not its initial state (the
spec does not say; the CPU plugin does so). A length outside [0, seq_len] is refused.

LSTMSequence-1 (opset1) is not read: OpenVINO's IR reader has no LSTMSequence in opset1.
f16 and bf16 compute in f32 and round once.
"""
from __future__ import annotations

import numpy as np

from ...shapes import DYN
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register
from . import _lstm

_LAYOUT = ("BTI", "BDH", "BDH", "B", "DGI", "DGH", "DG")


@register
class LSTMSequence5(Op):
    type, version = "LSTMSequence", "opset5"
    spec = "sequence/lstm-sequence-5"
    inputs = (Input("X", "float"), Input("initial_hidden_state", same_as="X"),
              Input("initial_cell_state", same_as="X"), Input("sequence_lengths", "int"),
              Input("W", same_as="X"), Input("R", same_as="X"), Input("B", same_as="X"))
    outputs = ("Y", "Ho", "Co")
    attrs = _lstm.lstm_attrs() + (Attr("direction", "str", REQUIRED, ("forward", "reverse", "bidirectional")),)

    def setup(self):
        _lstm.check_attrs(self)

    def output_facts(self, *ins):
        hs = self.hidden_size
        nd = 2 if self.direction == "bidirectional" else 1
        d = _lstm.merge_dims(self, list(ins), _LAYOUT, {"H": hs, "G": 4 * hs, "D": nd})
        b, t, dd, h = d.get("B", DYN), d.get("T", DYN), d["D"], d["H"]
        et = ins[0].etype
        return [Fact(et, (b, dd, t, h)), Fact(et, (b, dd, h)), Fact(et, (b, dd, h))]

    def compute(self, x, h, c, lengths, w, r, b):
        dtype = x.dtype
        dirs = [self.direction == "reverse"] if self.direction != "bidirectional" else [False, True]
        outs = [_lstm.run(self, x, h[:, k], c[:, k], w[k], r[k], b[k], lengths, reverse=rev)
                for k, rev in enumerate(dirs)]
        y = np.stack([o[0] for o in outs], axis=1)
        ho = np.stack([o[1] for o in outs], axis=1)
        co = np.stack([o[2] for o in outs], axis=1)
        return y.astype(dtype), ho.astype(dtype), co.astype(dtype)
