"""GRUCell-3: one GRU step, gates in OpenVINO's order z, r, h (W and R rows [z; r; h])::

    z  = f(X Wz^T + H Rz^T + Wbz + Rbz)        r = f(X Wr^T + H Rr^T + Wbr + Rbr)
    h~ = g(X Wh^T + (r . H) Rh^T + Rbh + Wbh)           (linear_before_reset false)
    h~ = g(X Wh^T + r . (H Rh^T + Rbh) + Wbh)           (linear_before_reset true: B has 4 rows)
    Ho = (1 - z) . h~ + z . H

X [batch, input_size], initial_hidden_state [batch, hidden_size], W [3*hidden_size, input_size],
R [3*hidden_size, hidden_size], optional B [3*hidden_size] ([4*hidden_size] with
linear_before_reset: Wbz+Rbz, Wbr+Rbr, Wbh, Rbh), zeros when left out. ``activations`` f, g
(default "sigmoid, tanh"; relu, sigmoid, tanh); ``activations_alpha``/``beta`` parameterise none of
these and are ignored; ``clip`` C > 0 clips every pre-activation to [-C, C] (0, OpenVINO's
default: no clipping). f16 and bf16 compute in f32 and round once.

Departures from the CPU plugin: with B left out the plugin cannot compile the cell (OpenVINO
2026.4: "index '4' out of range"); irexec uses zeros, as the spec says. An empty batch gives
empty outputs; the plugin cannot compile it.
"""

from __future__ import annotations

from ..op import REQUIRED, Attr, Input
from ..registry import register
from ._recurrent import ACTIVATION_ARGS, FLOATS, GRU


@register
class GRUCell(GRU):
    type, version = "GRUCell", "opset3"
    builder_args = (
        "X",
        "initial_hidden_state",
        "W",
        "R",
        ("B", REQUIRED),
        "hidden_size",
        *ACTIVATION_ARGS,
        "linear_before_reset",
    )
    spec = "sequence/gru-cell-3"
    inputs = (
        Input("X", FLOATS),
        Input("initial_hidden_state", same_as="X"),
        Input("W", same_as="X"),
        Input("R", same_as="X"),
        Input("B", same_as="X", optional=True),
    )
    attrs = GRU.make_attrs("sigmoid, tanh", (Attr("linear_before_reset", "bool", False),))

    def output_facts(self, *ins):
        return self.cell_facts(*ins)

    def compute(self, *arrays):
        return self.cell(*arrays)[0]
