"""A ``<layer>`` element -> Layer: its attributes, its ports and, for the ops with bodies (Loop,
TensorIterator, If), each body, assembled into a Graph as the top level is, with its port map
and back edges. Bodies are read from the layer's element, whole (the top level is streamed).

OpenVINO writes a Loop's or TensorIterator's ``<port_map>`` and ``<back_edges>`` beside its
``<body>``, and an If's ``<then_port_map>`` and ``<else_port_map>`` beside its ``<then_body>`` and
``<else_body>``; each ``<input>``/``<output>`` names the layer's port (``external_port_id``, -1
for the special ports a ``purpose`` names) and the body's Parameter or Result
(``internal_layer_id``), and ``axis``, ``start``, ``end``, ``stride``, ``part_size`` when it
slices or concatenates.
"""

from __future__ import annotations

import re
from typing import cast

from ..errors import IRExecError, ParseError, printable
from ..graph import BackEdge, Body, Graph, Layer, Port, PortMapEntry
from ..numbers import parse_index, parse_int
from ..shapes import MAX_RANK, parse_dim
from ..types import port_type
from .assemble import GraphBuilder, Reading

BODY_TAGS = ("body", "then_body", "else_body")
# The body each port map belongs to; a loop's back edges belong to its "body".
PORT_MAPS = {"port_map": "body", "then_port_map": "then_body", "else_port_map": "else_body"}
_SLICING = ("axis", "start", "end", "stride", "part_size")


def parse_layer(el, reading: Reading, scope: tuple = ("", "")) -> Layer:
    """The Layer of ``el``; raises for what leaves the layer unreadable. Problems inside its
    bodies are reported to ``reading`` and leave the rest of the layer read."""
    line = el.sourceline + reading.line_offset
    get = el.get
    lid = get("id")
    ltype = get("type")
    name = get("name", lid)
    if lid is None or ltype is None:
        raise ParseError(
            "a <layer> needs 'id' and 'type' attributes",
            file=reading.path,
            line=line,
            layer=scope[0] + str(name) if name is not None else None,
        )
    if lid.isdigit() and not lid.isdecimal():
        # Digits such as '²' are digits to str.isdigit but not numbers to int().
        raise ParseError(f"layer id {lid!r} is not a number", **_where(reading, line, scope, name, lid, ltype))
    # The first <data>, <input> and <output>, in one pass over the children (three find()s take
    # several times as long); bodies and their maps are rare.
    data_el = input_el = output_el = None
    nested: dict | None = None
    for child in el:
        tag = child.tag
        if tag == "data":
            data_el = child if data_el is None else data_el
        elif tag == "input":
            input_el = child if input_el is None else input_el
        elif tag == "output":
            output_el = child if output_el is None else output_el
        elif tag in BODY_TAGS or tag in PORT_MAPS or tag == "back_edges":
            nested = nested or {}
            nested.setdefault(tag, child)
    attrs = dict(data_el.items()) if data_el is not None else {}
    # The layer's port index (Layer.port_indices), made with the ports: it also shows a repeated id.
    ins: dict[str, int]
    outs: dict[str, int]
    ins, outs = {}, {}
    try:
        inputs = _ports(input_el, reading.shapes, ins, reading.line_offset)
        outputs = _ports(output_el, reading.shapes, outs, reading.line_offset)
        maps = _maps(nested) if nested else {}
    except IRExecError as e:
        raise e.located(**_where(reading, line, scope, name, lid, ltype))
    n = len(inputs) + len(outputs)
    if len(ins) + len(outs) != n or not ins.keys().isdisjoint(outs):
        ids = [p.id for p in inputs + outputs]
        from collections import Counter  # (list.count per port is quadratic: 65,000 ports took a minute)

        counts = Counter(ids)
        twice = next(i for i in ids if counts[i] > 1)
        raise ParseError(
            f"two ports of the layer have id {printable(twice)}",
            code="G007",
            **_where(reading, line, scope, name, lid, ltype),
        )
    layer = Layer(lid, name, ltype, get("version"), attrs, inputs, outputs, line, scope=scope)
    layer.keep_port_indices(ins, outs)
    if nested:
        layer.bodies = _bodies(layer, nested, maps, reading)
    return layer


def _where(reading: Reading, line, scope: tuple, name: str, lid: str, ltype: str) -> dict:
    """The location of a problem with the layer being read (made only when there is one)."""
    return dict(file=reading.path, line=line, layer=scope[0] + name, layer_id=scope[1] + lid, layer_type=ltype)


def _ports(el, shapes: dict, index: dict, line_offset: int) -> list:
    """The <port>s of an <input> or <output> (``shapes``: the reading's dims as written -> the
    shape, each spelling parsed once); ``index`` is given each port's id -> its position (a
    repeated id: the last). The lines of a problem are the element's own (the quick reading hands
    a file with any problem to the general reader)."""
    ports: list[Port] = []
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
        if not (pid.isascii() and pid.isdecimal() and (pid[0] != "0" or pid == "0")):
            pid = _port_id(pid, "port id", p.sourceline)
        prec = get("precision")
        # (Walking the children and comparing tags is several times faster than iterchildren("dim").)
        texts = tuple([d.text for d in p if d.tag == "dim"])
        etype = _PRECISIONS.get(prec)
        if etype is None and prec:
            try:
                etype = port_type(prec)
            except IRExecError as e:
                raise e.located(line=p.sourceline, port=pid, code="O003")
            if len(_PRECISIONS) < 64 and len(prec) < 16:  # (kept past the reading: a few, and short)
                _PRECISIONS[prec] = etype
        dims = shapes.get(texts)
        if dims is None:
            try:
                if len(texts) > MAX_RANK:
                    raise ParseError(f"the port has {len(texts)} dims; irexec handles at most {MAX_RANK}")
                dims = tuple([parse_dim(t or "") for t in texts])
            except IRExecError as e:
                raise e.located(line=p.sourceline, port=pid)
            shapes[texts] = dims
        names = get("names")
        index[pid] = len(ports)
        port = Port(pid, etype, dims, tensor_names(names) if names else (), p.sourceline + line_offset)
        if len(texts) != len(p):  # (children besides the dims: a comment, or the port's <rt_info>)
            port.layout = _port_layout(p)
        ports.append(port)
    return ports


def _port_layout(port_el) -> str | None:
    """The layout a port's ``<rt_info>`` holds (``<attribute name="layout" layout="[N,C,H,W]"/>``)."""
    for child in port_el:
        if child.tag == "rt_info":
            for item in child:
                if item.tag == "attribute" and item.get("name") == "layout" and item.get("layout"):
                    return item.get("layout")
    return None


# Precisions as written -> their element types (a model writes a few of them, thousands of times).
_PRECISIONS: dict = {}


# ---- port maps and back edges --------------------------------------------------------------------


def _maps(nested: dict) -> dict:
    """Body name -> (inputs, outputs, back edges), from the port maps and back edges written."""
    maps = {}
    for tag, body in PORT_MAPS.items():
        if tag in nested:
            maps[body] = _port_map(nested[tag]) + ([],)
    if "back_edges" in nested:
        ins, outs, _ = maps.get("body", ([], [], []))
        maps["body"] = (ins, outs, _back_edges(nested["back_edges"]))
    return maps


def _children(el, allowed: tuple):
    for child in el:
        tag = child.tag
        if tag.__class__ is not str:  # a comment
            continue
        if tag not in allowed:
            raise ParseError(f"unexpected <{tag}> in <{el.tag}>", line=child.sourceline, code="X003")
        yield child


def _port_map(el) -> tuple:
    inputs: list[PortMapEntry]
    outputs: list[PortMapEntry]
    inputs, outputs = [], []
    for child in _children(el, ("input", "output")):
        ext, internal = child.get("external_port_id"), child.get("internal_layer_id")
        if ext is None or internal is None:
            raise ParseError(
                f"a port map <{child.tag}> needs external_port_id and internal_layer_id",
                line=child.sourceline,
                code="X003",
            )
        ext = ext.strip()
        if ext != "-1":
            ext = _port_ref(ext)
        ints = {key: _int(child, key) for key in _SLICING if child.get(key) is not None}
        entry = PortMapEntry(
            None if ext == "-1" else ext, internal.strip(), purpose=child.get("purpose"), line=child.sourceline, **ints
        )
        (inputs if child.tag == "input" else outputs).append(entry)
    return inputs, outputs


def _int(el, key: str) -> int:
    text = el.get(key).strip()
    try:
        return parse_int(text)
    except ValueError:
        raise ParseError(f"the port map's {key}={text!r} is not an integer", line=el.sourceline, code="O003") from None


def _port_id(text: str, what: str, line) -> str:
    """A port's id, read as the number it is (irexec.numbers) and kept in one spelling: ``04`` and
    ``4`` name one port, as in OpenVINO; ``+4``, ``٤``, ``1_6`` or `` 4`` are refused."""
    try:
        return str(parse_index(text))
    except ValueError as e:
        raise ParseError(f"{what} {e}", line=line, code="X003") from None


def _port_ref(text: str) -> str:
    """An edge's or back edge's port: in the ports' spelling when it is a number; anything else is
    kept as written, so it names no port and is reported as a missing one."""
    try:
        return str(parse_index(text))
    except ValueError:
        return text


def _back_edges(el) -> list:
    edges = []
    for child in _children(el, ("edge",)):
        src, dst = child.get("from-layer"), child.get("to-layer")
        if src is None or dst is None:
            raise ParseError("a back edge needs from-layer and to-layer", line=child.sourceline, code="X003")
        ports = [None if child.get(key) is None else _port_ref(child.get(key)) for key in ("from-port", "to-port")]
        edges.append(BackEdge(src, dst, *ports, child.sourceline))  # type: ignore[arg-type, call-arg]  # (two ports)
    return edges


# ---- bodies ---------------------------------------------------------------------------------------


def _bodies(layer: Layer, nested: dict, maps: dict, reading: Reading) -> dict:
    bodies = {}
    for tag in BODY_TAGS:
        if tag not in nested:
            continue
        el = nested[tag]
        graph = parse_body(el, layer, reading)
        ins, outs, back = maps.get(tag, ([], [], []))
        bodies[tag] = Body(tag, graph, ins, outs, back, el.sourceline)
    for tag, body in PORT_MAPS.items():
        if tag in nested and body not in nested:
            reading.report(
                ParseError(
                    f"the layer has a <{tag}> but no <{body}>",
                    file=reading.path,
                    code="O003",
                    **dict(layer.where(), line=nested[tag].sourceline),
                )
            )
    return bodies


def parse_body(el, owner: Layer, reading: Reading) -> Graph:
    """The Graph of a body element of ``owner``: its layers read and its edges checked as the top
    level's are, each problem reported under the layer's path (``owner/body/layer``)."""
    tag = el.tag
    scope = (f"{owner.path}/{tag}/", f"{owner.scope[1]}{owner.id}/{tag}/")
    graph = Graph(f"{owner.name}/{tag}", cast(int, reading.ir_version), reading.path)  # (known once the <net> began)
    graph.weights = reading.weights
    where = dict(owner.where(), line=el.sourceline)
    builder = GraphBuilder(graph, reading, where)
    report = reading.report
    seen = set()
    for child in el:
        section = child.tag
        if section not in ("layers", "edges"):
            continue  # rt_info, and what the schema reports
        if section in seen:
            report(
                ParseError(
                    f"the <{tag}> has more than one <{section}>",
                    file=reading.path,
                    code="X003",
                    **dict(where, line=child.sourceline),
                )
            )
        seen.add(section)
        for item in child:
            if item.tag.__class__ is not str:  # a comment
                continue
            if section == "edges":
                edge = edge_of(item, reading, where)
                if edge is not None:
                    builder.add_edge(edge)
                continue
            if item.tag != "layer":
                report(
                    ParseError(
                        f"unexpected <{item.tag}> in <layers>",
                        file=reading.path,
                        code="X003",
                        **dict(where, line=item.sourceline),
                    )
                )
                continue
            try:
                layer = parse_layer(item, reading, scope)
            except IRExecError as e:
                report(e.located(file=reading.path, code="X003"))
                builder.leave_out(item.get("id"))
                continue
            builder.add_layer(layer)
    if "layers" not in seen:
        report(ParseError(f"the <{tag}> has no <layers>", file=reading.path, code="X003", **where))
    return builder.finish()


def edge_of(el, reading: Reading, where: dict | None = None) -> tuple | None:
    """An ``<edge>`` as (from-layer, from-port, to-layer, to-port, line); None (reported) when
    it is not one."""
    if el.tag != "edge":
        reading.report(
            ParseError(
                f"unexpected <{el.tag}> in <edges>",
                file=reading.path,
                code="X003",
                **dict(where or {}, line=el.sourceline),
            )
        )
        return None
    get = el.get
    ends = (get("from-layer"), get("from-port"), get("to-layer"), get("to-port"))
    if None in ends:
        reading.report(
            ParseError(
                "an <edge> needs from-layer, from-port, to-layer and to-port",
                file=reading.path,
                code="X003",
                **dict(where or {}, line=el.sourceline),
            )
        )
        return None
    src, sp, dst, dp = ends
    # Plain numbers (most ports are "0" and "1") are kept as written; any other spelling is read.
    if (
        not (sp.isdecimal() and dp.isdecimal() and sp.isascii() and dp.isascii())
        or (sp[0] == "0" and sp != "0")
        or (dp[0] == "0" and dp != "0")
    ):
        sp, dp = _port_ref(sp), _port_ref(dp)
    return (src, sp, dst, dp, el.sourceline + reading.line_offset)


def tensor_names(text: str) -> tuple:
    """A port's ``names=``: comma-separated, a comma inside a name written ``\\,`` (as OpenVINO
    writes and reads them: ``logits\\,final`` is the one name ``logits,final``; a backslash
    before anything else is itself)."""
    parts = _NAME_SEPARATOR.split(text)
    return tuple(n for n in (part.replace("\\,", ",").strip() for part in parts) if n)


_NAME_SEPARATOR = re.compile(r"(?<!\\),")
