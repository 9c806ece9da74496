"""LSTMCell-1 and LSTMCell-4 (spec sequence/lstm-cell-1, sequence/lstm-cell-4): one step of an LSTM.

With W [4H, I], R [4H, H], B [4H] holding the gates in the order f, i, c, o, and activations
f, g, h (default sigmoid, tanh, tanh; each of relu, sigmoid, tanh)::

    gates = X W^T + H R^T + B           (each gate clipped to [-clip, clip] when clip > 0)
    i = f(gi)  f = f(gf)  c = g(gc)  o = f(go)
    Co = f * C + i * c                  Ho = o * h(Co)

Outputs Ho and Co [batch, H]. f16 and bf16 compute in f32 and round once. activations_alpha and
beta are read and unused: relu, sigmoid and tanh take none (see _recurrent.py).

LSTMCell-1 has the same formula (its spec names the same six inputs; B may be left out: zeros).
OpenVINO's LSTMCell-1 also reads ``weights_format``, ``input_forget`` and a seventh input P
(peepholes), which the spec does not have; the CPU plugin ignores all three (it computes a cell
with weights_format iofc, input_forget true or peepholes exactly as the fico cell without them),
and so does irexec: it reads them and leaves them unused.

Departures from the CPU plugin: with ``activations`` left out, OpenVINO reads an empty list and
the plugin cannot compile the layer; irexec uses the spec's default sigmoid, tanh, tanh. An empty
batch (0 rows) gives empty outputs; the plugin cannot compile it.
"""

from __future__ import annotations

from ..op import REQUIRED, Attr, Input
from ..registry import register
from ._recurrent import ACTIVATION_ARGS, FLOATS, LSTM


class _LSTMCell(LSTM):
    builder_args = (
        "X",
        "initial_hidden_state",
        "initial_cell_state",
        "W",
        "R",
        ("B", REQUIRED),
        "hidden_size",
        *ACTIVATION_ARGS,
    )
    outputs = ("Ho", "Co")
    attrs = LSTM.make_attrs("sigmoid,tanh,tanh")

    def output_facts(self, *ins):
        return self.cell_facts(*ins)

    def compute(self, *arrays):
        return self.cell(*arrays)  # (P: unused, see above)


@register
class LSTMCell4(_LSTMCell):
    type, version = "LSTMCell", "opset4"
    spec = "sequence/lstm-cell-4"
    inputs = (
        Input("X", FLOATS),
        Input("initial_hidden_state", same_as="X"),
        Input("initial_cell_state", same_as="X"),
        Input("W", same_as="X"),
        Input("R", same_as="X"),
        Input("B", same_as="X"),
    )


@register
class LSTMCell1(_LSTMCell):
    type, version = "LSTMCell", "opset1"
    spec = "sequence/lstm-cell-1"
    inputs = LSTMCell4.inputs[:5] + (Input("B", same_as="X", optional=True), Input("P", same_as="X", optional=True))
    attrs = _LSTMCell.attrs + (
        Attr("input_forget", "bool", False),
        Attr("weights_format", "str", "fico", ("fico", "icof", "ifco", "ifoc", "iofc")),
    )
