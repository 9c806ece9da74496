"""Assign-3 and Assign-6: store ``new_value`` as the variable ``variable_id``'s value, which the
variable's ReadValue gives on the next inference of the same request (unless it is reset). The
value is stored when the inference ends (an inference that fails stores nothing), so a
ReadValue of the variable in the same inference reads the value from before, as in the plugin.

The output, when the layer declares one (OpenVINO writes it; the spec's example has none), is
``new_value`` itself. Nothing consumes it: an Assign is a sink, run for its effect, and
``irexec lint`` does not call its output unused.

The variable is declared by a ReadValue of the same ``variable_id``: ``irexec lint`` (and
``read_model``) refuse a ``new_value`` whose type differs from the declaration's or whose shape
cannot fit it (S005). An Assign whose variable no ReadValue reads, or a second Assign of one
variable (the last in the order wins), is only a warning (V002): the spec expects one pair of
ReadValue and Assign per variable; OpenVINO refuses to read an Assign-3 with no ReadValue-3 of its
variable among the layers it depends on, and its plugin fails on such an Assign-6, and on an
Assign whose output feeds a Result. Assign-3's spec asks for the declared type and shape exactly, Assign-6's for a
declaration that extends the value's: irexec holds both to the same test, that the value's
partial shape can fit the declaration, and checks the actual value when the inference stores it.

At run time the executor passes ``state=``, the request's store of variables:
``state.assign(id, value)`` takes a copy (later layers, or the caller, may write the array).
Assign is never folded.
"""

from ...errors import ValidationError
from ..op import Attr, Fact, Input
from ..registry import register
from ._stateful import StatefulOp


class _Assign(StatefulOp):
    inputs = (Input("new_value"),)
    attrs = (Attr("variable_id", "str"),)
    sink = True  # run for its effect, not its output
    # 0 or 1 outputs: the spec's example writes none, OpenVINO writes one.
    outputs_from_layer = True

    def setup(self):
        if not self.variable_id:
            raise ValidationError("Assign's variable_id must not be empty")

    def output_facts(self, value):
        if self.num_outputs > 1:
            raise ValidationError(f"Assign has at most 1 output, the layer declares {self.num_outputs}")
        return [Fact(value.etype, value.shape)] * self.num_outputs

    def compute(self, value, state=None):
        if state is not None:
            state.assign(self.variable_id, value)
        return (value,) * self.num_outputs


@register
class Assign3(_Assign):
    type, version = "Assign", "opset3"
    spec = "infrastructure/assign-3"


@register
class Assign6(_Assign):
    type, version = "Assign", "opset6"
    spec = "infrastructure/assign-6"
