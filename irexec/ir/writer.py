"""Writing IR: a graph as the XML (IR v11) and weights OpenVINO's ``read_model`` reads, laid out as
OpenVINO's ``save_model`` lays them out: a layer's input ports numbered from 0 and its output ports
after them, each port's dims (a dynamic or bounded dim as -1; the Parameter's ``shape`` attribute
keeps the bounds), the constants' bytes one after another in the order of their layers, and the
model's ``<rt_info>`` after the edges.

The reader is the judge of what is written: whoever builds a graph writes it and reads it back,
so a graph built by hand is checked exactly as a file is.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from lxml import etree

from ..graph import Body, Graph, Layer, Port
from ..kernels.packing import pack
from ..shapes import PShape
from ..strings import pack_strings
from ..types import ElementType

# The values a constant's bytes are taken from: the graph's own layer -> its array.
ConstValue = Callable[[Layer], np.ndarray]


class _Bin:
    """The weights file being written."""

    def __init__(self) -> None:
        self.parts: list = []
        self.size = 0

    def add(self, data: bytes) -> int:
        offset = self.size
        self.parts.append(data)
        self.size += len(data)
        return offset


def write_ir(graph: Graph, const_value: ConstValue, rt_info: dict | None = None, marks: dict | None = None) -> tuple:
    """The graph as (XML bytes, weights bytes). ``const_value`` gives each Const's value (for a
    graph read from a file, its bytes mapped from the weights); ``rt_info``: the model's
    ``<rt_info>`` as nested dicts of name -> value (a str) or dict; ``marks``: layer id -> the
    runtime attributes OpenVINO writes in a layer's own ``<rt_info>`` (``{"decompression": "0"}``:
    name -> version)."""
    weights = _Bin()
    net = etree.Element("net", name=graph.name, version="11")
    _write_graph(net, graph, const_value, weights, marks or {})
    if rt_info:
        _write_rt_info(etree.SubElement(net, "rt_info"), rt_info)
    etree.indent(net, space="\t")
    xml = b'<?xml version="1.0"?>\n' + etree.tostring(net, encoding="utf-8") + b"\n"
    return xml, b"".join(weights.parts)


def _write_graph(parent, graph: Graph, const_value: ConstValue, weights: _Bin, marks: dict) -> None:
    layers = etree.SubElement(parent, "layers")
    numbering = {}  # layer id -> (input port ids, output port ids), as written
    layouts = _layouts(graph)
    for layer in graph.layers.values():
        numbering[layer.id] = _write_layer(layers, layer, const_value, weights, marks.get(layer.id), layouts)
    edges = etree.SubElement(parent, "edges")
    for src, fed in graph.succ.items():
        out_ids = numbering[src][1]
        out_index = graph.layer(src).port_indices()[1]
        for dst, keyed in fed.items():
            in_ids = numbering[dst][0]
            in_index = graph.layer(dst).port_indices()[0]
            for sp, dp in keyed:
                etree.SubElement(
                    edges,
                    "edge",
                    {
                        "from-layer": src,
                        "from-port": out_ids[out_index[sp]],
                        "to-layer": dst,
                        "to-port": in_ids[in_index[dp]],
                    },
                )
    _sort_edges(edges)


def _layouts(graph: Graph) -> dict:
    """(layer id, output index) -> the layout OpenVINO writes in that output port's ``<rt_info>``: a
    Parameter's on its output, a Result's on the output feeding it (irexec keeps them as the
    layers' ``layout`` attribute)."""
    out = {}
    for layer in graph.layers.values():
        text = layer.attrs.get("layout") if layer.type in ("Parameter", "Result") else None
        if not text:
            continue
        if layer.type == "Parameter":
            out[(layer.id, 0)] = text
        else:
            fed = graph.producers(layer.id).get(0)
            if fed is not None:
                out[fed] = text
    return out


def _sort_edges(edges) -> None:
    """Edges in the order OpenVINO writes them: by the layer they leave, then the layer and port they
    reach."""
    items = list(edges)

    def key(e):
        return tuple(_number(e.get(k)) for k in ("from-layer", "to-layer", "to-port", "from-port"))

    for e in items:
        edges.remove(e)
    for e in sorted(items, key=key):
        edges.append(e)


def _number(text: str):
    return (0, int(text), "") if text.lstrip("-").isdigit() else (1, 0, text)


def _write_layer(
    parent, layer: Layer, const_value: ConstValue, weights: _Bin, marks: dict | None, layouts: dict
) -> tuple:
    el = etree.SubElement(parent, "layer", id=layer.id, name=layer.name, type=layer.type)
    if layer.version:
        el.set("version", layer.version)
    attrs = dict(layer.attrs)
    if layer.type == "Const" and layer.op is not None:
        attrs = _const_attrs(layer, const_value(layer), weights)
    elif layer.type in ("Parameter", "Result"):
        attrs.pop("layout", None)  # (written in a port's <rt_info>, as OpenVINO writes it)
    if attrs:
        etree.SubElement(el, "data", attrs)
    if marks:
        info = etree.SubElement(el, "rt_info")
        for name, version in marks.items():
            etree.SubElement(info, "attribute", name=name, version=str(version))
    in_ids = [str(k) for k in range(len(layer.inputs))]
    out_ids = [str(len(layer.inputs) + k) for k in range(len(layer.outputs))]
    if layer.inputs:
        group = etree.SubElement(el, "input")
        for pid, port in zip(in_ids, layer.inputs):
            _write_port(group, pid, port)
    if layer.outputs:
        group = etree.SubElement(el, "output")
        for k, (pid, port) in enumerate(zip(out_ids, layer.outputs)):
            _write_port(group, pid, port, names=True, layout=layouts.get((layer.id, k)))
    if layer.bodies:
        _write_bodies(el, layer, in_ids, out_ids, const_value, weights)
    return in_ids, out_ids


def _const_attrs(layer: Layer, value: np.ndarray, weights: _Bin) -> dict:
    etype: ElementType = getattr(layer.op, "element_type")  # noqa: B009 (a Const's: the layer holds any Op)
    data = _const_bytes(value, etype)
    offset = weights.add(data)
    return {
        "element_type": etype.name,
        "shape": ", ".join(str(int(d)) for d in np.shape(value)),
        "offset": str(offset),
        "size": str(len(data)),
    }


def _const_bytes(value: np.ndarray, etype: ElementType) -> bytes:
    """A constant's bytes as the IR stores them: packed for the sub-byte types and strings."""
    if etype.is_string:
        return pack_strings(np.asarray(value).reshape(-1))
    arr = np.ascontiguousarray(value, dtype=etype.dtype)
    if etype.bits < 8:
        return pack(arr, etype)
    return arr.tobytes()


def _write_port(group, pid: str, port: Port, names: bool = False, layout: str | None = None) -> None:
    el = etree.SubElement(group, "port", id=pid)
    if port.etype is not None:
        el.set("precision", port.etype.precision)
    if names and port.names:
        el.set("names", ",".join(n.replace(",", "\\,") for n in port.names))
    for text in _dims(port.shape):
        etree.SubElement(el, "dim").text = text
    if layout:
        info = etree.SubElement(el, "rt_info")
        etree.SubElement(info, "attribute", name="layout", version="0", layout=layout)


def _dims(shape: PShape) -> list:
    """A port's dims as OpenVINO writes them: a static dim as its size, any other as -1. (A
    shape of unknown rank is written with no dims, as OpenVINO writes it.)"""
    if shape is None:
        return []
    return [str(d.lo) if d.is_static else "-1" for d in shape]


def _write_bodies(el, layer: Layer, in_ids: list, out_ids: list, const_value: ConstValue, weights: _Bin) -> None:
    in_of = {port.id: pid for port, pid in zip(layer.inputs, in_ids)}
    out_of = {port.id: pid for port, pid in zip(layer.outputs, out_ids)}
    for tag, body in layer.bodies.items():
        map_tag = "port_map" if tag == "body" else tag.replace("_body", "_port_map")
        pm = etree.SubElement(el, map_tag)
        for entry in body.inputs:
            _write_map_entry(pm, "input", entry, in_of)
        for entry in body.outputs:
            _write_map_entry(pm, "output", entry, out_of)
        if body.back_edges:
            be = etree.SubElement(el, "back_edges")
            for b in body.back_edges:
                attrs = {"from-layer": b.from_layer, "to-layer": b.to_layer}
                attrs["from-port"] = b.from_port if b.from_port is not None else _body_port(body, b.from_layer, False)
                attrs["to-port"] = b.to_port if b.to_port is not None else _body_port(body, b.to_layer, True)
                etree.SubElement(be, "edge", attrs)
        _write_graph(etree.SubElement(el, tag), body.graph, const_value, weights, {})


def _body_port(body: Body, layer_id: str, output: bool) -> str:
    layer = body.graph.layer(layer_id)
    return str(len(layer.inputs)) if output else "0"


def _write_map_entry(pm, tag: str, entry, ports: dict) -> None:
    ext = "-1" if entry.external_port is None else ports.get(entry.external_port, entry.external_port)
    attrs = {"external_port_id": ext, "internal_layer_id": entry.internal_layer}
    if entry.axis is not None:
        attrs.update(
            axis=str(entry.axis),
            start=str(entry.start),
            end=str(entry.end),
            stride=str(entry.stride),
            part_size=str(entry.part_size),
        )
    if entry.purpose:
        attrs["purpose"] = entry.purpose
    etree.SubElement(pm, tag, attrs)


def _write_rt_info(el, info: dict) -> None:
    for name, value in info.items():
        if isinstance(value, dict):
            _write_rt_info(etree.SubElement(el, name), value)
        else:
            if _is_tag(name):
                etree.SubElement(el, name, value=str(value))
            else:
                etree.SubElement(el, "info", name=name, value=str(value))


def _is_tag(name: str) -> bool:
    """Whether ``name`` can be written as an element's name (else it is ``<info name=...>``)."""
    return bool(name) and (name[0].isalpha() or name[0] == "_") and all(c.isalnum() or c in "_-." for c in name)
