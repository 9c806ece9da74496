"""Typed op attributes: how a ``<data>`` value is read, its default, its allowed choices."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import ValidationError, clipped
from ..numbers import parse_float, parse_int
from ..shapes import parse_shape
from ..types import const_element_type, element_type

REQUIRED = object()

MAX_LIST = 1024  # entries in a list attribute: masks and axes of tensors of rank 64 at most


def _parse_bool(s: str) -> bool:
    v = s.strip().lower()
    if v in ("true", "1"):
        return True
    if v in ("false", "0"):
        return False
    raise ValueError(f"expected true or false, got {s!r}")


def _parse_ints(s: str) -> tuple:
    s = s.strip()
    if not s:
        return ()
    if s.count(",") >= MAX_LIST:
        raise ValueError(f"more than {MAX_LIST} entries")
    return tuple(parse_int(x) for x in s.split(","))


# Numbers through irexec.numbers, the one strict reading of a number in the file.
KINDS: dict[str, Callable[[str], Any]] = {
    "int": parse_int,
    "ints": _parse_ints,
    "float": parse_float,
    "bool": _parse_bool,
    "str": lambda s: s.strip(),
    "shape": parse_shape,
    "etype": element_type,
    "const_etype": const_element_type,  # (a Const's: element_type, or dynamic)
}


def _float_text(value) -> str:
    """The shortest spelling that reads back as the same double (OpenVINO writes ``1e-05``)."""
    return repr(float(value))


def _shape_text(value) -> str:
    if value is None:
        return "..."
    return ",".join(str(d) if hasattr(d, "lo") else ("?" if int(d) < 0 else str(int(d))) for d in value)


# How each kind is written: ``KINDS``' inverse.
_TEXT: dict[str, Callable[[Any], str]] = {
    "int": lambda v: str(int(v)),
    "ints": lambda v: ",".join(str(int(x)) for x in ((v,) if isinstance(v, int) else v)),
    "float": _float_text,
    "floats": lambda v: ",".join(_float_text(x) for x in ((v,) if isinstance(v, (int, float)) else v)),
    "bool": lambda v: "true" if v else "false",
    "str": str,
    "shape": _shape_text,
    "etype": lambda v: getattr(v, "name", None) or str(v),
    "const_etype": lambda v: getattr(v, "name", None) or str(v),
}


# Spellings read before, (kind, text) -> value: a model writes the same few thousands of times
# (every Const's element_type, most of their shapes). Every kind's value is immutable, so one
# serves all; short spellings only, and a bounded number of them. Not the integers of more than
# a few digits: each Const's offset and size is one of its own, and they filled the cache before.
_READ: dict = {}
_UNREAD = object()
_READ_LONGEST = 64
_READ_MOST = 4096
_INT_LONGEST = 4


@dataclass(frozen=True)
class Attr:
    """One attribute: ``kind`` is one of KINDS; ``default`` REQUIRED when the spec has none;
    ``choices`` the allowed values (strings compared case-insensitively)."""

    name: str
    kind: str
    default: Any = REQUIRED
    choices: tuple | None = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def text(self, value) -> str:
        """``value`` written as the IR writes this attribute, so that ``parse`` reads it back
        (OpenVINO writes a choice in lower case: ``auto_pad="same_upper"``)."""
        return _TEXT[self.kind](value.lower() if self.choices is not None and isinstance(value, str) else value)

    def parse(self, raw: str | None):
        if raw is None:
            if self.required:
                raise ValidationError(f"required attribute '{self.name}' is missing")
            return self.default
        key = (self.kind, raw)
        value = _READ.get(key, _UNREAD)
        if value is _UNREAD:
            try:
                value = KINDS[self.kind](raw)
            except ValidationError:
                raise
            except Exception as e:  # the kind parsers raise ValueError or ParseError
                raise ValidationError(f"attribute {self.name}={clipped(raw)} is not a valid {self.kind}: {e}") from None
            if len(raw) <= (_INT_LONGEST if self.kind == "int" else _READ_LONGEST) and len(_READ) < _READ_MOST:
                _READ[key] = value
        if self.choices is not None:
            check = value.lower() if isinstance(value, str) else value
            if check not in self.choices:
                raise ValidationError(
                    f"attribute {self.name}={clipped(raw)} is not one of {', '.join(map(str, self.choices))}"
                )
            value = check
        return value
