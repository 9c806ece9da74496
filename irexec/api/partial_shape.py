"""Shapes as OpenVINO's Python users see them: ``PartialShape`` and ``Dimension``.

irexec's own shapes are tuples of ``Dim`` intervals (``irexec.shapes``), or None when even the
rank is unknown. A ``PartialShape`` is such a tuple that prints, compares and answers as
OpenVINO's does (``[?,8,4]``, ``is_dynamic``, ``to_shape()``), so code written against
``openvino`` reads irexec's shapes unchanged, and code written against irexec keeps its tuples.
"""

from __future__ import annotations

from ..errors import ValidationError
from ..shapes import DYN, Dim, fixed, parse_shape, span

# OpenVINO's name for one dim of a PartialShape.
Dimension = Dim


class PartialShape(tuple):
    """A partial shape: a tuple of ``Dimension`` (``Dim``) that prints as OpenVINO prints it.
    ``PartialShape.dynamic()`` is the shape of unknown rank (an empty tuple, ``rank_known``
    False). Built from ints (-1 a dynamic dim), ``(lo, hi)`` pairs, Dims, or text such as
    ``"[1,3,?,1..10]"``."""

    rank_known = True

    def __new__(cls, dims=()):
        if isinstance(dims, PartialShape):
            return dims
        if dims is None:
            return cls.dynamic()
        if isinstance(dims, str):
            parsed = parse_shape(dims)
            return cls.dynamic() if parsed is None else super().__new__(cls, parsed)
        return super().__new__(cls, (_dim(d) for d in dims))

    @classmethod
    def dynamic(cls, rank: int | None = None) -> PartialShape:
        """Of unknown rank (``rank`` None), or of ``rank`` dynamic dims."""
        if rank is not None:
            return cls([DYN] * rank)
        shape = super().__new__(cls, ())
        shape.rank_known = False
        return shape

    @property
    def is_dynamic(self) -> bool:
        return not self.rank_known or any(not d.is_static for d in self)

    @property
    def is_static(self) -> bool:
        return not self.is_dynamic

    @property
    def rank(self) -> Dim:
        return fixed(len(self)) if self.rank_known else DYN

    def get_dimension(self, index: int) -> Dim:
        return self[index]

    def to_shape(self) -> list:
        """The sizes of a static shape (a dynamic one raises, as OpenVINO's does)."""
        if self.is_dynamic:
            raise ValidationError(f"shape {self} is dynamic: it has no static sizes")
        return [d.lo for d in self]

    get_shape = to_shape

    def get_min_shape(self) -> list:
        return [d.lo for d in self]

    def get_max_shape(self) -> list:
        """Each dim's upper bound, -1 where there is none."""
        return [d.get_max_length() for d in self]

    def irexec_shape(self):
        """irexec's own form: the tuple of Dims, or None for an unknown rank."""
        return tuple(self) if self.rank_known else None

    def __eq__(self, other):
        if isinstance(other, str):
            other = PartialShape(other)
        if isinstance(other, PartialShape) and other.rank_known != self.rank_known:
            return False
        if isinstance(other, (list, tuple)) and not isinstance(other, PartialShape):
            try:
                other = PartialShape(other)
            except (TypeError, ValueError, ValidationError):
                return False
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__

    def __str__(self) -> str:
        return "[...]" if not self.rank_known else "[" + ",".join(str(d) for d in self) + "]"

    def __repr__(self) -> str:
        return f"<PartialShape: {self}>"


def _dim(d) -> Dim:
    if isinstance(d, Dim):
        return d
    if isinstance(d, str):
        shape = parse_shape(d)
        if shape is None or len(shape) != 1:
            raise ValueError(f"not one dimension: {d!r}")
        return shape[0]
    if isinstance(d, (tuple, list)) and len(d) == 2:
        lo, hi = (int(x) for x in d)
        if lo < 0 or (hi != -1 and hi < lo):
            raise ValueError(f"invalid dimension range {tuple(d)}")
        return span(lo, None if hi == -1 else hi)
    n = int(d)
    if n == -1:
        return DYN
    if n < 0:
        raise ValueError(f"invalid dimension {n}")
    return fixed(n)


def partial_shape(shape) -> PartialShape:
    """irexec's shape (a tuple of Dims or None) as a PartialShape."""
    return PartialShape(shape)
