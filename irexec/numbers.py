"""The one way a number in an IR file is read: attributes, dims, port ids, edges, port maps and a
Const's offset and size alike, by the reader, the ops' attributes and the linter.

Strict on purpose. Python's ``int()`` and ``float()`` also take ``"1_6"`` (16), ``"+4"``,
Arabic-Indic and full-width digits and any Unicode space around them; the IR schema and OpenVINO
take none of those, and a file that one reader sees as 16 and another refuses is a file two tools
disagree on. So: an integer is an optional ``-`` then ASCII digits; a float is written as
OpenVINO writes them (``-1.5``, ``1e-05``, ``3.4028234663852886e+38``, ``inf``, ``-nan``). Only XML
whitespace (space, tab, CR, LF) may surround either, as the schema's patterns allow.
"""

from __future__ import annotations

import re

_XML_SPACE = " \t\r\n"
_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|-?(?:inf|infinity|nan)", re.IGNORECASE)
MAX_DIGITS = 4300  # Python's own limit for int() of a string; a longer one is no size anyway


def parse_int(text: str) -> int:
    """``text`` as an integer, or ValueError saying what is wrong."""
    if text.isdecimal() and text.isascii() and len(text) <= MAX_DIGITS:  # (the common case: plain digits)
        return int(text)
    t = text.strip(_XML_SPACE)
    if _INT.fullmatch(t) is None:
        raise ValueError(f"{t!r} is not an integer (an optional '-' and ASCII digits)")
    if len(t) > MAX_DIGITS:
        raise ValueError(f"an integer of {len(t)} digits is out of range")
    return int(t)


def parse_float(text: str) -> float:
    """``text`` as a float, or ValueError saying what is wrong."""
    t = text.strip(_XML_SPACE)
    if _FLOAT.fullmatch(t) is None:
        raise ValueError(f"{t!r} is not a number")
    return float(t)


def parse_index(text: str) -> int:
    """A port id (or a reference to one): ASCII digits and nothing else, as the schema's PortId."""
    if not (text.isascii() and text.isdecimal()):
        raise ValueError(f"{text!r} is not a port number (ASCII digits)")
    if len(text) > MAX_DIGITS:
        raise ValueError(f"a port number of {len(text)} digits is out of range")
    return int(text)


def is_int(text: str) -> bool:
    """Whether ``text`` reads as an integer under ``parse_int``."""
    return _INT.fullmatch(text.strip(_XML_SPACE)) is not None
