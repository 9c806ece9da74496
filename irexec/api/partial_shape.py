"""Shapes as OpenVINO's Python users see them: ``Dimension``, ``PartialShape`` and ``Shape``.

irexec's own shapes are tuples of ``Dim`` intervals (``irexec.shapes``), None for an unknown rank.
These answer, print and compare as OpenVINO's do (measured), and raise errors that are also the
built-in class OpenVINO raises (irexec.errors). ``PartialShape.irexec_shape()`` gives irexec's form
back. A ``Dimension`` is a ``Dim`` equal to the int of a static size, so, as OpenVINO's, unhashable.

Where OpenVINO answers garbage no program relies on, irexec refuses: a dim below -1 (OpenVINO makes
it 0), an interval whose ends cross (``?``), a ``Shape`` index past its rank (past its memory).
"""

from __future__ import annotations

import operator

import numpy as np

from ..errors import ArgumentTypeError, ArgumentValueError, DimIndexError, IRExecError, ShapeError  # noqa: F401
from ..shapes import Dim, parse_dim, parse_shape, span

UNBOUNDED = 2**63 - 1  # (the upper bound OpenVINO gives an unbounded dim: int64's maximum)


def _int(value, what: str) -> int:
    """``value`` as a Python int (bools and NumPy integers too, as OpenVINO takes them), or a TypeError."""
    try:
        return operator.index(value)
    except TypeError:
        raise ArgumentTypeError(f"{what} must be an int, got {type(value).__name__} {value!r}") from None


def _bounds(lo, hi) -> tuple:
    """An interval's ends as given to OpenVINO (-1 for the upper end: none) as irexec's (lo, hi)."""
    lo, hi = _int(lo, "a dimension's lower bound"), _int(hi, "a dimension's upper bound")
    if lo == -1:  # (OpenVINO reads a lower bound of -1 as 0)
        lo = 0
    if lo < 0 or hi < -1 or (hi != -1 and hi < lo):
        raise ArgumentValueError(f"invalid dimension interval ({lo}, {hi}): want 0 <= lower <= upper, -1 for no upper")
    return lo, None if hi == -1 else hi


def _size(value) -> tuple:
    """One int as a dim's (lo, hi): -1 dynamic."""
    n = _int(value, "a dimension")
    if n < -1:
        raise ArgumentValueError(f"invalid dimension {n}: a size is at least 0, -1 for a dynamic one")
    return (0, None) if n == -1 else (n, n)


def _read(parse, text: str):
    """``parse(text)`` (irexec's reading of a dim or a shape), refused as OpenVINO's RuntimeError."""
    try:
        return parse(text)
    except IRExecError as e:
        raise ShapeError(f"cannot read {text!r}: {e.message}") from None


class Symbol:
    """OpenVINO's ``Symbol``: a name for a dim's unknown size, shared by the dims that have it
    (``Dimension.set_symbol``). Two symbols are the same only when they are one object."""

    def __repr__(self) -> str:
        return "<Symbol>"


class Dimension(Dim):
    """OpenVINO's ``Dimension``: ``Dimension()`` or ``Dimension(-1)`` dynamic, ``Dimension(32)``
    static, ``Dimension(1, 10)`` an interval (upper -1: unbounded), ``Dimension("1..10")``. It is
    a ``Dim`` (its ``lo`` and ``hi``), equal to the int of a static size."""

    def __init__(self, *args):
        if len(args) == 0:
            lo, hi = 0, None
        elif len(args) == 1 and isinstance(args[0], str):
            d = _read(parse_dim, args[0])
            lo, hi = d.lo, d.hi
        elif len(args) == 1:
            lo, hi = _size(args[0])
        elif len(args) == 2:
            lo, hi = _bounds(*args)
        else:
            raise ArgumentTypeError(f"Dimension takes at most 2 arguments (lower, upper), got {len(args)}")
        _fill(self, lo, hi)

    @staticmethod
    def dynamic() -> Dimension:
        return Dimension()

    # A symbol ties dims that are equal whatever their size (OpenVINO's shape inference follows
    # them; irexec's does not, and keeps them only to give them back).
    def set_symbol(self, symbol: Symbol) -> None:
        object.__setattr__(self, "_symbol", symbol)

    def get_symbol(self) -> Symbol | None:
        return getattr(self, "_symbol", None)

    def has_symbol(self) -> bool:
        return self.get_symbol() is not None

    def get_length(self) -> int:
        if not self.is_static:
            raise ShapeError(f"dimension {self} is dynamic: it has no length")
        return self.lo

    # OpenVINO's Dimension has a length: len(Dimension(32)) is 32, and Dimension(0) is false.
    __len__ = get_length
    __index__ = None  # type: ignore[assignment]  # (but no int: int(Dimension(32)) is OpenVINO's TypeError)

    def compatible(self, other: Dim) -> bool:
        """Whether the two allow a size in common."""
        return Dim.compatible(self, _dimension_arg(other))

    def refines(self, other: Dim) -> bool:
        """Whether every size this dim allows, ``other`` allows too."""
        other = _dimension_arg(other)
        return other.lo <= self.lo and (other.hi is None or (self.hi is not None and self.hi <= other.hi))

    def relaxes(self, other: Dim) -> bool:
        return dimension_of(_dimension_arg(other)).refines(self)

    def same_scheme(self, other: Dim) -> bool:
        """Both dynamic, or both static and equal (as OpenVINO answers: any two dynamic dims do)."""
        other = _dimension_arg(other)
        if self.is_static and other.is_static:
            return self.lo == other.lo
        return not self.is_static and not other.is_static

    def __eq__(self, other):
        if isinstance(other, Dim):
            return self.lo == other.lo and self.hi == other.hi
        if isinstance(other, (int, np.integer)):
            n = int(other)
            return (self.lo, self.hi) == ((0, None) if n == -1 else (n, n))
        return NotImplemented

    # Equal to an int yet to a Dim of another hash: as OpenVINO's, a Dimension is not hashable.
    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        if self.lo == 0 and self.hi is not None and self.hi != 0:
            return f"..{self.hi}"  # (OpenVINO's spelling of an interval from 0)
        return Dim.__str__(self)

    to_string = __str__

    def __repr__(self) -> str:
        return f"<Dimension: {self}>"


def dimension_of(d: Dim) -> Dimension:
    """irexec's ``Dim`` as a Dimension (the same one when it is already)."""
    if type(d) is Dimension:
        return d
    return _fill(Dimension.__new__(Dimension), d.lo, d.hi)


def _fill(dim: Dimension, lo: int, hi: int | None) -> Dimension:
    object.__setattr__(dim, "lo", lo)  # (a Dim is frozen)
    object.__setattr__(dim, "hi", hi)
    return dim


def _dimension_arg(other) -> Dim:
    """A Dimension argument (OpenVINO takes no int there)."""
    if not isinstance(other, Dim):
        raise ArgumentTypeError(f"expected a Dimension, got {type(other).__name__} {other!r}")
    return other


def _dim(d) -> Dimension:
    """One item of a shape as given to PartialShape: an int (-1 dynamic), text ("?", "1..10"), a
    Dim or Dimension, or a (lower, upper) pair."""
    if isinstance(d, Dim):
        return dimension_of(d)
    if isinstance(d, (str, int, np.integer)):
        return Dimension(d)
    if isinstance(d, (tuple, list)):
        if len(d) != 2:
            raise ArgumentTypeError(f"a dimension interval is (lower, upper), got {len(d)} items: {d!r}")
        return Dimension(*d)
    raise ArgumentTypeError(f"invalid type {type(d).__name__} for a dimension: an int, str, Dimension or (lo, hi)")


def _index(i, rank: int) -> int:
    """A dim index, negative from the end, checked against the rank."""
    k = _int(i, "a dimension index")
    if not -rank <= k < rank:
        raise DimIndexError(f"dimension index {k} is out of range for rank {rank}")
    return k + rank if k < 0 else k


class PartialShape:
    """OpenVINO's ``PartialShape``: a list of ``Dimension``, or an unknown rank
    (``PartialShape.dynamic()``). Built from a list or tuple of ints (-1 a dynamic dim), (lower,
    upper) pairs, Dimensions or text; from text such as ``"[1,3,?,1..10]"``; from a ``Shape``; or
    from irexec's own shape (a tuple of Dims, None for an unknown rank)."""

    def __init__(self, dims):
        if isinstance(dims, PartialShape):
            self._dims = None if dims._dims is None else list(dims._dims)
        elif dims is None:
            self._dims = None
        elif isinstance(dims, str):
            parsed = _read(parse_shape, dims)
            self._dims = None if parsed is None else [dimension_of(d) for d in parsed]
        else:
            try:
                items = list(dims)
            except TypeError:
                raise ArgumentTypeError(f"cannot make a PartialShape of {type(dims).__name__} {dims!r}") from None
            self._dims = [_dim(d) for d in items]

    @classmethod
    def dynamic(cls, rank=None) -> PartialShape:
        """Of unknown rank (``rank`` None, -1 or a dynamic Dimension), or of ``rank`` dynamic dims."""
        if isinstance(rank, Dim):
            rank = rank.lo if rank.is_static else None
        n = -1 if rank is None else _int(rank, "a rank")
        if n < -1:
            raise ArgumentValueError(f"invalid rank {n}: at least 0, -1 for a dynamic one")
        return cls(None) if n == -1 else cls([-1] * n)

    def _known(self) -> list:
        if self._dims is None:
            raise ShapeError("the shape's rank is dynamic: it has no dims to list")
        return self._dims

    @property
    def is_dynamic(self) -> bool:
        return self._dims is None or not all(d.is_static for d in self._dims)

    @property
    def is_static(self) -> bool:
        return not self.is_dynamic

    @property
    def rank(self) -> Dimension:
        return Dimension() if self._dims is None else Dimension(len(self._dims))

    @property
    def all_non_negative(self) -> bool:
        return True  # (irexec holds no negative dims)

    def to_shape(self) -> Shape:
        if self.is_dynamic:
            raise ShapeError(f"shape {self} is dynamic: it has no static sizes")
        return Shape([d.lo for d in self._known()])

    get_shape = to_shape

    def get_min_shape(self) -> Shape:
        return Shape([d.lo for d in self._dims or ()])

    def get_max_shape(self) -> Shape:
        """Each dim's upper bound, int64's maximum where there is none (as OpenVINO answers)."""
        return Shape([UNBOUNDED if d.hi is None else d.hi for d in self._dims or ()])

    def compatible(self, other) -> bool:
        a, b = self._dims, PartialShape(other)._dims
        if a is None or b is None:
            return True
        return len(a) == len(b) and all(x.compatible(y) for x, y in zip(a, b))

    def refines(self, other) -> bool:
        a, b = self._dims, PartialShape(other)._dims
        if b is None:
            return True
        return a is not None and len(a) == len(b) and all(x.refines(y) for x, y in zip(a, b))

    def relaxes(self, other) -> bool:
        return PartialShape(other).refines(self)

    def same_scheme(self, other) -> bool:
        a, b = self._dims, PartialShape(other)._dims
        if a is None or b is None:
            return a is None and b is None
        return len(a) == len(b) and all(x.same_scheme(y) for x, y in zip(a, b))

    def irexec_shape(self):
        """irexec's own form: a tuple of Dims, or None for an unknown rank."""
        return None if self._dims is None else tuple(span(d.lo, d.hi) for d in self._dims)

    def __len__(self) -> int:
        return len(self._known())

    def __iter__(self):
        return iter(list(self._known()))

    def __getitem__(self, index):
        dims = self._dims
        if dims is None:
            raise DimIndexError("the shape's rank is dynamic: it has no dims to index")
        if isinstance(index, slice):
            return PartialShape(dims[index])
        return dims[_index(index, len(dims))]

    get_dimension = __getitem__

    def __setitem__(self, index, value) -> None:
        if self._dims is None:
            raise DimIndexError("the shape's rank is dynamic: it has no dims to set")
        if not isinstance(value, (Dim, int, np.integer)):
            raise ArgumentTypeError(f"a dimension is set from an int or a Dimension, got {type(value).__name__}")
        self._dims[_index(index, len(self._dims))] = _dim(value)

    def __eq__(self, other):
        if isinstance(other, PartialShape):
            return self._dims == other._dims
        if isinstance(other, Shape):
            return self._dims is not None and self._dims == list(other)
        if isinstance(other, (list, tuple, str)):
            # (OpenVINO refuses a dynamic shape against a list and compares no text: irexec reads both)
            try:
                return self == PartialShape(other)
            except (TypeError, ValueError, IRExecError):
                return False
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (it changes: ps[0] = 1)

    def __copy__(self, memo=None) -> PartialShape:
        return PartialShape(self)

    __deepcopy__ = __copy__  # (its dims are immutable)

    def __str__(self) -> str:
        return "[...]" if self._dims is None else "[" + ",".join(str(d) for d in self._dims) + "]"

    to_string = __str__

    def __repr__(self) -> str:
        return f"<PartialShape: {self}>"


def _static_size(value) -> int:
    n = _int(value, "a Shape's size")
    if n < 0:  # (a TypeError, as OpenVINO's: its sizes are unsigned)
        raise ArgumentTypeError(f"invalid size {n} in a Shape: sizes are at least 0")
    return n


class Shape:
    """OpenVINO's ``Shape``: a static shape, a list of plain ints. ``Shape([1, 3, 224, 224])``
    (also from a tuple, a NumPy array or text such as ``"1,3,224,224"``) has a length, indexes
    and unpacks to ints (``n, c, h, w = shape``), equals lists and tuples of the same sizes, and
    serves where NumPy wants a shape (``np.zeros(shape)``). ``shape[i] = n`` sets a size."""

    def __init__(self, dims=()):
        if isinstance(dims, str):
            parsed = _read(parse_shape, dims)
            if parsed is None or not all(d.is_static for d in parsed):
                raise ArgumentValueError(f"a Shape is static: {dims!r} is not")
            dims = [d.lo for d in parsed]
        elif isinstance(dims, PartialShape):
            raise ArgumentTypeError("a Shape is not made from a PartialShape: use its to_shape()")
        try:
            items = list(dims)
        except TypeError:
            raise ArgumentTypeError(f"cannot make a Shape of {type(dims).__name__} {dims!r}") from None
        self._dims = [_static_size(d) for d in items]

    def __len__(self) -> int:
        return len(self._dims)

    def __iter__(self):
        return iter(list(self._dims))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return Shape(self._dims[index])
        return self._dims[_index(index, len(self._dims))]

    def __setitem__(self, index, value) -> None:
        if isinstance(value, Dim):
            value = dimension_of(value).get_length()
        self._dims[_index(index, len(self._dims))] = _static_size(value)

    def __eq__(self, other):
        if isinstance(other, Shape):
            return self._dims == other._dims
        if isinstance(other, PartialShape):
            return other == self
        if isinstance(other, (list, tuple)):
            return self._dims == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (it changes: shape[0] = 1)

    def __copy__(self, memo=None) -> Shape:
        return Shape(self._dims)

    __deepcopy__ = __copy__

    def __str__(self) -> str:
        return "[" + ",".join(map(str, self._dims)) + "]"

    to_string = __str__

    def __repr__(self) -> str:
        return f"<Shape: {self}>"
