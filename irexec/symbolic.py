"""One symbolic length for the sizing pass: how a decoder's next token is sized without walking
the rules again.

A decoder's steps differ from one another in one length: the KV cache's, the attention mask's
(they grow by a token a step, in step). The sizing pass walks every rule those lengths reach,
each token; for a small model that walk costs more than the run. So when two signatures in a row
differ only in dims that moved by one delta, the pass is walked once more with those dims as
``Sym`` values ``s + offset`` (tract's symbolic dims, with the guards PyTorch's dynamic shapes
record): every rule computes with them as with ints, and every decision a rule makes on one (a
comparison, a test for 0) is recorded as the range of ``s`` in which it comes out the same. What
the pass gives then holds for every ``s`` in the final range, and a later step whose length falls
in it is sized by a match of its dims (irexec.run.sizing).

Sound by construction rather than by care: a Sym has no ``int()``, no ``float()``, no hash, and
refuses arithmetic it cannot keep affine; whatever needs one raises ``Undecidable``, which the pass
takes as "not known" (a rule: the layer's outputs unknown, checked on the actual arrays at run
time; folding a value: the value unknown). Outside a pass, every decision is Undecidable.
"""

from __future__ import annotations

import threading

import numpy as np


class Undecidable(BaseException):
    """A Sym met something that would fix its value. (A BaseException: the rules' own
    ``except Exception`` must not turn it into a finding.)"""


class _Range(threading.local):
    active = False
    s0 = 0  # the length of the step the pass sizes
    lo = 0
    hi: int | None = None  # None: unbounded


RANGE = _Range()


class Sym:
    """``a * s + b`` for the pass's length ``s`` (a != 0; ``sym`` gives a plain int for a == 0)."""

    __slots__ = ("a", "b")
    __array_priority__ = 100  # (NumPy scalars defer to its operators)

    def __init__(self, a: int, b: int):
        self.a, self.b = a, b

    def at(self, s: int) -> int:
        return self.a * s + self.b

    def __repr__(self) -> str:
        a = "s" if self.a == 1 else f"{self.a}*s"
        return a if self.b == 0 else f"{a}{self.b:+d}"

    __str__ = __repr__

    # ---- arithmetic (exact: integer tensors of these sizes do not wrap) ----

    def __add__(self, other):
        if isinstance(other, Sym):
            return sym(self.a + other.a, self.b + other.b)
        n = _int(other)
        return NotImplemented if n is None else Sym(self.a, self.b + n)

    __radd__ = __add__

    def __neg__(self):
        return Sym(-self.a, -self.b)

    def __pos__(self):
        return self

    def __sub__(self, other):
        if isinstance(other, Sym):
            return sym(self.a - other.a, self.b - other.b)
        n = _int(other)
        return NotImplemented if n is None else Sym(self.a, self.b - n)

    def __rsub__(self, other):
        n = _int(other)
        return NotImplemented if n is None else Sym(-self.a, n - self.b)

    def __mul__(self, other):
        if isinstance(other, Sym):
            raise Undecidable("a product of two lengths")
        n = _int(other)
        return NotImplemented if n is None else sym(self.a * n, self.b * n)

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, Sym):
            return self._ratio(other)
        n = _int(other)
        if n is None or n == 0 or self.a % n:
            raise Undecidable("a length divided unevenly")
        return sym(self.a // n, self.b // n)  # (a*s is a multiple of n: the floor is b's)

    def __mod__(self, other):
        if isinstance(other, Sym):
            self._ratio(other)
            return 0
        n = _int(other)
        if n is None or n == 0 or self.a % n:
            raise Undecidable("a length's remainder")
        return self.b % n

    def _ratio(self, other: Sym) -> int:
        """``self // other`` where ``self`` is a whole multiple of ``other`` for every length (a
        reshape's -1 over a dim that is the length), and ``other`` is not 0."""
        k, r = divmod(self.a, other.a)
        if r or self.b != k * other.b or k == 0 or _zero(other):
            raise Undecidable("a length divided by another")
        return k

    def __rfloordiv__(self, other):
        raise Undecidable("divided by a length")

    def __truediv__(self, other):
        raise Undecidable("a length as a float")

    __rtruediv__ = __rmod__ = __pow__ = __rpow__ = __truediv__

    # ---- decisions: each narrows the range in which it holds ----

    def __lt__(self, other):
        return _positive(_diff(other, self))

    def __le__(self, other):
        return _positive(_diff(other, self), 1)

    def __gt__(self, other):
        return _positive(_diff(self, other))

    def __ge__(self, other):
        return _positive(_diff(self, other), 1)

    def __eq__(self, other):
        if isinstance(other, Sym) and other.a == self.a:
            return self.b == other.b
        if isinstance(other, (float, complex, np.inexact)):
            raise Undecidable("a length against a float")  # (not NotImplemented: that is False)
        d = _diff(self, other)
        return NotImplemented if d is NotImplemented else _zero(d)

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __bool__(self):
        return not _zero(self)

    def __abs__(self):
        return self if _positive(self + 1) else -self

    def __hash__(self):
        raise Undecidable("a length as a key")

    def __index__(self):
        raise Undecidable("a length as an int")

    __int__ = __float__ = __index__


def sym(a: int, b: int):
    return b if a == 0 else Sym(a, b)


def _int(x):
    """``x`` as a Python int when it is an integer (Python's, NumPy's, a bool), else None."""
    if isinstance(x, (int, np.integer)):
        return int(x)
    return None


def _diff(x, y):
    """``x - y`` where one is a Sym; NotImplemented when the other is not an integer."""
    return x.__sub__(y) if isinstance(x, Sym) else y.__rsub__(x)


def _positive(d, plus: int = 0) -> bool:
    """Whether ``d + plus > 0``, narrowing the range to where the answer holds."""
    if d is NotImplemented:
        return NotImplemented
    d = d + plus
    if not isinstance(d, Sym):
        return d > 0
    r = RANGE
    if not r.active:
        raise Undecidable("a decision outside a pass")
    a, b = d.a, d.b
    if a > 0:
        first = (-b) // a + 1  # the least s with a*s + b > 0
        if r.s0 >= first:
            r.lo = max(r.lo, first)
            return True
        r.hi = first - 1 if r.hi is None else min(r.hi, first - 1)
        return False
    last = (b - 1) // (-a)  # the greatest s with a*s + b > 0
    if r.s0 <= last:
        r.hi = last if r.hi is None else min(r.hi, last)
        return True
    r.lo = max(r.lo, last + 1)
    return False


def _zero(d) -> bool:
    """Whether ``d == 0``, narrowing the range to where the answer holds."""
    if not isinstance(d, Sym):
        return d == 0
    r = RANGE
    if not r.active:
        raise Undecidable("a decision outside a pass")
    if d.b % d.a:
        return False  # (no integer s makes it 0)
    root = -d.b // d.a
    if root == r.s0:
        r.lo = r.hi = root
        return True
    if root > r.s0:
        r.hi = root - 1 if r.hi is None else min(r.hi, root - 1)
    else:
        r.lo = max(r.lo, root + 1)
    return False


def has_sym(x) -> bool:
    """Whether a shape (a tuple of Dims) or a value (an array) holds a Sym."""
    if x is None:
        return False
    if isinstance(x, np.ndarray):
        return x.dtype == object and any(isinstance(v, Sym) for v in x.flat)
    return any(isinstance(d.lo, Sym) or isinstance(d.hi, Sym) for d in x)


class Affines:
    """Folded values that hold Syms (object arrays of ints and Syms, each in its type's range for
    every length the pass allows), made arrays at any length: ``at(s)`` gives key -> [array per
    output], read-only views of one ``a * s + b`` per element type (a layer of a decoder's step
    costs microseconds: one NumPy operation each would be most of it)."""

    def __init__(self, values: dict):
        """``values``: key -> [(object array, dtype) per output]."""
        groups: dict[np.dtype, tuple[list, list]] = {}  # dtype -> ([a...], [b...])
        self.slots = {}
        for key, outs in values.items():
            slots = []
            for value, dtype in outs:
                dtype = np.dtype(dtype)
                a, b = groups.setdefault(dtype, ([], []))
                start = len(a)
                for v in value.reshape(-1).tolist():
                    a.append(v.a if isinstance(v, Sym) else 0)
                    b.append(v.b if isinstance(v, Sym) else v)
                slots.append((dtype, start, len(a), value.shape))
            self.slots[key] = slots
        self.groups = {dtype: (np.array(a, np.int64), np.array(b, np.int64)) for dtype, (a, b) in groups.items()}

    def at(self, s: int) -> dict:
        flats = {}
        for dtype, (a, b) in self.groups.items():
            flat = (a * s + b).astype(dtype, copy=False)
            flat.flags.writeable = False  # (shared by the run's readers, as every known value)
            flats[dtype] = flat
        return {
            key: [flats[dtype][start:stop].reshape(shape) for dtype, start, stop, shape in slots]
            for key, slots in self.slots.items()
        }


class Pass:
    """``with Pass(s0, lo):`` a symbolic pass for the step of length ``s0``; ``lo`` ``hi`` after
    it: the lengths every decision made in it holds for."""

    def __init__(self, s0: int, lo: int):
        self.s0, self.lo, self.hi = s0, lo, None

    def __enter__(self):
        r = RANGE
        r.active, r.s0, r.lo, r.hi = True, self.s0, self.lo, None
        return self

    def __exit__(self, *exc):
        r = RANGE
        self.lo, self.hi = r.lo, r.hi
        r.active = False
        return False
