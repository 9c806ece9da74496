"""ReadValue-3 and ReadValue-6: the value of the variable ``variable_id``, kept between the
inferences of one request (irexec.api.request.InferRequest; ``Model.infer`` uses the model's own).

On the first inference, or after a reset, ReadValue gives its ``init_value`` input; ReadValue-6
without one gives zeros of ``variable_type`` and ``variable_shape``. Otherwise it gives what the
variable's Assign stored at the end of the inference before (or what the caller set through
``query_state()``). An Assign's value is stored when the inference ends: a ReadValue that runs
after it in the same inference still reads the value from before.

The variable's declaration: ReadValue-3 declares it as its ``init_value`` (type and shape);
ReadValue-6 by ``variable_type`` and ``variable_shape`` (partial: ``?``, ``-1``, intervals), which
must extend (relax) the ``init_value``'s when there is one: every dim of ``variable_shape`` holds
the input's, and ``variable_type`` is the input's or ``dynamic``. The output is the declaration
(OpenVINO's rule), so a dim the declaration leaves open stays open even where the input knows it.

At run time the executor passes ``state=``, the request's store of variables: ``state.get(id)``
is the variable's value (None when it has none). ReadValue is never folded.

Departures from the CPU plugin (and where the spec is silent):

- ``variable_shape`` with dynamic dims and no ``init_value``: the spec's zeros of that shape are
  made with 0 for every dynamic dim (the lower bound of an interval), as the plugin does (its
  first read of a ``[?,3]`` variable is a ``[0,3]`` tensor). A dynamic rank or type there cannot
  be made: irexec refuses at run time, naming the variable; the plugin refuses to compile.
- ReadValue-6 without ``variable_type`` or ``variable_shape`` (the spec requires both; OpenVINO
  before 2024 wrote only ``variable_id``) is read as OpenVINO reads it: ``dynamic`` and a
  dynamic rank, and when both are so and there is an ``init_value``, the output is the input's
  type and shape.
- An empty ``variable_id`` is refused (the spec's range is any non-empty string; OpenVINO reads it).
- A variable that no Assign writes always reads as its initial value (``irexec lint`` warns:
  V002); the plugin refuses to compile such a model. A model may hold several ReadValues of one
  variable when they declare it alike (the spec expects one; the plugin refuses a second).
"""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import fmt
from ...types import element_type
from ..op import REQUIRED, Attr, Fact, Input
from ..registry import register
from ._stateful import StatefulOp


def relaxes(wide, narrow) -> bool:
    """Whether the partial shape ``wide`` extends ``narrow``: every shape ``narrow`` allows,
    ``wide`` allows too (a dynamic rank extends everything)."""
    if wide is None:
        return True
    if narrow is None or len(wide) != len(narrow):
        return False
    return all(w.lo <= n.lo and (w.hi is None or (n.hi is not None and n.hi <= w.hi)) for w, n in zip(wide, narrow))


def zeros(etype, shape, variable_id: str) -> np.ndarray:
    """A variable's value before anything is assigned: zeros, a dynamic dim taken as its lower
    bound (0 for ``?``), as the plugin makes it."""
    if etype is None or shape is None:
        what = "type" if etype is None else "rank"
        raise ExecutionError(
            f"variable '{variable_id}' has no value yet and no init_value, and its declared "
            f"{what} is dynamic: there is no zero value to start from"
        )
    return np.zeros(tuple(d.lo for d in shape), etype.dtype)


class _ReadValue(StatefulOp):
    def setup(self):
        if not self.variable_id:
            raise ValidationError("ReadValue's variable_id must not be empty")

    def compute(self, *init, state=None):
        value = state.get(self.variable_id) if state is not None else None
        if value is not None:
            return value
        if init:
            return init[0]
        return zeros(self.declared_type, self.variable_shape, self.variable_id)


@register
class ReadValue3(_ReadValue):
    type, version = "ReadValue", "opset3"
    spec = "infrastructure/read-value-3"
    inputs = (Input("init_value"),)
    attrs = (Attr("variable_id", "str"),)

    def output_facts(self, init):
        return Fact(init.etype, init.shape)


@register
class ReadValue6(_ReadValue):
    type, version = "ReadValue", "opset6"
    builder_args = (("init_value", REQUIRED), "variable_id", ("variable_type", None), ("variable_shape", None))
    spec = "infrastructure/read-value-6"
    inputs = (Input("init_value", optional=True),)
    attrs = (Attr("variable_id", "str"), Attr("variable_type", "str", "dynamic"), Attr("variable_shape", "shape", None))

    def setup(self):
        super().setup()
        name = self.variable_type.lower()
        self.declared_type = None if name in ("dynamic", "undefined") else element_type(name)

    def output_facts(self, *init):
        etype, shape = self.declared_type, self.variable_shape
        if not init:
            return Fact(etype, shape)
        given = init[0]
        if given.shape is not None and not relaxes(shape, given.shape):
            raise ValidationError(
                f"ReadValue's variable_shape {fmt(shape)} does not extend its init_value's shape {fmt(given.shape)}",
                port=0,
            )
        if etype is not None and given.etype is not None and given.etype.name != etype.name:
            raise ValidationError(f"ReadValue's variable_type is {etype}, but its init_value is {given.etype}", port=0)
        if etype is None and shape is None:
            return Fact(given.etype, given.shape)  # (an IR that leaves both out: OpenVINO's reading)
        return Fact(etype, shape)
