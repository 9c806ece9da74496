"""What FakeQuantize and FakeConvert share: parameter inputs that broadcast into the data's shape
(one way: they never enlarge it)."""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import fmt
from ..elementwise import broadcast_shape


def into_data(op_type: str, auto_broadcast: str, data, params: list) -> tuple:
    """The data's partial shape, refined by what the parameters (``(name, port, shape)``) know
    of it; raises when a parameter does not broadcast to the data's shape."""
    out = data
    for name, port, shape in params:
        if shape is None or out is None:
            continue
        try:
            merged = broadcast_shape(auto_broadcast, out, shape)
        except ValidationError as e:
            raise ValidationError(
                f"{op_type}'s {name} {fmt(shape)} does not broadcast to the data's {fmt(data)}: {e.message}", port=port
            ) from None
        if len(merged) != len(out) or any(d.is_static and m != d for d, m in zip(out, merged)):
            raise ValidationError(
                f"{op_type}'s {name} {fmt(shape)} does not broadcast to the data's {fmt(data)} "
                f"(it would enlarge the output)",
                port=port,
            )
        out = merged
    return out
