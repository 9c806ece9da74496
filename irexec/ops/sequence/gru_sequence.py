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
"""
from __future__ import annotations

from ..op import Attr
from ..registry import register
from ._gru import DIRECTIONS, Sequence


@register
class GRUSequence(Sequence):
    type, version = "GRUSequence", "opset5"
    spec = "sequence/gru-sequence-5"
    gates = 3
    attrs = Sequence.make_attrs("sigmoid, tanh", (Attr("direction", "str", choices=DIRECTIONS),
                                  Attr("linear_before_reset", "bool", False)))
