"""LSTMCell-1 and LSTMCell-4 (spec sequence/lstm-cell-1, sequence/lstm-cell-4): one step of an LSTM.

With W [4H, I], R [4H, H], B [4H] holding the gates in the order f, i, c, o, and activations
f, g, h (default sigmoid, tanh, tanh)::

    gates = X W^T + H R^T + B           (each gate clipped to [-clip, clip] when clip > 0)
    i = f(gi)  f = f(gf)  c = g(gc)  o = f(go)
    Co = f * C + i * c                  Ho = o * h(Co)

Outputs Ho and Co [batch, H]. f16 and bf16 compute in f32 and round once.

LSTMCell-1 has the same formula (its spec names the same six inputs). OpenVINO's LSTMCell-1 also
reads ``weights_format``, ``input_forget`` and a seventh input P (peepholes), which the spec does
not have; the CPU plugin ignores all three (it computes a cell with weights_format iofc,
input_forget true or peepholes exactly as the fico cell without them), and so does irexec: it
reads them and leaves them unused. activations_alpha and beta are read and unused: irexec
knows only sigmoid, tanh and relu, which take none.

Departures from the CPU plugin: with ``activations`` left out, OpenVINO reads an empty list and
the plugin cannot compile the layer; irexec uses the spec's default sigmoid, tanh, tanh. An empty
batch (0 rows) gives empty outputs; the plugin cannot compile it.
"""
from __future__ import annotations

import numpy as np

from ...shapes import DYN
from ..op import Attr, Fact, Input, Op
from ..registry import register
from . import _lstm

_LAYOUT = ("BI", "BH", "BH", "GI", "GH", "G", "P")


class _LSTMCell(Op):
    outputs = ("Ho", "Co")
    attrs = _lstm.lstm_attrs()

    def setup(self):
        _lstm.check_attrs(self)

    def output_facts(self, *ins):
        hs = self.hidden_size
        dims = _lstm.merge_dims(self, list(ins), _LAYOUT, {"H": hs, "G": 4 * hs, "P": 3 * hs})
        out = (dims.get("B", DYN), dims["H"])
        return [Fact(ins[0].etype, out), Fact(ins[0].etype, out)]

    def compute(self, x, h, c, w, r, b=None, p=None):
        dtype = x.dtype
        if b is None:
            b = np.zeros(w.shape[0], np.float32)
        _, ho, co = _lstm.run(self, x[:, None], h, c, w, r, b)  # (P: unused, see above)
        return ho.astype(dtype), co.astype(dtype)


@register
class LSTMCell4(_LSTMCell):
    type, version = "LSTMCell", "opset4"
    spec = "sequence/lstm-cell-4"
    inputs = (Input("X", "float"), Input("initial_hidden_state", same_as="X"),
              Input("initial_cell_state", same_as="X"), Input("W", same_as="X"), Input("R", same_as="X"),
              Input("B", same_as="X"))


@register
class LSTMCell1(_LSTMCell):
    type, version = "LSTMCell", "opset1"
    spec = "sequence/lstm-cell-1"
    inputs = (Input("X", "float"), Input("initial_hidden_state", same_as="X"),
              Input("initial_cell_state", same_as="X"), Input("W", same_as="X"), Input("R", same_as="X"),
              Input("B", same_as="X", optional=True), Input("P", same_as="X", optional=True))
    attrs = _lstm.lstm_attrs() + (Attr("input_forget", "bool", False),
                                  Attr("weights_format", "str", "fico", ("fico", "icof", "ifco", "ifoc", "iofc")))
