"""OpenVINO's property helpers, built from a table: each is the key string itself (usable as a dict
key) and callable: ``p()`` gives the key, ``p(value)`` the ``(key, OVAny(value))`` pair a
configuration takes. The value is checked as OpenVINO's bindings check it (a wrong kind is a
TypeError); a read-only property takes no value."""

from __future__ import annotations

import enum
import operator

from ...errors import UsageError

INT_RANGES = {"i32": (-(2**31), 2**31), "u32": (0, 2**32), "i64": (-(2**63), 2**63), "u64": (0, 2**64)}


class Refused(Exception):
    """A check's answer that the value is not of the property's kind (raised as a
    PropertyTypeError naming the property)."""


class Enum(enum.Enum):
    """An OpenVINO property enum: ``str`` and ``repr`` as OpenVINO prints them, ``int()`` its
    number, hashed and ordered by it."""

    def __int__(self) -> int:
        return self.value

    __index__ = __int__

    def __hash__(self) -> int:
        return hash(self.value)

    def __lt__(self, other):
        return self.value < other.value if type(other) is type(self) else NotImplemented


def _integer(value, kind: str):
    # As pybind11 converts: a float is refused, anything int() takes (NumPy's scalars, 0-d arrays,
    # bools) is taken, within the C type's range.
    if isinstance(value, (float, str, bytes)):
        raise Refused
    try:
        number = operator.index(value) if hasattr(type(value), "__index__") else int(value)
    except (TypeError, ValueError, OverflowError):
        raise Refused from None
    low, high = INT_RANGES[kind]
    if not low <= number < high:
        raise Refused
    return number


def _float(value):
    # A C float: a number rounded to f32 (as OpenVINO holds it), text refused.
    if isinstance(value, (str, bytes)) or not (hasattr(type(value), "__float__") or hasattr(type(value), "__index__")):
        raise Refused
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise Refused from None
    import numpy as np

    with np.errstate(over="ignore"):
        return float(np.float32(number))


def _bool(value):
    # None is False; anything with a truth value of its own (numbers, NumPy's scalars) is taken
    # by it; text and containers, whose truth is their length, are refused.
    if value is None:
        return False
    if not hasattr(type(value), "__bool__"):
        raise Refused
    try:
        return bool(value)
    except ValueError:  # (an array of several values)
        raise Refused from None


def _str(value):
    if isinstance(value, bytes):
        try:
            return value.decode()
        except UnicodeDecodeError:
            raise Refused from None
    if not isinstance(value, str):
        raise Refused
    return str(value)


def _element_type(value):
    from irexec.api.tensor import Type
    from irexec.types import ElementType

    if not isinstance(value, (Type, ElementType)):
        raise Refused
    return value


def _model(value):
    from irexec.api.model import Model

    if value is not None and not isinstance(value, Model):
        raise Refused
    return value


def _tensor(value):
    from irexec.api.tensor import Tensor

    if not isinstance(value, Tensor):
        raise Refused
    return value


def _text_to_int(value, kind: str):
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise Refused
    return {k: _integer(v, kind) for k, v in value.items()}


def _checker(kind: str, namespace: dict):
    """The function that checks and converts one value of ``kind`` (a table's third column)."""
    if kind in INT_RANGES:
        return lambda v: _integer(v, kind)
    simple = {"f32": _float, "bool": _bool, "str": _str, "Type": _element_type, "Model": _model}
    if kind in simple:
        return simple[kind]
    if kind == "Tensor":
        return _tensor
    if kind.startswith("{") and ":" in kind:  # {str:i32}: a mapping of names to numbers
        return lambda v: _text_to_int(v, kind[1:-1].split(":")[1])
    if kind.startswith("{"):  # {Enum}: a set of members
        member = _checker(kind[1:-1], namespace)
        return lambda v: {member(m) for m in _a_set(v)}
    cls = namespace[kind]

    def member(value):
        if not isinstance(value, cls):
            raise Refused
        return value

    return member


def _a_set(value):
    if not isinstance(value, (set, frozenset)):
        raise Refused
    return value


class PropertyTypeError(UsageError, TypeError):
    """A value a property does not take, or a value for a read-only one (OpenVINO's TypeError)."""


class Property(str):
    """A property's key, callable as OpenVINO's helpers are."""

    def __new__(cls, name: str, key: str, check=None):
        self = super().__new__(cls, key)
        self._name, self._check = name, check
        return self

    def __reduce__(self):
        return str, (str(self),)  # (pickled and copied as the plain key: a configuration's dict travels)

    def __call__(self, *args):
        if not args:
            return str(self)
        if self._check is None:
            raise PropertyTypeError(f"{self._name}() is read-only: it takes no value")
        try:
            return str(self), self._check(*args)
        except Refused:
            raise PropertyTypeError(
                f"{self._name}(): incompatible value {_shown(args)} for property {str(self)}"
            ) from None


def _shown(args) -> str:
    text = ", ".join(f"{type(a).__name__} {a!r}" for a in args)
    return text if len(text) < 120 else text[:117] + "..."


def _one(check):
    """A check of exactly one value, giving its OVAny."""

    def one(*args):
        if len(args) != 1:
            raise Refused
        return value_of(check(args[0]))

    return one


def value_of(value, text: str | None = None):
    """The OVAny a property's helper returns (made by a module imported on the first call: the
    property keys themselves import nothing of irexec's models)."""
    from ._value import PropertyValue

    return PropertyValue(value, text)


def define(namespace: dict, table: str, specials: dict | None = None) -> None:
    """Add a Property to ``namespace`` for each row of ``table``: ``python_name KEY kind``, where
    kind is ``-`` (read-only), ``bool``, ``str``, ``f32``, ``i32``/``u32``/``i64``/``u64``,
    ``Type``, ``Model``, ``Tensor``, an enum of the module, ``{Enum}`` (a set of members),
    ``{str:i32}`` (a mapping), or ``*`` (a check of its own, from ``specials``)."""
    for row in table.strip().splitlines():
        name, key, kind = row.split()
        if kind == "-":
            check = None
        elif kind == "*":
            check = (specials or {})[name]
        else:
            check = _one(_checker(kind, namespace))
        namespace[name] = Property(name, key, check)
