"""RNNCell-1 (OpenVINO writes the key "opset1"): one plain RNN step,
``Ho = f(X W^T + H R^T + B)``.

X [batch, input_size], initial_hidden_state [batch, hidden_size], W [hidden_size, input_size],
R [hidden_size, hidden_size], B [hidden_size]. ``activations``: f (default "tanh"; relu, sigmoid,
tanh); ``activations_alpha``/``beta`` parameterise none of these and are ignored; ``clip`` C > 0
clips the pre-activation to [-C, C] (0, OpenVINO's default: no clipping). f16 and bf16 compute
in f32 and round once.
"""
from __future__ import annotations

from ..op import Input
from ..registry import register
from ._gru import _FLOATS, Recurrent


@register
class RNNCell(Recurrent):
    type, version = "RNNCell", "opset1"
    spec = "sequence/rnn-cell-1"
    gates = 1
    inputs = (Input("X", _FLOATS), Input("initial_hidden_state", same_as="X"), Input("W", same_as="X"),
              Input("R", same_as="X"), Input("B", same_as="X"))
    attrs = Recurrent.make_attrs("tanh")

    def output_facts(self, x, h, w, r, b):
        return self.cell_facts(x, h, w, r, b)

    def compute(self, x, h, w, r, b):
        return self.cell(x, h, w, r, b)
