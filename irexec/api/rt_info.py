"""A model's runtime information (the IR's ``<rt_info>``) as OpenVINO's Python API gives it:
``RTMap`` (nested names -> entries) and ``OVAny`` (an entry: ``.value``, ``astype(str|int|float|bool)``,
``aslist``), and the texts a writer writes them as."""

from __future__ import annotations

import re

import numpy as np

from ..errors import UsageError
from .partial_shape import ArgumentTypeError


class RTMap:
    """The model's runtime information (``model.get_rt_info()``), as OpenVINO's ``RTMap``: a
    mapping of name -> ``OVAny`` for a value, or a dict of the same for nested entries; ``keys()``
    in order of name. It is the model's own: what is set through it, the model has."""

    __slots__ = ("_info",)

    def __init__(self, info: dict):
        self._info = info

    def __getitem__(self, key):
        return _wrapped(self._info[key])

    def __setitem__(self, key, value) -> None:
        self._info[key] = stored(value)

    def __delitem__(self, key) -> None:
        del self._info[key]

    def __contains__(self, key) -> bool:
        return key in self._info

    def __len__(self) -> int:
        return len(self._info)

    def __iter__(self):
        return iter(self.keys())

    def keys(self) -> list:
        return sorted(self._info)

    def values(self) -> list:
        return [self[k] for k in self.keys()]

    def items(self) -> list:
        return [(k, self[k]) for k in self.keys()]

    def __repr__(self) -> str:
        return "<RTMap>"


class OVAny:
    """One runtime information entry, as OpenVINO's ``OVAny``: ``value`` (a str as the IR holds
    it, what ``set_rt_info`` was given, a dict for nested entries), ``astype(str|int|float|bool)``
    (a str read as C++ reads it: ``astype(int)`` of "12abc" is 12, ``astype(bool)`` takes
    true/false, yes/no, on/off, 1/0), and equality with the value itself (``any == "f16"``)."""

    __slots__ = ("_value",)

    def __init__(self, value):
        self._value = value

    @property
    def value(self):
        return _plain(self._value)

    def get(self):
        return self.value

    def astype(self, kind):
        value = self._value
        if kind is str:
            return _text(value)
        if kind is bool:
            return _as_bool(value)
        if kind is int:
            return _as_int(value)
        if kind is float:
            return _as_float(value)
        if kind is dict and isinstance(value, dict):
            return _wrapped(value)
        raise UsageError(f"a runtime information value converts to str, int, float or bool, not {kind!r}")

    def aslist(self, kind=str) -> list:
        """The value's items (a list's, or a str's words), each converted to ``kind``."""
        value = self._value
        items = value if isinstance(value, list) else value.split() if isinstance(value, str) else [value]
        return [OVAny(item).astype(kind) for item in items]

    def __eq__(self, other) -> bool:
        if isinstance(other, OVAny):
            other = other._value
        return _plain(self._value) == other

    def __hash__(self) -> int:
        try:
            return hash(self._value)
        except TypeError:
            return hash(_text(self._value))

    def __repr__(self) -> str:
        return "<OVAny class>"

    __str__ = __repr__


def rt_info_texts(info: dict) -> dict:
    """The runtime information as the IR writes it: each value as its text (``astype(str)``),
    without ``version`` (the IR's own, which a reader sets: OpenVINO writes none)."""

    def texts(node: dict) -> dict:
        return {k: texts(v) if isinstance(v, dict) else _text(v) for k, v in node.items()}

    return texts({k: v for k, v in info.items() if k != "version"})


def path_of(path) -> list:
    keys = [path] if isinstance(path, str) else list(path) if isinstance(path, (list, tuple)) else None
    if keys is None or not all(isinstance(k, str) for k in keys):
        raise ArgumentTypeError(f"a runtime information path is a name or a list of names, not {path!r}")
    if not keys:
        raise UsageError("a runtime information path names at least one entry")
    return keys


def stored(value):
    """A value as the runtime information keeps it: dicts and lists copied (so the caller's stay
    theirs), an OVAny or RTMap by its contents, None as an empty dict (as OpenVINO keeps it)."""
    if isinstance(value, OVAny):
        value = value._value
    elif isinstance(value, RTMap):
        value = value._info
    if value is None:
        return {}
    if isinstance(value, dict):
        return {str(k): stored(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [stored(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _wrapped(value):
    if isinstance(value, dict):
        return {k: _wrapped(value[k]) for k in sorted(value)}
    return OVAny(value)


def _text(value) -> str:
    """A value as OpenVINO writes it as text (and ``astype(str)`` gives it)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "YES" if value else "NO"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:g}"  # (C's %g, as OpenVINO prints a double)
    if isinstance(value, list):
        return " ".join(_text(v) for v in value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{_text(value[k])}" for k in sorted(value)) + "}"
    return str(value)


# The number at the start of a text, as C++'s stol and stod read it (after blanks).
_INT = re.compile(r"[ \t\n\v\f\r]*([+-]?[0-9]+)")
_FLOAT = re.compile(
    r"[ \t\n\v\f\r]*([+-]?(?:0x(?:[0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(?:p[+-]?[0-9]+)?"
    r"|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?|inf(?:inity)?|nan))",
    re.I,
)
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _not_convertible(value, kind: str) -> UsageError:
    text = _text(value)
    shown = text if len(text) <= 60 else text[:57] + "..."
    return UsageError(f"the runtime information value {shown!r} does not convert to {kind}")


def _as_int(value) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and np.isfinite(value):
        return int(value)
    if isinstance(value, str):
        if not value:
            return 0
        m = _INT.match(value)
        if m is not None and -(2**63) <= int(m.group(1)) < 2**63:
            return int(m.group(1))
    raise _not_convertible(value, "int")


def _as_float(value) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        if not value:
            return 0.0
        m = _FLOAT.match(value)
        if m is not None:
            text = m.group(1)
            return float.fromhex(text) if "x" in text.lower() else float(text)
    raise _not_convertible(value, "float")


def _as_bool(value) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        if not value:
            return False
        words = value.split()
        word = words[0].lower() if words else ""
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    raise _not_convertible(value, "bool")


def written_rt_info(info: dict | None) -> dict:
    """The runtime information as the IR writes it: texts (``rt_info_texts``), by name, without an
    empty section (OpenVINO's reader gives a model ``optimization``, which nothing writes)."""
    return _sorted(rt_info_texts(dict(info or {})))


def _sorted(info: dict) -> dict:
    """The runtime information by name, as OpenVINO writes it (an empty section, which OpenVINO's
    reader gives a model, as ``optimization``, is not written)."""
    out = {}
    for k, v in sorted(info.items()):
        if isinstance(v, dict):
            v = _sorted(v)
            if not v:
                continue
        out[k] = v
    return out
