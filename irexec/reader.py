"""XML -> Graph. Safe by construction: no DTD, no entities, no network, bounded sizes."""
from __future__ import annotations

import os
import re
from typing import Optional

from lxml import etree

from . import ops as _ops  # noqa: F401  (registers every op)
from .errors import IRExecError, ParseError, ValidationError
from .graph import Graph, Layer, Port
from .ops.registry import lookup
from .shapes import parse_dim
from .types import from_precision
from .weights import Weights

MAX_XML_BYTES = 1 << 30


def _parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False, remove_blank_text=False)


_PROLOG = re.compile(rb"\s*(?:<\?.*?\?>|<!--.*?-->)", re.S)


def _has_doctype(data: bytes) -> bool:
    """Whether a DOCTYPE comes before the root element. IR files never have one, and refusing
    it up front keeps every entity (external, or an expansion bomb) away from the parser."""
    pos = 0
    head = data[:1 << 16].lstrip(b"\xef\xbb\xbf")
    while True:
        m = _PROLOG.match(head, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
    return head[pos:].lstrip().startswith(b"<!DOCTYPE")


def parse_xml_bytes(data: bytes, path: Optional[str] = None) -> etree._ElementTree:
    """Parse XML text refusing DTDs (and so every entity declaration)."""
    if not data.strip():
        raise ParseError("the file is empty", file=path)
    if _has_doctype(data):
        raise ParseError("DOCTYPE declarations are not allowed in an IR file", file=path, line=1)
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as e:
        line = e.position[0] if e.position else None
        raise ParseError(f"not well-formed XML: {e.msg}", file=path, line=line) from None
    tree = root.getroottree()
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise ParseError("DOCTYPE declarations are not allowed in an IR file", file=path, line=1)
    return tree


def read_xml(path: str) -> etree._ElementTree:
    if not os.path.exists(path):
        raise ParseError("file not found", file=path)
    if not os.path.isfile(path):
        raise ParseError("not a regular file", file=path)
    size = os.path.getsize(path)
    if size > MAX_XML_BYTES:
        raise ParseError(f"the XML is {size} bytes, over the {MAX_XML_BYTES}-byte limit", file=path)
    with open(path, "rb") as f:
        return parse_xml_bytes(f.read(), path)


def default_weights_path(xml_path: str) -> str:
    base, _ = os.path.splitext(xml_path)
    return base + ".bin"


def build_graph(tree: etree._ElementTree, path: Optional[str] = None,
                weights_path: Optional[str] = None) -> Graph:
    root = tree.getroot()
    if root.tag != "net":
        raise ParseError(f"the root element is <{root.tag}>, not <net>", file=path, line=root.sourceline)
    version_s = root.get("version", "")
    if version_s not in ("10", "11"):
        raise ParseError(f"IR version '{version_s}' is not supported (irexec reads IR v10 and v11)",
                         file=path, line=root.sourceline)
    graph = Graph(root.get("name", ""), int(version_s), path)
    graph.weights = Weights(weights_path)
    layers_el = root.find("layers")
    if layers_el is None:
        raise ParseError("<net> has no <layers>", file=path, line=root.sourceline)
    for el in layers_el:
        if not isinstance(el.tag, str):
            continue  # comments
        if el.tag != "layer":
            raise ParseError(f"unexpected <{el.tag}> in <layers>", file=path, line=el.sourceline)
        layer = parse_layer(el, path)
        if layer.id in graph.g:
            raise ParseError(f"duplicate layer id '{layer.id}'", file=path, line=el.sourceline,
                             layer=layer.name, layer_id=layer.id, layer_type=layer.type)
        graph.add_layer(layer)
    edges_el = root.find("edges")
    for el in (edges_el if edges_el is not None else ()):
        if not isinstance(el.tag, str):
            continue
        _add_edge(graph, el, path)
    for layer in graph.layers.values():
        _bind_op(graph, layer, path)
    return graph


def parse_layer(el, path: Optional[str]) -> Layer:
    line = el.sourceline
    lid = el.get("id")
    ltype = el.get("type")
    name = el.get("name", lid)
    if lid is None or ltype is None:
        raise ParseError("a <layer> needs 'id' and 'type' attributes", file=path, line=line, layer=name)
    where = dict(file=path, line=line, layer=name, layer_id=lid, layer_type=ltype)
    data_el = el.find("data")
    attrs = dict(data_el.attrib) if data_el is not None else {}
    try:
        inputs = _ports(el.find("input"), path)
        outputs = _ports(el.find("output"), path)
    except IRExecError as e:
        raise e.located(**where)
    ids = [p.id for p in inputs + outputs]
    if len(set(ids)) != len(ids):
        raise ParseError("two ports of the layer share an id", **where)
    return Layer(lid, name, ltype, el.get("version"), attrs, inputs, outputs, line)


def _ports(el, path) -> list:
    ports = []
    if el is None:
        return ports
    for p in el:
        if not isinstance(p.tag, str):
            continue
        if p.tag != "port":
            raise ParseError(f"unexpected <{p.tag}> among ports", line=p.sourceline)
        pid = p.get("id")
        if pid is None:
            raise ParseError("a <port> needs an 'id'", line=p.sourceline)
        prec = p.get("precision")
        try:
            etype = from_precision(prec) if prec else None
            dims = tuple(parse_dim(d.text or "") for d in p.findall("dim"))
        except IRExecError as e:
            raise e.located(line=p.sourceline, port=pid)
        names = tuple(n.strip() for n in p.get("names", "").split(",") if n.strip()) \
            if p.get("names") else ()
        ports.append(Port(pid, etype, dims, names, p.sourceline))
    return ports


def _add_edge(graph: Graph, el, path) -> None:
    line = el.sourceline
    try:
        src, sp, dst, dp = (el.get(k) for k in ("from-layer", "from-port", "to-layer", "to-port"))
    except Exception:
        src = None
    if None in (src, sp, dst, dp):
        raise ParseError("an <edge> needs from-layer, from-port, to-layer and to-port", file=path, line=line)
    for lid in (src, dst):
        if lid not in graph.g:
            raise ValidationError(f"edge refers to missing layer '{lid}'", file=path, line=line)
    src_l, dst_l = graph.layer(src), graph.layer(dst)
    if sp not in [p.id for p in src_l.outputs]:
        raise ValidationError(f"edge from missing output port {sp} of layer '{src_l.name}' (id {src})",
                              file=path, line=line)
    if dp not in [p.id for p in dst_l.inputs]:
        raise ValidationError(f"edge to missing input port {dp} of layer '{dst_l.name}' (id {dst})",
                              file=path, line=line)
    for s, _, (_, p) in graph.g.in_edges(dst, keys=True):
        if p == dp:
            raise ValidationError(f"input port {dp} of layer '{dst_l.name}' (id {dst}) has two edges",
                                  file=path, line=line)
    graph.add_edge(src, sp, dst, dp, line)


def _bind_op(graph: Graph, layer: Layer, path) -> None:
    where = dict(file=path, **layer.where())
    try:
        cls = lookup(layer.type, layer.version)
        layer.op = cls(layer.attrs)
        n_in = len(layer.inputs)
        if not cls.min_inputs <= n_in <= cls.max_inputs:
            expect = (str(cls.min_inputs) if cls.min_inputs == cls.max_inputs
                      else f"{cls.min_inputs} to {cls.max_inputs}")
            raise ValidationError(f"{layer.type} takes {expect} inputs, the layer declares {n_in}")
        if len(layer.outputs) != cls.num_outputs and layer.type != "Result":
            raise ValidationError(f"{layer.type} has {cls.num_outputs} output(s), "
                                  f"the layer declares {len(layer.outputs)}")
        fed = {dp for _, _, (_, dp) in graph.g.in_edges(layer.id, keys=True)}
        for port in layer.inputs:
            if port.id not in fed:
                raise ValidationError("input is not connected", port=port.id)
        if layer.type == "Const":
            layer.op.bind(graph.weights)
            layer.op.check()
    except IRExecError as e:
        raise e.located(**where)


def read_graph(xml_path: str, weights_path: Optional[str] = None) -> Graph:
    tree = read_xml(xml_path)
    return build_graph(tree, xml_path, weights_path or default_weights_path(xml_path))
