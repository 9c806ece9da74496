"""Partial shapes as plain values, and the pure rules over them that several ops share.

A dimension is a ``Dim(lo, hi)`` interval (``hi is None``: unbounded); a static dim has
``lo == hi``. A shape is a tuple of Dims, or ``None`` when even the rank is unknown.
The same functions serve fully static shapes (execution) and partial ones (linting).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from .errors import ParseError, ValidationError
from .numbers import parse_int
from .symbolic import Sym


@dataclass(frozen=True)
class Dim:
    lo: int = 0
    hi: int | None = None

    @staticmethod
    def of(n: int | Dim) -> Dim:
        return n if isinstance(n, Dim) else fixed(n)

    @property
    def is_static(self) -> bool:
        return self.hi is not None and self.lo == self.hi

    @property
    def value(self) -> int:
        if not self.is_static:
            raise ValidationError(f"dimension {self} is not static")
        return self.lo

    def compatible(self, other: Dim) -> bool:
        hi_ok = self.hi is None or other.lo <= self.hi
        lo_ok = other.hi is None or self.lo <= other.hi
        return hi_ok and lo_ok

    # OpenVINO's Dimension, as its Python users call it (irexec.PartialShape's items are Dims).
    @property
    def is_dynamic(self) -> bool:
        return not self.is_static

    def get_length(self) -> int:
        """The size of a static dim (a dynamic one raises, as OpenVINO's does)."""
        return self.value

    def get_min_length(self) -> int:
        return self.lo

    def get_max_length(self) -> int:
        """The upper bound, -1 when there is none (OpenVINO's spelling)."""
        return -1 if self.hi is None else self.hi

    min_length = property(get_min_length)
    max_length = property(get_max_length)

    def __index__(self) -> int:
        """A static dim's size where Python or NumPy wants an int: ``np.zeros(port.shape)``, the
        size a program gives OpenCV (``_, h, w, _ = model.input().shape``), as OpenVINO's ports
        give ints. A dynamic dim has none (TypeError)."""
        if not self.is_static or not isinstance(self.lo, int):
            raise TypeError(f"dimension {self} is dynamic: it has no size")
        return self.lo

    def __str__(self) -> str:
        if self.is_static:
            return str(self.lo)
        if self.hi is None:
            return "?" if self.lo == 0 else f"{self.lo}.."
        return f"{self.lo}..{self.hi}"


DYN = Dim()
PShape = tuple | None  # tuple[Dim, ...] | None


_FIXED: list[Dim | None] = [None] * 4097  # the static dims of small sizes, made once: shapes are mostly these


def fixed(n: int | Sym) -> Dim:
    """``Dim(n, n)``."""
    if isinstance(n, Sym):  # (a length the sizing pass keeps symbolic: irexec.symbolic)
        return Dim(n, n)  # type: ignore[arg-type]  # (a Sym stands for an int in a Dim)
    n = int(n)  # (a NumPy integer would otherwise be kept, and shared)
    if 0 <= n <= 4096:
        d = _FIXED[n]
        if d is None:
            d = _FIXED[n] = Dim(n, n)
        return d
    return Dim(n, n)


ONE = Dim(1, 1)


def span(lo: int, hi: int | None) -> Dim:
    """The dim of sizes ``lo..hi`` (``hi`` None: unbounded); static when they meet."""
    return fixed(lo) if lo == hi else Dim(lo, hi)


def intersect(a: Dim, b: Dim) -> Dim | None:
    """The sizes both dims allow (OpenVINO's ``Dimension::merge``), or None when they allow none."""
    lo = max(a.lo, b.lo)
    hi = a.hi if b.hi is None else b.hi if a.hi is None else min(a.hi, b.hi)
    return None if hi is not None and lo > hi else span(lo, hi)


def intersect_leading(a: tuple, b: tuple, n: int, names: tuple = ("data", "indices")) -> tuple:
    """The first ``n`` dims of two shapes that must agree there (batch dims): each what both
    allow. Raises ValidationError naming the first dim where they allow no size in common."""
    out = []
    for i in range(n):
        d = intersect(a[i], b[i])
        if d is None:
            raise ValidationError(f"batch dim {i} differs: {names[0]} {fmt(a)}, {names[1]} {fmt(b)}")
        out.append(d)
    return tuple(out)


def hull(dims: Sequence[Dim]) -> Dim:
    """The smallest dim holding every size any of ``dims`` allows (what one of them may be)."""
    his = [d.hi for d in dims]
    return span(min(d.lo for d in dims), None if None in his else max(cast("list[int]", his)))


def product(dims: Sequence[Dim]) -> Dim:
    """The sizes a product of the dims may have (interval product: bounds multiply)."""
    hi: int | None
    lo, hi = 1, 1
    for d in dims:
        lo = lo * d.lo
        hi = None if hi is None or d.hi is None else hi * d.hi
    # An unbounded factor leaves the product unbounded unless another factor is 0.
    if hi is None and any(d.hi == 0 for d in dims):
        hi = 0
    return span(lo, hi)


def static(shape: Sequence[int]) -> tuple:
    return tuple(fixed(d) for d in shape)


def is_static(shape: PShape) -> bool:
    # (Dim.is_static written out: a 10,000-layer model asks this of every Const and more.)
    return shape is not None and all(d.hi is not None and d.lo == d.hi for d in shape)


def to_ints(shape: PShape) -> tuple:
    # (A dynamic dim's ``value`` raises, saying which. The type ignored: callers pass a shape of known rank.)
    return tuple([d.lo if d.hi is not None and d.lo == d.hi else d.value for d in shape])  # type: ignore[union-attr]


def fmt(shape: PShape) -> str:
    return "[...]" if shape is None else "[" + ",".join(str(d) for d in shape) + "]"


def parse_dim(text: str) -> Dim:
    """Parse one dim as IR files spell them: ``5``, ``-1``, ``?``, ``1..10``, ``..10``, ``2..``."""
    t = text.strip()
    if t.isdecimal() and t.isascii() and len(t) < 19:  # the common case: a plain size
        return fixed(int(t))
    if t in ("?", "-1", ""):
        return DYN
    if ".." in t:
        lo_s, hi_s = t.split("..", 1)
        lo = _int(lo_s) if lo_s.strip() else 0
        hi = _int(hi_s) if hi_s.strip() else None
        if lo < 0 or (hi is not None and (hi < lo)):
            raise ParseError(f"invalid dimension interval {text!r}")
        return Dim(lo, hi)
    n = _int(t)
    if n < 0:
        raise ParseError(f"invalid negative dimension {text!r}")
    return fixed(n)


MAX_DIM = 2**62
# NumPy's most dimensions for an array (32 before NumPy 2): no tensor irexec computes can have more.
MAX_RANK = 64 if int(np.__version__.split(".")[0]) >= 2 else 32


def _int(s: str) -> int:
    try:
        n = parse_int(s)  # (the one strict reading of a number in the file)
    except ValueError:
        raise ParseError(f"invalid dimension {s.strip()!r}") from None
    if abs(n) > MAX_DIM:
        raise ParseError(f"dimension {n} is too large")
    return n


def parse_shape(text: str) -> PShape:
    """Parse a ``shape="2,?,1..4"`` attribute; ``""`` is a scalar, ``"..."`` or ``"?"`` alone is dynamic rank."""
    t = text.strip()
    if t == "":
        return ()
    if t in ("...", "[...]"):
        return None
    t = t.strip("[]")
    if t == "":
        return ()
    parts = t.split(",")
    if len(parts) > MAX_RANK:
        raise ParseError(f"the shape has {len(parts)} dims; irexec handles at most {MAX_RANK}")
    return tuple(parse_dim(part) for part in parts)


def broadcast_numpy(a: PShape, b: PShape) -> PShape:
    """NumPy-style broadcast of two partial shapes; raises ValidationError if incompatible.

    Dims merge as OpenVINO's ``Dimension::broadcast_merge`` does: when both ranges hold 1, the
    result spans both; when one holds 1, the result is the other; else it is their intersection
    (empty: the shapes do not broadcast). For static dims that is NumPy's rule."""
    if a is None or b is None:
        return None
    n = max(len(a), len(b))
    a = (ONE,) * (n - len(a)) + tuple(a)
    b = (ONE,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        x1, y1 = x.compatible(ONE), y.compatible(ONE)
        if x1 and y1:
            if x.is_static and y.is_static:
                out.append(y if x.lo == 1 else x)
            else:
                out.append(Dim(min(x.lo, y.lo), None if x.hi is None or y.hi is None else max(x.hi, y.hi)))
        elif x1:
            out.append(y)
        elif y1:
            out.append(x)
        else:
            lo, hi = max(x.lo, y.lo), x.hi if y.hi is None else y.hi if x.hi is None else min(x.hi, y.hi)
            if hi is not None and lo > hi:
                raise ValidationError(f"shapes {fmt(a)} and {fmt(b)} do not broadcast")
            out.append(fixed(lo) if lo == hi else Dim(lo, hi))
    return tuple(out)


def normalize_axis(axis: int, rank: int, what: str = "axis") -> int:
    if not -rank <= axis < rank:
        raise ValidationError(f"{what} {axis} is out of range [{-rank}, {rank - 1}] for rank {rank}", code="S006")
    return axis + rank if axis < 0 else axis


def fits(shape: PShape, dims: Sequence[int]) -> bool:
    """Whether an array of ``dims`` matches the partial shape ``shape``."""
    return shape is None or (len(shape) == len(dims) and all(d.compatible(fixed(n)) for d, n in zip(shape, dims)))


def compatible(a: PShape, b: PShape) -> bool:
    """Whether two partial shapes can describe the same tensor."""
    if a is None or b is None or a == b:  # (equal: most ports, cheaply, as static dims are shared)
        return True
    return len(a) == len(b) and all(x.compatible(y) for x, y in zip(a, b))
