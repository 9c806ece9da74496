"""OpenVINO's text for a property's value: what a device reads from a configuration and
``OVAny.astype(str)`` gives (``YES``/``NO``, ``THROUGHPUT``, ``LOG_DEBUG``, ``f16``, items joined by
spaces)."""

from __future__ import annotations

import enum

# An enum member whose OpenVINO text is not its name (log levels, cache modes): filled in by the
# modules that define them.
ENUM_TEXT: dict = {}


def text(value) -> str:
    """``value`` as OpenVINO writes it in a configuration."""
    if hasattr(value, "astype") and hasattr(value, "get"):  # (an OVAny)
        return value.astype(str)
    if isinstance(value, bool):
        return "YES" if value else "NO"
    if isinstance(value, enum.Enum):
        return ENUM_TEXT.get(value, value.name)
    if value is None:
        return ""
    if isinstance(value, float):
        return format(value, "g")
    if isinstance(value, dict):
        return "{" + ",".join(f"{text(k)}:{text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple, set, frozenset)):
        return " ".join(text(v) for v in value)
    if hasattr(value, "get_type_name") and hasattr(value, "bitwidth"):  # an element type
        return value.get_type_name()
    return str(value)
