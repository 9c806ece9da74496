"""RNNCell-1 (OpenVINO writes the key "opset1"): one plain RNN step,
``Ho = f(X W^T + H R^T + B)``.

X [batch, input_size], initial_hidden_state [batch, hidden_size], W [hidden_size, input_size],
R [hidden_size, hidden_size], B [hidden_size]. ``activations``: f (default "tanh"; relu, sigmoid,
tanh); ``activations_alpha``/``beta`` parameterise none of these and are ignored; ``clip`` C > 0
clips the pre-activation to [-C, C] (0, OpenVINO's default: no clipping). f16 and bf16 compute
in f32 and round once.

Departure from the CPU plugin: an empty batch gives empty outputs; the plugin cannot compile it.
"""

from __future__ import annotations

from ..op import REQUIRED, Input
from ..registry import register
from ._recurrent import FLOATS, RNN


@register
class RNNCell(RNN):
    type, version = "RNNCell", "opset1"
    builder_args = (
        "X",
        "initial_hidden_state",
        "W",
        "R",
        "B",
        "hidden_size",
        ("activations", REQUIRED),
        ("activations_alpha", REQUIRED),
        ("activations_beta", REQUIRED),
        "clip",
    )
    spec = "sequence/rnn-cell-1"
    inputs = (
        Input("X", FLOATS),
        Input("initial_hidden_state", same_as="X"),
        Input("W", same_as="X"),
        Input("R", same_as="X"),
        Input("B", same_as="X"),
    )
    attrs = RNN.make_attrs("tanh")

    def output_facts(self, *ins):
        return self.cell_facts(*ins)

    def compute(self, *arrays):
        return self.cell(*arrays)[0]
