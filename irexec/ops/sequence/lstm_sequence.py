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

LSTMSequence-1 (opset1, with P and weights_format) is not read: OpenVINO's IR reader has no
LSTMSequence in opset1 and its Python API cannot build one, so no IR OpenVINO writes holds it.
f16 and bf16 compute in f32 and round once.

Departures from the CPU plugin: with ``activations`` left out, OpenVINO reads an empty list and
the plugin cannot compile the layer; irexec uses the spec's default sigmoid, tanh, tanh.
An empty batch gives empty outputs and a seq_len of 0 an empty Y and zero
states (every length is 0); the plugin crashes on the first (a floating-point exception) and
refuses the second (TensorIterator: invalid "start", "stride", "end").
"""

from __future__ import annotations

from ..op import REQUIRED, Attr, Input
from ..registry import register
from ._recurrent import ACTIVATION_ARGS, DIRECTIONS, FLOATS, LSTM


@register
class LSTMSequence5(LSTM):
    type, version = "LSTMSequence", "opset5"
    builder_args = (
        "X",
        "initial_hidden_state",
        "initial_cell_state",
        "sequence_lengths",
        "W",
        "R",
        "B",
        "hidden_size",
        "direction",
        *ACTIVATION_ARGS,
    )
    spec = "sequence/lstm-sequence-5"
    inputs = (
        Input("X", FLOATS),
        Input("initial_hidden_state", same_as="X"),
        Input("initial_cell_state", same_as="X"),
        Input("sequence_lengths", "int"),
        Input("W", same_as="X"),
        Input("R", same_as="X"),
        Input("B", same_as="X"),
    )
    outputs = ("Y", "Ho", "Co")
    attrs = LSTM.make_attrs("sigmoid,tanh,tanh", (Attr("direction", "str", REQUIRED, DIRECTIONS),))

    def output_facts(self, *ins):
        return self.sequence_facts(*ins)

    def compute(self, *arrays):
        return self.sequences(*arrays)
