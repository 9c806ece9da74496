"""GRUSequence-5: GRUCell-3's step (gates z, r, h; see gru_cell.py) over the time steps of
X [batch, seq_len, input_size], per direction ("forward", "reverse", "bidirectional": both, the
reverse one second). initial_hidden_state [batch, num_directions, hidden_size],
sequence_lengths [batch] (integers), W [num_directions, 3*hidden_size, input_size],
R [num_directions, 3*hidden_size, hidden_size], B [num_directions, 3*hidden_size]
([.., 4*hidden_size] with linear_before_reset; PyTorch's nn.GRU converts to that form).

Outputs Y [batch, num_directions, seq_len, hidden_size] (every step's state) and Ho
[batch, num_directions, hidden_size] (the last). A batch's steps from its sequence length on
are zeros in Y and leave its state; the reverse direction runs over each batch's first
``length`` steps backwards. A batch of length 0 has Ho zeros, not its initial state (the spec
does not say; the CPU plugin gives zeros). A length outside [0, seq_len] is refused at run time.
f16 and bf16 compute in f32 and round once.

Departures from the CPU plugin: with ``activations`` left out, OpenVINO reads an empty list and
the plugin cannot compile the layer; irexec uses the spec's default "sigmoid, tanh".
An empty batch gives empty outputs and a seq_len of 0 an empty Y and zero
states (every length is 0); the plugin crashes on the first (a floating-point exception) and
refuses the second (TensorIterator: invalid "start", "stride", "end").
"""

from __future__ import annotations

from ..op import Attr, Input
from ..registry import register
from ._recurrent import ACTIVATION_ARGS, DIRECTIONS, FLOATS, GRU


@register
class GRUSequence(GRU):
    type, version = "GRUSequence", "opset5"
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
        "linear_before_reset",
    )
    spec = "sequence/gru-sequence-5"
    inputs = (
        Input("X", FLOATS),
        Input("initial_hidden_state", same_as="X"),
        Input("sequence_lengths", "int"),
        Input("W", same_as="X"),
        Input("R", same_as="X"),
        Input("B", same_as="X"),
    )
    outputs = ("Y", "Ho")
    attrs = GRU.make_attrs(
        "sigmoid, tanh", (Attr("direction", "str", choices=DIRECTIONS), Attr("linear_before_reset", "bool", False))
    )

    def output_facts(self, *ins):
        return self.sequence_facts(*ins)

    def compute(self, *arrays):
        return self.sequences(*arrays)
