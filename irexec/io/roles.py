"""What each input of an op is to the tools that make inputs (``irexec layer``'s element types and
``--random``, ``irexec run --random``), read from the op's own declaration (``Op.inputs``: element
types, role, index bound): no table of ops is kept beside them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import ValidationError
from ..ops.common import scalar_int
from ..ops.op import Bound, Input

# Roles given as integers: i64 unless the port or a given array says which integer type.
INTEGER_ROLES = frozenset(("indices", "axis", "axes", "shape", "sizes"))
# Roles --random cannot invent: many values pass the op's checks, but only the right ones give the
# shapes the layer declares (an axis, a single number, it can search; these it cannot).
GIVEN_ROLES = frozenset(("axes", "shape", "sizes", "scales"))


def declared_inputs(cls, n: int) -> list:
    """The declaration of each of ``n`` inputs of a layer of op class ``cls`` (past the last
    declared input, the last: a variadic one). An op declaring none (Parameter, Const) has data
    inputs."""
    ins = cls.inputs
    if not ins:
        return [Input(str(i)) for i in range(n)]
    return [ins[min(i, len(ins) - 1)] for i in range(n)]


def data_input(decls: list) -> int:
    """The input an index bound counts positions in: the first data input."""
    return next((i for i, d in enumerate(decls) if d.role == "data"), 0)


def bound_axis(op, decls: list, bound: Bound, value_of: Callable[[int], object | None]) -> int | None:
    """The axis (as given: maybe negative) of a "take" or "elements" bound: the value of the input
    ``bound.axis`` names (``value_of(index)``; None when unknown), else the op's attribute of that
    name."""
    for i, d in enumerate(decls):
        if d.name == bound.axis:
            value = value_of(i)
            return None if value is None else scalar_int(value, d.name)
    if bound.axis is None or not hasattr(op, bound.axis):
        raise ValidationError(f"{op.type}'s {bound.kind} indices name no axis input or attribute {bound.axis!r}")
    return int(getattr(op, bound.axis))


def distinct_targets(op, bound: Bound) -> bool:
    """Whether indices for ``bound`` should pick distinct targets: a scatter whose reduction is
    none, so that the result does not depend on the order of updates."""
    return bound.distinct and getattr(op, "reduction", "none") == "none"
