"""What the three scatters share: the base (output as data, computed in place when allowed) and
the axis input, read and checked once for the rule and the advice. The semantics live in
irexec.kernels (shared with ONNX's ScatterElements); reductions: see irexec/kernels/reduce.py."""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import normalize_axis
from ..common import scalar_int
from ..op import Fact, Op

AXIS_PORT = 3  # ScatterUpdate's and ScatterElementsUpdate's axis


class Scatter(Op):
    """A scatter: the output is data, with updates written at the indices. ``compute`` may
    write into data's buffer (``out=``) when the executor says nothing else sees it."""

    inplace_input = 0

    def output(self, data: Fact) -> Fact:
        return Fact(data.etype, data.shape)


def check_axis_shape(op: Op, axis: Fact) -> None:
    if axis.shape is not None and len(axis.shape) > 1:
        raise ValidationError(f"{op.type}'s axis must be a scalar or a 1-element tensor", port=AXIS_PORT)


def axis_of(data: Fact, axis: Fact):
    """The normalised axis when its value and data's rank are known, else None."""
    if data.shape is None or axis.value is None:
        return None
    try:
        return normalize_axis(scalar_int(axis.value, "axis"), len(data.shape))
    except ValidationError as e:
        raise ValidationError(e.message, port=AXIS_PORT, code=e.code) from None
