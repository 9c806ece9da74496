"""If-8: runs ``then_body`` when ``cond`` (a boolean scalar or 1-element tensor) is true, else
``else_body``. The bodies' Parameters take the op's inputs by ``<then_port_map>`` and
``<else_port_map>`` (``<input>``: the op's input port and the body's Parameter); each output of
the op is one Result of each body (``<output>``).

Shapes: with ``cond`` known, the outputs are the taken body's (values too) and the other body is
not inferred, as OpenVINO does; otherwise both are, and each output is what both bodies' results
may be: dims where they differ are dynamic, the rank unknown when theirs differ (their element
types must be one). OpenVINO merges such dims into a range in memory, but writes them as -1.

Departures from the CPU plugin: irexec reads a port map's ``external_port_id`` as the id of the
layer's port (OpenVINO reads an input's as its index and orders the outputs by theirs: the same
for files OpenVINO writes, whose ports are numbered 0, 1, ... in order).

Running: only the taken body runs (an error the other one would meet is never met).
"""

import numpy as np

from ...errors import ExecutionError
from ..bodies import BodyOp, known_scalar, merged
from ..op import Input
from ..registry import register


@register
class If(BodyOp):
    type, version = "If", "opset8"
    spec = "condition/if-8"
    body_names = ("then_body", "else_body")
    inputs = (Input("cond", "bool", value=True), Input("inputs", variadic=True, optional=True))

    def output_facts(self, cond, *data, context):
        taken = known_scalar(cond, "If's cond", 0)
        names = self.body_names if taken is None else ("then_body" if taken else "else_body",)
        outs = []
        for name in names:
            body = self.bodies[name]
            outs.append(self.collect(body, context.infer(body, self.feeds(body, [cond, *data]))))
        if len(outs) == 1:
            return outs[0]
        return [
            merged(a, b, f"If's then_body and else_body give output port {pid} different element types")
            for pid, a, b in zip(self.output_ids, *outs)
        ]

    def compute(self, cond, *data, context):
        cond = np.asarray(cond)
        if cond.size != 1:
            raise ExecutionError(f"If's cond must have one element, got shape {list(cond.shape)}")
        body = self.bodies["then_body" if cond.reshape(()).item() else "else_body"]
        return tuple(self.outputs_of(body, self.run_body(context, body, [cond, *data])))
