"""RNNSequence-5: RNNCell's step ``H = f(X W^T + H R^T + B)`` (see rnn_cell.py) over the time
steps of X [batch, seq_len, input_size], per direction ("forward", "reverse", "bidirectional":
both, the reverse one second). initial_hidden_state [batch, num_directions, hidden_size],
sequence_lengths [batch] (integers), W [num_directions, hidden_size, input_size],
R [num_directions, hidden_size, hidden_size], B [num_directions, hidden_size].

Outputs Y [batch, num_directions, seq_len, hidden_size] (every step's state) and Ho
[batch, num_directions, hidden_size] (the last). A batch's steps from its sequence length on
are zeros in Y and leave its state; the reverse direction runs over each batch's first
``length`` steps backwards. A batch of length 0 has Ho zeros, not its initial state (the spec
does not say; the CPU plugin gives zeros). A length outside [0, seq_len] is refused at run time.
f16 and bf16 compute in f32 and round once.

Departures from the CPU plugin: with ``activations`` left out, OpenVINO reads an empty list and
the plugin cannot compile the layer; irexec uses the spec's default "tanh".
An empty batch gives empty outputs and a seq_len of 0 an empty Y and zero
states (every length is 0); the plugin crashes on the first (a floating-point exception) and
refuses the second (TensorIterator: invalid "start", "stride", "end").
"""

from __future__ import annotations

from ..op import Attr, Input
from ..registry import register
from ._recurrent import ACTIVATION_ARGS, DIRECTIONS, FLOATS, RNN


@register
class RNNSequence(RNN):
    type, version = "RNNSequence", "opset5"
    builder_args = (
        "X",
        "initial_hidden_state",
        "sequence_lengths",
        "W",
        "R",
        "B",
        "hidden_size",
        "direction",
        *ACTIVATION_ARGS,
    )
    spec = "sequence/rnn-sequence-5"
    inputs = (
        Input("X", FLOATS),
        Input("initial_hidden_state", same_as="X"),
        Input("sequence_lengths", "int"),
        Input("W", same_as="X"),
        Input("R", same_as="X"),
        Input("B", same_as="X"),
    )
    outputs = ("Y", "Ho")
    attrs = RNN.make_attrs("tanh", (Attr("direction", "str", choices=DIRECTIONS),))

    def output_facts(self, *ins):
        return self.sequence_facts(*ins)

    def compute(self, *arrays):
        return self.sequences(*arrays)
