"""OpenVINO's ``Strides`` and ``CoordinateDiff``: lists of ints a graph builder takes for a
convolution's or a pooling's strides and pads (irexec's builders take plain lists as well)."""

from __future__ import annotations

import operator

from irexec.api.partial_shape import ArgumentTypeError


class _Ints:
    _signed = False

    def __init__(self, values=()):
        try:
            items = [operator.index(v) for v in values]
        except TypeError:
            raise ArgumentTypeError(f"{type(self).__name__} takes a sequence of ints, not {values!r}") from None
        if not self._signed and any(v < 0 for v in items):
            raise ArgumentTypeError(f"{type(self).__name__} takes ints of 0 or more, not {items}")
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, index: int) -> int:
        return self._items[operator.index(index)]

    def __setitem__(self, index: int, value: int) -> None:
        self._items[operator.index(index)] = type(self)([value])._items[0]

    def __eq__(self, other) -> bool:
        try:
            return self._items == [operator.index(v) for v in other]
        except TypeError:
            return NotImplemented

    __hash__ = None  # (mutable, as OpenVINO's)

    def __str__(self) -> str:
        return ", ".join(map(str, self._items))

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: ({', '.join(map(str, self._items))})>"


class Strides(_Ints):
    """A stride per spatial axis: ``Strides([2, 2])``."""


class CoordinateDiff(_Ints):
    """A signed offset per spatial axis (pads): ``CoordinateDiff([0, -1])``."""

    _signed = True
