"""XML -> Graph, streamed. Safe by construction: no DTD, no entities, no network, bounded sizes
(irexec.ir.safexml); each <layer> is read as it ends (irexec.ir.layer_xml) and the graph assembled
from its layers and edges (irexec.ir.assemble)."""

from __future__ import annotations

import os

from lxml import etree

from ..errors import ParseError
from ..files import open_regular
from ..graph import Graph
from .plain_ir import plain_graph
from .safexml import MAX_XML_BYTES, parse_events, prepare_xml, refuse_doctype, syntax_error
from .stream import build_graph


def read_bytes(path: str) -> bytes:
    if not os.path.exists(path):
        raise ParseError("file not found", file=path, code="X001")
    if not os.path.isfile(path):
        raise ParseError("not a regular file", file=path, code="X001")
    size = os.path.getsize(path)
    if size > MAX_XML_BYTES:
        raise ParseError(
            f"the XML is {size} bytes, over irexec's limit of {MAX_XML_BYTES} bytes", file=path, code="X002"
        )
    try:
        with open_regular(path) as f:  # (never blocks: a FIFO swapped in since isfile is refused)
            return f.read(MAX_XML_BYTES + 1)
    except OSError as e:
        raise ParseError(f"cannot read the file: {e.strerror or e}", file=path, code="X001") from None


def default_weights_path(xml_path: str) -> str:
    base, _ = os.path.splitext(xml_path)
    return base + ".bin"


def parse_graph(
    data: bytes, path: str | None = None, weights_path: str | None = None, problems: list | None = None
) -> Graph:
    """XML bytes -> Graph (``path``: for messages; ``weights_path``: the .bin).

    ``problems``: a list to collect every problem in (as located IRExecErrors with rule codes),
    reading on past each; the graph returned then leaves out what was broken. Without it, the
    first problem is raised. Problems that leave nothing to read are raised either way."""
    data = prepare_xml(data, path)
    found = [] if problems is None else problems
    graph = plain_graph(data, path, weights_path, found)
    if graph is not None:
        if problems is None and found:
            raise found[0]
        return graph
    events = parse_events(data)
    try:
        graph = build_graph(events, path, weights_path, problems)
    except etree.XMLSyntaxError as e:
        raise syntax_error(e, data, path) from None
    refuse_doctype(events.root.getroottree().docinfo if events.root is not None else None, path)
    return graph


def read_graph(xml_path: str, weights_path: str | None = None) -> Graph:
    return parse_graph(read_bytes(xml_path), xml_path, weights_path or default_weights_path(xml_path))
