"""XML -> Graph. Safe by construction: no DTD, no entities, no network, bounded sizes."""
from __future__ import annotations

import io
import os
import re
from typing import Optional

import numpy as np
from lxml import etree

from . import ops as _ops  # noqa: F401  (registers every op)
from .errors import IRExecError, ParseError, ValidationError, printable
from .graph import Graph, Layer, Port
from .ops.registry import lookup
from .shapes import MAX_RANK, parse_dim
from .types import from_precision
from .weights import Weights

# Limits on what one IR may hold, so that reading takes bounded time and memory (a minimal <layer>
# is ~150 bytes of XML, ~3 KB and ~60 us once read: MAX_LAYERS of them take ~15 s and ~800 MB).
# Each is meant to be far above what a real model needs.
MAX_XML_BYTES = 256 << 20
MAX_LAYERS = 1 << 18
MAX_EDGES = 1 << 20
MAX_LAYER_ELEMENTS = 1 << 16   # elements inside one <layer> (its ports and dims, rt_info)
MAX_ATTRIBUTES = 1 << 10       # attributes on one element


# The text reaching the parser is always UTF-8 (see _to_utf8): naming the encoding keeps libxml2
# from guessing another one (EBCDIC, UTF-7, ...) behind the DOCTYPE check's back. huge_tree=False
# keeps libxml2's limits: 256 levels of nesting, 10,000,000 characters in a text or attribute value.
_PARSER_OPTIONS = dict(encoding="utf-8", resolve_entities=False, no_network=True, load_dtd=False,
                       dtd_validation=False, huge_tree=False, remove_blank_text=False)


def _parser() -> etree.XMLParser:
    return etree.XMLParser(**_PARSER_OPTIONS)


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
    while pos < len(data) and data[pos:pos + 1].isspace():
        pos += 1
    return data.startswith(b"<!DOCTYPE", pos)


# Byte-order marks, and how the first "<" looks in each encoding without one (the XML spec's
# appendix F); then the encoding the declaration names, for ASCII-compatible text.
_BOMS = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
         (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"), (b"\xef\xbb\xbf", "utf-8"))
_UNMARKED = ((b"\x00\x00\x00<", "utf-32-be"), (b"<\x00\x00\x00", "utf-32-le"),
             (b"\x00<", "utf-16-be"), (b"<\x00", "utf-16-le"))
_DECLARED = re.compile(rb"<\?xml\s[^>]*?encoding\s*=\s*[\"']([^\"'>]{0,40})[\"']")
# Declared encodings irexec reads (OpenVINO writes UTF-8); a UTF-16/32 label on text that is
# plainly 8-bit is read as UTF-8, as libxml2 does.
_SINGLE_BYTE = {"us-ascii": "ascii", "ascii": "ascii", "iso-8859-1": "latin-1", "iso_8859-1": "latin-1",
                "latin1": "latin-1", "latin-1": "latin-1"}
_UTF = {"utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be", "ucs-2", "ucs-4"}


def _to_utf8(data: bytes, path: Optional[str]) -> bytes:
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
            raise ParseError(f"the XML declares encoding {declared!r}; irexec reads UTF-8 (as OpenVINO "
                             f"writes it), UTF-16, UTF-32, ASCII and ISO-8859-1", file=path, line=1, code="X002")
        encoding = _SINGLE_BYTE[declared]
    if encoding == "utf-8":
        return data
    try:
        text = data[skip:].decode(encoding)
    except UnicodeDecodeError as e:
        line = data[skip:skip + e.start].decode(encoding, errors="replace").count("\n") + 1
        raise ParseError(f"not valid {encoding.upper()} text at byte {skip + e.start}", file=path,
                         line=line, code="X002") from None
    return text.encode("utf-8")


# libxml2's words for the limits it keeps without XML_PARSE_HUGE, in terms of the file.
_LIMITS = ((re.compile(r"Excessive depth in document: (\d+).*", re.S),
            r"elements are nested more than \1 deep"),
           (re.compile(r"Resource limit exceeded: Buffer size limit exceeded.*", re.S),
            "a name or attribute value is longer than 10,000,000 characters"),
           (re.compile(r"Resource limit exceeded: Text node too long.*", re.S),
            "a text node is longer than 10,000,000 characters"),
           (re.compile(r"(.*?),? (?:try|use) XML_PARSE_HUGE(?: option)?(.*)", re.S), r"\1\2"))


def _syntax_message(e: etree.XMLSyntaxError) -> str:
    """libxml2's message on one line, without the position lxml appends (the error has the line)."""
    msg = re.sub(r",?\s*line \d+, column \d+\s*$", "", str(e.msg or "").strip())
    column = e.position[1] if e.position and e.position[1] else None
    at = f" at column {column}" if column else ""
    for pattern, repl in _LIMITS:
        if pattern.match(msg):
            msg = " ".join(pattern.sub(repl, msg, count=1).split())
            return f"the XML is over a limit irexec keeps for untrusted files{at}: {msg}"
    return f"not well-formed XML{at}: {' '.join(msg.split()) or 'syntax error'}"


def prepare_xml(data: bytes, path: Optional[str] = None) -> bytes:
    """The checks made before any parsing: not empty, a readable encoding (the text is returned as
    UTF-8), no DOCTYPE, and not more layers or edges than irexec reads."""
    if not data.strip():
        raise ParseError("the file is empty", file=path, code="X002")
    data = _to_utf8(data, path)
    if _has_doctype(data):
        raise ParseError("DOCTYPE declarations are not allowed in an IR file", file=path, line=1, code="X002")
    # Upper bounds (a "<layer" inside a comment counts too): refuse before building anything.
    for tag, limit in ((b"layer", MAX_LAYERS), (b"edge", MAX_EDGES)):
        count = data.count(b"<" + tag) - data.count(b"<" + tag + b"s")
        if count > limit:
            raise ParseError(f"the XML has {count} <{tag.decode()}> elements, over irexec's limit of "
                             f"{limit}", file=path, code="X002")
    return data


def parse_xml_bytes(data: bytes, path: Optional[str] = None) -> etree._ElementTree:
    """The whole document as a tree, after the same checks as ``parse_graph`` (for tools that want
    the XML itself; reading a model streams it instead)."""
    data = prepare_xml(data, path)
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as e:
        raise ParseError(_syntax_message(e), file=path, line=e.position[0] if e.position else None, code="X002") from None
    tree = root.getroottree()
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise ParseError("DOCTYPE declarations are not allowed in an IR file", file=path, line=1, code="X002")
    return tree


def read_bytes(path: str) -> bytes:
    if not os.path.exists(path):
        raise ParseError("file not found", file=path, code="X001")
    if not os.path.isfile(path):
        raise ParseError("not a regular file", file=path, code="X001")
    size = os.path.getsize(path)
    if size > MAX_XML_BYTES:
        raise ParseError(f"the XML is {size} bytes, over irexec's limit of {MAX_XML_BYTES} bytes", file=path, code="X002")
    try:
        with open(path, "rb") as f:
            return f.read(MAX_XML_BYTES + 1)
    except OSError as e:
        raise ParseError(f"cannot read the file: {e.strerror or e}", file=path, code="X001") from None


def default_weights_path(xml_path: str) -> str:
    base, _ = os.path.splitext(xml_path)
    return base + ".bin"


class _Stream:
    """Builds the Graph from parse events, dropping each part of the tree once it is read, so
    memory follows the graph kept rather than the XML: a <layer> is parsed when it ends, an
    <edge> is kept as five strings, and everything else is discarded.

    A problem in one layer or edge is reported to ``problems`` and reading goes on without that
    part (so one pass finds every problem); only what leaves nothing to read is raised."""

    def __init__(self, path: Optional[str], weights_path: Optional[str], problems: list):
        self.path = path
        self.weights_path = weights_path
        self.problems = problems
        self.graph: Optional[Graph] = None
        self.root = None
        self.depth = 0
        self.section = None          # "layers", "edges" or None: the <net> child we are in
        self.seen = set()            # <net> children read so far
        self.layer_elements = 0      # elements inside the current <layer>
        self.edges = []              # (from-layer, from-port, to-layer, to-port, line)
        self.unread = set()          # ids of layers left out: edges to them are not reported again

    def error(self, message: str, el=None, cls=ParseError, **where):
        return cls(message, file=self.path, line=el.sourceline if el is not None else None, **where)

    def report(self, err: IRExecError) -> None:
        self.problems.append(err.located(file=self.path))

    def start(self, el) -> None:
        # Called for every element of the file: the common case (inside a <layer>) comes first.
        self.depth += 1
        if len(el.attrib) > MAX_ATTRIBUTES:
            raise self.error(f"<{el.tag}> has {len(el.attrib)} attributes, over irexec's limit of "
                             f"{MAX_ATTRIBUTES}", el, code="X002")
        if self.depth > 3:
            if self.section == "layers":
                self.layer_elements += 1
                if self.layer_elements > MAX_LAYER_ELEMENTS:
                    raise self.error(f"a <layer> holds more than {MAX_LAYER_ELEMENTS} elements "
                                     f"(irexec's limit)", el, code="X002")
        elif self.depth == 3:
            if self.section == "layers":
                if el.tag != "layer":
                    self.report(self.error(f"unexpected <{el.tag}> in <layers>", el, code="X003"))
                self.layer_elements = 0
        elif self.depth == 2:
            self.section = el.tag if el.tag in ("layers", "edges") else None
            if self.section:
                if self.section in self.seen:
                    self.report(self.error(f"<net> has more than one <{self.section}>", el, code="X003"))
                self.seen.add(self.section)
        else:
            self.begin_net(el)

    def begin_net(self, el) -> None:
        self.root = el
        if el.tag != "net":
            raise self.error(f"the root element is <{el.tag}>, not <net>", el, code="X004")
        version_s = el.get("version", "")
        if version_s not in ("10", "11"):
            raise self.error(f"IR version {version_s!r} is not supported (irexec reads IR v10 and v11)", el,
                             code="X004")
        self.graph = Graph(el.get("name", ""), int(version_s), self.path)
        self.graph.weights = Weights(self.weights_path)

    def end(self, el) -> None:
        depth = self.depth
        self.depth -= 1
        if depth > 3:
            if self.section == "layers":
                return  # part of a <layer>: read when the layer ends
        elif depth == 3:
            if self.section == "layers":
                if el.tag == "layer":
                    self.add_layer(el)
            elif self.section == "edges":
                self.add_edge(el)
        elif depth == 2:
            self.section = None
        else:
            return
        # Done with it: free it, and the siblings before it.
        el.clear()
        while el.getprevious() is not None:
            del el.getparent()[0]

    def add_layer(self, el) -> None:
        try:
            layer = parse_layer(el, self.path)
        except IRExecError as e:
            self.report(e.located(code="X003"))
            if el.get("id") is not None:
                self.unread.add(el.get("id"))
            return
        if layer.id in self.graph.g:
            first = self.graph.layer(layer.id)
            self.report(self.error(f"duplicate layer id '{printable(layer.id)}': layer {first.name!r} on line "
                                   f"{first.line} has it too", el, layer=layer.name,
                                   layer_id=layer.id, layer_type=layer.type, code="G006"))
            # Which of the two an edge means cannot be known: edges to either are left out.
            self.unread.add(layer.id)
            return
        self.graph.add_layer(layer)

    def add_edge(self, el) -> None:
        if el.tag != "edge":
            self.report(self.error(f"unexpected <{el.tag}> in <edges>", el, code="X003"))
            return
        get = el.get
        ends = (get("from-layer"), get("from-port"), get("to-layer"), get("to-port"))
        if None in ends:
            self.report(self.error("an <edge> needs from-layer, from-port, to-layer and to-port", el,
                                   code="X003"))
            return
        self.edges.append(ends + (el.sourceline,))

    def finish(self) -> Graph:
        if "layers" not in self.seen:
            raise self.error("<net> has no <layers>", self.root, code="X003")
        graph = self.graph
        fed = {}  # layer id -> its input ports that have an edge (or had one to a layer left out)
        for edge in self.edges:
            _add_edge(graph, edge, self.path, fed, self.unread, self.report)
        weights_ok = True
        for layer in graph.layers.values():
            err = _bind_op(graph, layer, self.path, fed.get(layer.id, ()))
            for e in err:
                if e.code == "C001":
                    # The weights file is missing for every Const alike: say it once.
                    if not weights_ok:
                        continue
                    weights_ok = False
                self.report(e)
        try:
            graph.topological_order()  # kept for the passes after; names a cycle
        except IRExecError as e:
            self.report(e.located(code="G005"))
        return graph


def _long_value_line(data: bytes, limit: int = 10_000_000) -> Optional[int]:
    """The line where a quoted value of ``limit`` bytes or more starts, if there is one."""
    raw = np.frombuffer(data, dtype=np.uint8)
    for quote in b"\"'":
        at = np.flatnonzero(raw == quote)
        gaps = np.flatnonzero(np.diff(at) > limit)
        if gaps.size:
            return data.count(b"\n", 0, int(at[gaps[0]])) + 1
    return None


def parse_graph(data: bytes, path: Optional[str] = None, weights_path: Optional[str] = None,
                problems: Optional[list] = None) -> Graph:
    """XML bytes -> Graph (``path``: for messages; ``weights_path``: the .bin).

    ``problems``: a list to collect every problem in (as located IRExecErrors with rule codes),
    reading on past each; the graph returned then leaves out what was broken. Without it, the
    first problem is raised. Problems that leave nothing to read are raised either way."""
    data = prepare_xml(data, path)
    events = etree.iterparse(io.BytesIO(data), events=("start", "end"), **_PARSER_OPTIONS)
    try:
        graph = build_graph(events, path, weights_path, problems)
    except etree.XMLSyntaxError as e:
        message, line = _syntax_message(e), e.position[0] if e.position else None
        if "Buffer size limit" in str(e.msg):
            # Streaming, libxml2 reports where its input ends, not where the long value is.
            message, line = re.sub(r" at column \d+", "", message), _long_value_line(data)
        raise ParseError(message, file=path, line=line, code="X002") from None
    docinfo = events.root.getroottree().docinfo if events.root is not None else None
    if docinfo is not None and (docinfo.doctype or docinfo.internalDTD is not None):
        raise ParseError("DOCTYPE declarations are not allowed in an IR file", file=path, line=1, code="X002")
    return graph


def build_graph(events, path: Optional[str], weights_path: Optional[str],
                problems: Optional[list] = None) -> Graph:
    """The Graph from (event, element) pairs: lxml's iterparse over the text, or iterwalk over a
    tree already parsed. ``problems``: as for ``parse_graph``."""
    found = [] if problems is None else problems
    stream = _Stream(path, weights_path, found)
    start, end = stream.start, stream.end
    for event, el in events:
        if el.tag.__class__ is not str:  # a comment or processing instruction (iterwalk)
            continue
        if event == "start":
            start(el)
        else:
            end(el)
    if stream.graph is None:
        raise ParseError("the XML has no root element", file=path, code="X002")
    graph = stream.finish()
    if problems is None and found:
        raise found[0]
    return graph


def parse_layer(el, path: Optional[str]) -> Layer:
    line = el.sourceline
    lid = el.get("id")
    ltype = el.get("type")
    name = el.get("name", lid)
    if lid is None or ltype is None:
        raise ParseError("a <layer> needs 'id' and 'type' attributes", file=path, line=line, layer=name)
    where = dict(file=path, line=line, layer=name, layer_id=lid, layer_type=ltype)
    if lid.isdigit() and not lid.isdecimal():
        # Digits such as '²' are digits to str.isdigit but not numbers to int().
        raise ParseError(f"layer id {lid!r} is not a number", **where)
    # The first <data>, <input> and <output>, in one pass over the children (three find()s take
    # several times as long).
    data_el = input_el = output_el = None
    for child in el:
        tag = child.tag
        if tag == "data":
            data_el = child if data_el is None else data_el
        elif tag == "input":
            input_el = child if input_el is None else input_el
        elif tag == "output":
            output_el = child if output_el is None else output_el
    attrs = dict(data_el.items()) if data_el is not None else {}
    try:
        inputs = _ports(input_el, path)
        outputs = _ports(output_el, path)
    except IRExecError as e:
        raise e.located(**where)
    ids = [p.id for p in inputs + outputs]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise ParseError(f"two ports of the layer have id {printable(twice)}", code="G007", **where)
    return Layer(lid, name, ltype, el.get("version"), attrs, inputs, outputs, line)


def _ports(el, path) -> list:
    ports = []
    if el is None:
        return ports
    for p in el:
        tag = p.tag
        if tag != "port":
            if tag.__class__ is not str:  # a comment
                continue
            raise ParseError(f"unexpected <{tag}> among ports", line=p.sourceline)
        get = p.get
        pid = get("id")
        if pid is None:
            raise ParseError("a <port> needs an 'id'", line=p.sourceline)
        prec = get("precision")
        dim_els = list(p.iterchildren("dim"))
        try:
            etype = from_precision(prec) if prec else None
        except IRExecError as e:
            raise e.located(line=p.sourceline, port=pid, code="O003")
        try:
            if len(dim_els) > MAX_RANK:
                raise ParseError(f"the port has {len(dim_els)} dims; irexec handles at most {MAX_RANK}")
            dims = tuple([parse_dim(d.text or "") for d in dim_els])
        except IRExecError as e:
            raise e.located(line=p.sourceline, port=pid)
        names = get("names")
        names = tuple(n.strip() for n in names.split(",") if n.strip()) if names else ()
        ports.append(Port(pid, etype, dims, names, p.sourceline))
    return ports


def _add_edge(graph: Graph, edge: tuple, path, fed: dict, unread: set, report) -> None:
    src, sp, dst, dp, line = edge
    if src in unread or dst in unread:
        # An edge of a layer already reported: the port it feeds counts as fed, the output as used.
        if dst in graph.g and dst not in unread:
            fed.setdefault(dst, set()).add(dp)
        graph.used.add(src)
        return
    for lid, other in ((src, dst), (dst, src)):
        if lid not in graph.g:
            where = graph.layer(other).where() if other in graph.g else {}
            where["line"] = line
            report(ValidationError(f"edge {'from' if lid == src else 'to'} missing layer '{printable(lid)}'",
                                   file=path, code="G001", **where))
            if dst in graph.g:
                fed.setdefault(dst, set()).add(dp)
            return
    src_l, dst_l = graph.layer(src), graph.layer(dst)
    if sp not in [p.id for p in src_l.outputs]:
        report(ValidationError(f"edge from an output port the layer does not have (to layer {dst_l.name!r}, "
                               f"id {printable(dst)})", file=path, code="G002", port=sp,
                               **dict(src_l.where(), line=line)))
        fed.setdefault(dst, set()).add(dp)
        return
    if dp not in [p.id for p in dst_l.inputs]:
        report(ValidationError(f"edge to an input port the layer does not have (from layer {src_l.name!r}, "
                               f"id {printable(src)})", file=path, code="G002", port=dp,
                               **dict(dst_l.where(), line=line)))
        return
    ports = fed.setdefault(dst, set())
    if dp in ports:
        report(ValidationError(f"the input port has a second edge (from layer {src_l.name!r}, id {printable(src)})", file=path, code="G003", port=dp,
                               **dict(dst_l.where(), line=line)))
        return
    ports.add(dp)
    graph.add_edge(src, sp, dst, dp, line)


# Layers with a fixed role in the graph: a wrong arity there is a structural problem (G008).
_IO_TYPES = ("Parameter", "Const", "Result")


def _bind_op(graph: Graph, layer: Layer, path, fed) -> list:
    """Build the layer's op and check it against its ports and edges; returns the problems found
    (the layer keeps ``op = None`` when it cannot be built or does not fit its ports)."""
    where = dict(file=path, **layer.where())
    found = []
    try:
        cls = lookup(layer.type, layer.version)
    except IRExecError as e:
        return [e.located(**where)]
    # The spelling irexec knows (types are matched case-insensitively): everything downstream
    # (the executor's Parameter and Result handling, linting) compares against it.
    layer.type = cls.type
    where["layer_type"] = cls.type
    try:
        op = cls(layer.attrs)
    except IRExecError as e:
        return [e.located(code="O003", **where)]
    arity = "G008" if cls.type in _IO_TYPES else "O004"
    n_in = len(layer.inputs)
    if not cls.min_inputs <= n_in <= cls.max_inputs:
        expect = (str(cls.min_inputs) if cls.min_inputs == cls.max_inputs
                  else f"{cls.min_inputs} to {cls.max_inputs}")
        found.append(ValidationError(f"{layer.type} takes {expect} inputs, the layer declares {n_in}",
                                     code=arity, **where))
    if len(layer.outputs) != cls.num_outputs and layer.type != "Result":
        found.append(ValidationError(f"{layer.type} has {cls.num_outputs} output(s), "
                                     f"the layer declares {len(layer.outputs)}", code=arity, **where))
    if cls.num_outputs == 0:
        for _, dst, (sp, _) in graph.g.out_edges(layer.id, keys=True):
            found.append(ValidationError(f"a {layer.type} has no outputs, but an edge leaves its port "
                                         f"{printable(sp)} (to layer {graph.layer(dst).name!r}, id {printable(dst)})",
                                         port=sp, code=arity, **where))
            break
    if found:
        return found
    for port in layer.inputs:
        if port.id not in fed:
            found.append(ValidationError("input is not connected", port=port.id, code="G004", **where))
    if cls.type == "Const":
        op.bind(graph.weights)
        try:
            op.check()
        except IRExecError as e:
            return found + [e.located(**where)]
    layer.op = op
    return found


def read_graph(xml_path: str, weights_path: Optional[str] = None) -> Graph:
    return parse_graph(read_bytes(xml_path), xml_path, weights_path or default_weights_path(xml_path))
