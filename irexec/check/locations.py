"""Columns for lint findings: the XML parser gives each element's line, not its column, so the
column is found in the line's text: a finding about a port points at its ``<port`` element, any
other at the line's first element (one element per line, as OpenVINO writes IR)."""

from __future__ import annotations

import re
from dataclasses import replace


def with_columns(findings: list, data: bytes) -> list:
    """``findings`` with ``column`` set where it was not (``data``: the XML the lines count in)."""
    wanted = sorted({f.line for f in findings if f.line and f.column is None})
    if not wanted:
        return findings
    texts = _lines(data, wanted)
    out = []
    for f in findings:
        column = _column(texts.get(f.line), f.port) if f.line and f.column is None else None
        out.append(replace(f, column=column) if column is not None else f)
    return out


def _lines(data: bytes, wanted: list) -> dict:
    """The text of each line in ``wanted`` (sorted), found in one pass over the bytes."""
    out, start, line, k = {}, 0, 1, 0
    while k < len(wanted) and start <= len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        if line == wanted[k]:
            out[line] = data[start:end].decode("utf-8", "replace")
            k += 1
        start, line = end + 1, line + 1
    return out


def _column(text, port):
    """The column of the finding's element in its line: a port's ``<port id=...>``, else the line's
    element; None (unknown) where the line holds several that could be it (compact XML)."""
    if not text:
        return None
    if port is not None:
        found = [
            m.start() for m in re.finditer(r"<port\b[^>]*?\bid\s*=\s*([\"'])" + re.escape(str(port)) + r"\1", text)
        ]
        if len(found) == 1:
            return found[0] + 1
    starts = [m.start() for m in _ELEMENT.finditer(text)]
    return starts[0] + 1 if len(starts) == 1 else None


_ELEMENT = re.compile(r"<[A-Za-z_]")
