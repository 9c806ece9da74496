"""Untrusted XML made safe to parse: the parser's options, the encodings read, no DOCTYPE, the
limits on what one IR may hold, and libxml2's complaints in the file's terms.

Everything irexec parses (a model, a layer snippet, the linter's schema) goes through here; the
reader itself only builds the graph.
"""

from __future__ import annotations

import io
import re

import numpy as np
from lxml import etree

from ..errors import ParseError

# Limits on what one IR may hold, so that reading takes bounded time and memory (a minimal <layer>
# is ~150 bytes of XML, ~3 KB and ~60 us once read: MAX_LAYERS of them take ~15 s and ~800 MB).
# Each is meant to be far above what a real model needs. Layers and edges inside the bodies of
# Loop, TensorIterator and If count as layers and edges.
MAX_XML_BYTES = 256 << 20
MAX_LAYERS = 1 << 18
MAX_EDGES = 1 << 20
MAX_LAYER_ELEMENTS = 1 << 16  # elements inside one <layer>, nested or not (its ports and dims, rt_info)
MAX_ATTRIBUTES = 1 << 10  # attributes on one element
MAX_BODY_DEPTH = 16  # bodies inside bodies (a Loop in an If in a Loop...)
# Elements held at once while one top-level <layer> is read: it is parsed whole when it ends,
# its bodies with it (the top level itself is streamed).
MAX_TREE_ELEMENTS = 1 << 20


# The text reaching the parser is always UTF-8 (see _to_utf8): naming the encoding keeps libxml2
# from guessing another one (EBCDIC, UTF-7, ...) behind the DOCTYPE check's back. huge_tree=False
# keeps libxml2's limits: 256 levels of nesting, 10,000,000 characters in a text or attribute value.
PARSER_OPTIONS = dict(
    encoding="utf-8",
    resolve_entities=False,
    no_network=True,
    load_dtd=False,
    dtd_validation=False,
    huge_tree=False,
    remove_blank_text=False,
)


def parser() -> etree.XMLParser:
    return etree.XMLParser(**PARSER_OPTIONS)


def parse_events(data: bytes):
    """The ("start", element) and ("end", element) events of a model's XML (``data``: UTF-8, as
    prepare_xml returns it). The whitespace between elements is not kept: nothing reads it, and
    an indented IR has as many of those text nodes as elements. (Text inside an element, such as
    a <dim>'s, is kept, blank or not.)"""
    return etree.iterparse(io.BytesIO(data), events=("start", "end"), **dict(PARSER_OPTIONS, remove_blank_text=True))


# What may precede the root element: whitespace, the XML declaration, processing instructions,
# comments. An unterminated one matches nothing, and then the parser reports it.
_PROLOG = re.compile(rb"\s*(?:<\?.*?\?>|<!--.*?-->)", re.S)


def _has_doctype(data: bytes) -> bool:
    """Whether a DOCTYPE comes before the root element (``data``: UTF-8). IR files never have one,
    and refusing it up front keeps every entity (external, or an expansion bomb) away from the
    parser. The whole prolog is scanned, however long its comments."""
    pos = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    while True:
        m = _PROLOG.match(data, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
    while pos < len(data) and data[pos : pos + 1].isspace():
        pos += 1
    return data.startswith(b"<!DOCTYPE", pos)


def refuse_doctype(docinfo, path: str | None) -> None:
    """After parsing: the document the parser saw has no DOCTYPE either."""
    if docinfo is not None and (docinfo.doctype or docinfo.internalDTD is not None):
        raise ParseError("DOCTYPE declarations are not allowed in an IR file", file=path, line=1, code="X002")


# Byte-order marks, and how the first "<" looks in each encoding without one (the XML spec's
# appendix F); then the encoding the declaration names, for ASCII-compatible text.
_BOMS = (
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\xfe\xff", "utf-16-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xef\xbb\xbf", "utf-8"),
)
_UNMARKED = (
    (b"\x00\x00\x00<", "utf-32-be"),
    (b"<\x00\x00\x00", "utf-32-le"),
    (b"\x00<", "utf-16-be"),
    (b"<\x00", "utf-16-le"),
)
_DECLARED = re.compile(rb"<\?xml\s[^>]*?encoding\s*=\s*[\"']([^\"'>]{0,40})[\"']")
# Declared encodings irexec reads (OpenVINO writes UTF-8); a UTF-16/32 label on text that is
# plainly 8-bit is read as UTF-8, as libxml2 does.
_SINGLE_BYTE = {
    "us-ascii": "ascii",
    "ascii": "ascii",
    "iso-8859-1": "latin-1",
    "iso_8859-1": "latin-1",
    "latin1": "latin-1",
    "latin-1": "latin-1",
}
_UTF = {"utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be", "ucs-2", "ucs-4"}


def _to_utf8(data: bytes, path: str | None) -> bytes:
    """The document as UTF-8 bytes (usually ``data`` itself), so that the DOCTYPE check and the
    parser see the same text. Line breaks are kept, so lines in messages stay right."""
    head = data[:4]
    encoding = next((enc for bom, enc in _BOMS if head.startswith(bom)), None)
    skip = 0
    if encoding is not None:
        skip = next(len(bom) for bom, enc in _BOMS if head.startswith(bom))
    else:
        encoding = next((enc for mark, enc in _UNMARKED if head.startswith(mark)), None)
    if encoding is None:
        m = _DECLARED.match(data[:300].lstrip())
        declared = m.group(1).decode("latin-1").strip().lower() if m else "utf-8"
        if declared in _UTF:
            return data
        if declared not in _SINGLE_BYTE:
            raise ParseError(
                f"the XML declares encoding {declared!r}; irexec reads UTF-8 (as OpenVINO "
                f"writes it), UTF-16, UTF-32, ASCII and ISO-8859-1",
                file=path,
                line=1,
                code="X002",
            )
        encoding = _SINGLE_BYTE[declared]
    if encoding == "utf-8":
        return data
    try:
        text = data[skip:].decode(encoding)
    except UnicodeDecodeError as e:
        line = data[skip : skip + e.start].decode(encoding, errors="replace").count("\n") + 1
        raise ParseError(
            f"not valid {encoding.upper()} text at byte {skip + e.start}", file=path, line=line, code="X002"
        ) from None
    return text.encode("utf-8")


# libxml2's words for the limits it keeps without XML_PARSE_HUGE, in terms of the file.
_LIMITS = (
    (re.compile(r"Excessive depth in document: (\d+).*", re.S), r"elements are nested more than \1 deep"),
    (
        re.compile(r"Resource limit exceeded: Buffer size limit exceeded.*", re.S),
        "a name or attribute value is longer than 10,000,000 characters",
    ),
    (
        re.compile(r"Resource limit exceeded: Text node too long.*", re.S),
        "a text node is longer than 10,000,000 characters",
    ),
    (re.compile(r"(.*?),? (?:try|use) XML_PARSE_HUGE(?: option)?(.*)", re.S), r"\1\2"),
)


def syntax_message(e: etree.XMLSyntaxError) -> str:
    """libxml2's message on one line, without the position lxml appends (the error has the line)."""
    msg = re.sub(r",?\s*line \d+, column \d+\s*$", "", str(e.msg or "").strip())
    column = e.position[1] if e.position and e.position[1] else None
    at = f" at column {column}" if column else ""
    for pattern, repl in _LIMITS:
        if pattern.match(msg):
            msg = " ".join(pattern.sub(repl, msg, count=1).split())
            return f"the XML is over a limit irexec keeps for untrusted files{at}: {msg}"
    return f"not well-formed XML{at}: {' '.join(msg.split()) or 'syntax error'}"


def syntax_error(e: etree.XMLSyntaxError, data: bytes, path: str | None) -> ParseError:
    """The ParseError for libxml2's complaint about ``data`` (streamed or parsed whole)."""
    message, line = syntax_message(e), e.position[0] if e.position else None
    if "Buffer size limit" in str(e.msg):
        # Streaming, libxml2 reports where its input ends, not where the long value is.
        message, line = re.sub(r" at column \d+", "", message), long_value_line(data)
    return ParseError(message, file=path, line=line, code="X002")


def long_value_line(data: bytes, limit: int = 10_000_000) -> int | None:
    """The line where a quoted value of ``limit`` bytes or more starts, if there is one."""
    raw = np.frombuffer(data, dtype=np.uint8)
    for quote in b"\"'":
        at = np.flatnonzero(raw == quote)
        gaps = np.flatnonzero(np.diff(at) > limit)
        if gaps.size:
            return data.count(b"\n", 0, int(at[gaps[0]])) + 1
    return None


def prepare_xml(data: bytes, path: str | None = None) -> bytes:
    """The checks made before any parsing: not empty, a readable encoding (the text is returned as
    UTF-8), no DOCTYPE, and not more layers or edges than irexec reads (bodies' included)."""
    if not data or data.isspace():  # (not strip(): a copy of the whole text)
        raise ParseError("the file is empty", file=path, code="X002")
    data = _to_utf8(data, path)
    if _has_doctype(data):
        raise ParseError("DOCTYPE declarations are not allowed in an IR file", file=path, line=1, code="X002")
    # Upper bounds (a "<layer" inside a comment counts too): refuse before building anything.
    for tag, limit in ((b"layer", MAX_LAYERS), (b"edge", MAX_EDGES)):
        if len(data) <= limit * (len(tag) + 1):
            continue  # (too short to hold more: each takes "<" and its name)
        count = data.count(b"<" + tag)
        if count > limit:  # (what counted "<layers" and "<edges" too: those come off)
            count -= data.count(b"<" + tag + b"s")
        if count > limit:
            raise ParseError(
                f"the XML has {count} <{tag.decode()}> elements, over irexec's limit of {limit}", file=path, code="X002"
            )
    return data
