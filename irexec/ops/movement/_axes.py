"""What the movement ops Split, VariadicSplit, Tile, Pad, Roll, Reverse and ReverseSequence
share: reading a scalar axis input and the length of a 1-D input from their facts."""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import fmt, normalize_axis
from ..common import scalar_int
from ..op import Fact


def length(fact: Fact):
    """How many entries a 1-D input holds, when its shape says; None otherwise."""
    if fact is None or fact.shape is None or len(fact.shape) != 1 or not fact.shape[0].is_static:
        return None
    return fact.shape[0].lo


def require_rank(fact: Fact, ranks: tuple, op: str, what: str, port: int, say: str) -> None:
    """Refuse an input whose known rank is not one of ``ranks`` (``say``: what it must be)."""
    if fact.shape is not None and len(fact.shape) not in ranks:
        raise ValidationError(f"{op}'s {what} must be {say}, got shape {fmt(fact.shape)}", port=port)


def known_axis(data: Fact, axis: Fact, what: str):
    """The scalar axis input's value normalised against the data's rank (raising S006 when it
    is out of range), or None when the rank or the value is not known."""
    if data.shape is None or axis.value is None:
        return None
    return normalize_axis(scalar_int(axis.value, what), len(data.shape), what)
