"""A property's value, as OpenVINO's helpers return it: an ``OVAny`` (the one class that holds
runtime information too), whose ``astype(str)`` is the text a device reads for it."""

from __future__ import annotations

from irexec.api.model_api import OVAny

from ._text import text


class PropertyValue(OVAny):
    """``value`` is what was given (converted as the property takes it); ``astype(str)`` is
    OpenVINO's text (``THROUGHPUT``, ``YES``, ``f16``, ``AUTO`` for NUM_STREAMS' -1)."""

    __slots__ = ("_text",)

    def __init__(self, value, text: str | None = None):
        super().__init__(value)
        self._text = text

    def astype(self, kind):
        if kind is str:
            return self._text if self._text is not None else text(self._value)
        return super().astype(kind)
