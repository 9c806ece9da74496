"""Running a snippet: it is wrapped into a whole IR (a Parameter per input port, the layer, a
Result per output port), read and run like any model, so it is checked the same way. The net is
written one element per line, so that a line in a message maps back to the snippet's file, line
and port.
"""

from __future__ import annotations

from lxml import etree

from ..api.model import model_from_string
from ..errors import IRExecError
from ..shapes import static
from ..types import ElementType
from .parse import Snippet


def run_wrapped(snippet: Snippet, cls, version: str, types: list, feeds: dict, budget: int) -> list:
    """The outputs (in port order) of the snippet's layer, as op ``cls`` of ``version``, on
    ``feeds`` (input index -> array) of element types ``types``."""
    lines = ['<?xml version="1.0"?>', '<net name="layer" version="11">', "<layers>"]
    back = {}  # line in the net -> (line in the snippet, port id or None for the layer itself)
    n = len(snippet.inputs)
    for i, p in enumerate(snippet.inputs):
        el = etree.Element("layer", id=str(i), name=f"port {p.id}", type="Parameter", version="opset1")
        etree.SubElement(el, "data", shape=",".join(map(str, feeds[i].shape)), element_type=types[i].name)
        _port_el(etree.SubElement(el, "output"), "0", types[i], static(feeds[i].shape))
        lines.append(etree.tostring(el, encoding="unicode"))
        back[len(lines)] = (p.line, p.id)
    main = etree.Element("layer", id=str(n), name=snippet.name or snippet.type, type=cls.type, version=version)
    etree.SubElement(main, "data", snippet.attrs)
    group = etree.SubElement(main, "input")
    for i, p in enumerate(snippet.inputs):
        _port_el(group, p.id, types[i], static(feeds[i].shape))
    group = etree.SubElement(main, "output")
    for p in snippet.outputs:
        _port_el(group, p.id, p.etype, p.dims)
    lines.append(etree.tostring(main, encoding="unicode"))
    back[len(lines)] = (snippet.line, None)
    for j, p in enumerate(snippet.outputs):
        el = etree.Element("layer", id=str(n + 1 + j), name=f"out {p.id}", type="Result", version="opset1")
        _port_el(etree.SubElement(el, "input"), "0", p.etype, p.dims)
        lines.append(etree.tostring(el, encoding="unicode"))
        back[len(lines)] = (p.line, p.id)
    lines += ["</layers>", "<edges>"]
    for i, p in enumerate(snippet.inputs):
        lines.append(f'<edge from-layer="{i}" from-port="0" to-layer="{n}" to-port="{_attr(p.id)}"/>')
        back[len(lines)] = (p.line, p.id)
    for j, p in enumerate(snippet.outputs):
        lines.append(f'<edge from-layer="{n}" from-port="{_attr(p.id)}" to-layer="{n + 1 + j}" to-port="0"/>')
        back[len(lines)] = (p.line, p.id)
    lines += ["</edges>", "</net>"]
    try:
        model = model_from_string("\n".join(lines), snippet.path, max_tensor_bytes=budget)
        results = model.infer({f"port {p.id}": feeds[i] for i, p in enumerate(snippet.inputs)})
    except IRExecError as e:
        raise _relocate(e, snippet, back) from None
    by_result = {info.layer_id: results[info.name] for info in model.outputs}
    return [by_result[str(n + 1 + j)] for j in range(len(snippet.outputs))]


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _port_el(parent, pid: str, etype: ElementType | None, dims: tuple) -> None:
    port = etree.SubElement(parent, "port", id=pid)
    if etype is not None:
        port.set("precision", etype.precision)
    for d in dims:
        etree.SubElement(port, "dim").text = str(d)


def _relocate(e: IRExecError, snippet: Snippet, back: dict) -> IRExecError:
    e.file = snippet.path
    if e.line in back:
        e.line, port = back[e.line]
        if port is not None:  # a Parameter, Result or edge of the wrapping: it stands for a port
            e.layer = e.layer_id = e.layer_type = None
            e.port = port
        elif snippet.name is not None or snippet.id is not None:
            e.layer, e.layer_id, e.layer_type = snippet.name, snippet.id, snippet.type
        else:
            e.layer, e.layer_id, e.layer_type = snippet.type, None, None
        outputs = {p.id: p for p in snippet.outputs}
        inputs = {p.id: p for p in snippet.inputs}
        if port is None and str(e.port) in outputs:
            e.line = outputs[str(e.port)].line
        elif port is None and str(e.port) in inputs and not isinstance(e.port, int):
            # The layer named the port by its id: point at it (at its values, when the comment gave them).
            named = inputs[str(e.port)]
            e.line = named.values_line or named.line
        elif port is None and str(e.port).isdecimal() and int(e.port) < len(snippet.inputs):
            # Ops name their inputs by index: point at that port (at its values, when the comment gave them).
            named = snippet.inputs[int(e.port)]
            e.line, e.port = named.values_line or named.line, named.id
    elif e.line is not None:
        e.line = None  # a line of the wrapping that stands for nothing in the snippet
    return e
