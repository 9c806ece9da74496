"""The graph as Graphviz DOT (``irexec show --dot/--svg/--png``): a node per layer, coloured by its
findings, each edge labelled with its tensor's shape and type; names drawn as written, no escape
of the file's reaching Graphviz."""

from __future__ import annotations

import re

from ..errors import printable
from ..graph import Graph
from ..shapes import compatible, fmt
from .summary import FINDINGS_SHOWN, NAME_IN_LABEL, NAME_IN_TOOLTIP, _clip, _plural, lint_status, port_info

_SAFE_ID = re.compile(r"[A-Za-z0-9_]+")
_ERROR = {"color": "#c00000", "fillcolor": "#ffe0e0", "penwidth": "2"}
_WARNING = {"color": "#d08000", "fillcolor": "#fff3d0", "penwidth": "2"}
_FILL = {"Parameter": "#dde8fb", "Result": "#dde8fb", "Const": "#eeeeee"}


# Graphviz reads a backslash in an escString (labels, tooltips) as the start of an escape (\N the
# node's name, \G the graph's, \L the label, \E \H \T, \n \l \r line breaks); a literal backslash
# is written \\. Names are drawn as written: every backslash of a name (and of our escapes of
# unprintable characters, \x9b, \u202e, as the terminal shows them) is written as a literal one, so
# none starts an escape. Tooltips are unescaped twice (their \\ become \ before the escapes are
# expanded, and again after: Graphviz's interpretCRNL, then strdup_and_subst_obj), so there each
# backslash is written \\\\: whatever the version does once or twice, no escape is left to expand.
_BACKSLASH = "\\\\"  # (one backslash, as an escString writes it)
_TOOLTIP_BACKSLASH = _BACKSLASH * 2


def _dot_text(text, limit: int | None) -> str:
    text = printable(str(text))
    return _clip(text, limit) if limit is not None else text


def quoted(text, limit: int | None = None, tooltip: bool = False) -> str:
    """A DOT quoted string holding ``text`` as an escString: each backslash written as a literal
    one (``tooltip``: as a tooltip reads one, and each ampersand as an entity), quotes escaped, so
    the string ends where it should, the file's text cannot add attributes and Graphviz expands
    nothing in it."""
    text = _dot_text(text, limit)
    # Graphviz 2.36-2.39 read a final \\" as an escaped quote, so never end on a backslash.
    tail = " " if text.endswith("\\") else ""
    if tooltip:  # (a tooltip's entities are decoded, &amp; as &: a name's & is written as one)
        text = text.replace("&", "&amp;").replace("\\", _TOOLTIP_BACKSLASH)
    else:
        text = text.replace("\\", _BACKSLASH)
    return '"' + text.replace('"', '\\"') + tail + '"'


def html(text, limit: int | None = None) -> str:
    """``text`` as the content of an HTML-like label: markup characters as entities, each backslash
    written as a literal one (Graphviz expands ``\\N``, ``\\G``... in these labels too, and an
    entity for a backslash is decoded before that)."""
    text = _dot_text(text, limit).replace("\\", _BACKSLASH)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _attrs(attrs: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in attrs.items())


def node_ids(graph: Graph) -> dict:
    """Layer id -> DOT node id. Plain ids are kept (``L`` + id); any other gets a counter, so that
    nothing from the file reaches the DOT as an identifier."""
    ids, n = {}, 0
    for lid in graph.g.nodes:
        if _SAFE_ID.fullmatch(lid):
            ids[lid] = f"L{lid}"
        else:
            ids[lid] = f"X{n}"
            n += 1
    return ids


def _by_layer(graph: Graph, findings: list) -> tuple:
    on, off = {}, []
    for f in findings:
        if f.layer_id is not None and f.layer_id in graph.g:
            on.setdefault(f.layer_id, []).append(f)
        else:
            off.append(f)
    return on, off


def _node(layer, nid: str, found: list, more: str = "", more_tip: list = ()) -> str:
    label = f"<B>{html(layer.type, NAME_IN_LABEL)}</B>"
    if layer.version:
        label += f' <FONT POINT-SIZE="9">{html(layer.version, NAME_IN_LABEL)}</FONT>'
    label += (
        f"<BR/>{html(layer.name, NAME_IN_LABEL)}"
        f'<BR/><FONT POINT-SIZE="9" COLOR="#666666">id {html(layer.id, NAME_IN_LABEL)}</FONT>' + more
    )
    tip = [f"{layer.name} ({layer.type}, id {layer.id})", *more_tip]
    attrs = {}
    if layer.type in _FILL:
        attrs["fillcolor"] = f'"{_FILL[layer.type]}"'
    if layer.type in ("Parameter", "Result"):
        attrs["shape"] = "ellipse"
    if found:
        codes = list(dict.fromkeys(f.code for f in found))
        colour = _ERROR if any(f.is_error for f in found) else _WARNING
        label += f'<BR/><FONT COLOR="{colour["color"]}"><B>{html(" ".join(codes))}</B></FONT>'
        attrs.update({k: f'"{v}"' for k, v in colour.items()})
        tip += [f"{f.code} {f.message}" for f in found]
    attrs = {"label": f"<{label}>", "tooltip": _lines(tip, NAME_IN_TOOLTIP, tooltip=True), **attrs}
    return f"  {nid} [{_attrs(attrs)}];"


def _lines(lines: list, limit: int, tooltip: bool = False) -> str:
    """A quoted escString of several lines: each escaped, then joined by ``\\n`` (a line break)."""
    return '"' + "\\n".join(quoted(line, limit, tooltip)[1:-1] for line in lines) + '"'


def _edge_label(graph: Graph, facts: dict, src: str, sp: str) -> list:
    """What an edge carries; and what the file declares too, where that disagrees."""
    layer = graph.layer(src)
    try:
        index = layer.output_index(sp)
    except KeyError:
        return []
    etype, shape = port_info(graph, facts, src, index)
    lines = [f"{fmt(shape)} {_type_name(etype)}"]
    declared = layer.outputs[index]
    if (declared.etype is not None and etype is not None and declared.etype != etype) or not compatible(
        declared.shape, shape
    ):
        lines.append(f"declared {fmt(declared.shape)} {_type_name(declared.etype)}")
    return lines


def _type_name(etype) -> str:
    return etype.name if etype is not None else "?"


def to_dot(graph: Graph, findings: list, facts: dict, view=None) -> str:
    """The graph in Graphviz DOT: a node per layer (type, name, id), an edge per connection labelled
    with the shape and element type it carries; layers with findings filled red (errors) or amber
    (warnings), their rule codes in the label and messages in the tooltip. ``view`` (a
    ``show_select.View`` of ``graph``) adds attributes, constants' values and stubs."""
    ids = node_ids(graph)
    on, off = _by_layer(graph, findings)
    errors = sum(1 for f in findings if f.is_error)
    title = (
        f"<B>{html(graph.name, NAME_IN_TOOLTIP)}</B><BR/>IR v{graph.ir_version}, "
        f"{_plural(graph.g.number_of_nodes(), 'layer')}, lint: {lint_status(errors, len(findings) - errors)}"
    )
    title += view.title() if view is not None else ""
    for f in off[:FINDINGS_SHOWN]:
        title += (
            f'<BR/><FONT COLOR="{_ERROR["color"] if f.is_error else _WARNING["color"]}">'
            f"{html(f.code)} {html(f.message, NAME_IN_TOOLTIP)}</FONT>"
        )
    if len(off) > FINDINGS_SHOWN:
        title += f"<BR/>... and {len(off) - FINDINGS_SHOWN} more"
    lines = [
        f"digraph {quoted(graph.name, NAME_IN_TOOLTIP)} {{",
        f'  graph [label=<{title}>, labelloc=t, fontname="Helvetica", fontsize=12];',
        '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=11];',
        '  edge [fontname="Helvetica", fontsize=9, labelfontcolor="#666666"];',
    ]
    for lid in graph.g.nodes:
        lines.append(_node(graph.layer(lid), ids[lid], on.get(lid, []), *(view.node(lid, facts) if view else ())))
    edges = sorted(graph.g.edges(keys=True, data="line"), key=lambda e: e[3] or 0)
    for src, dst, (sp, dp), _ in edges:
        attrs = {"label": _lines(_edge_label(graph, facts, src, sp), NAME_IN_TOOLTIP)}
        dst_layer = graph.layer(dst)
        if len(dst_layer.inputs) > 1:
            try:
                attrs["headlabel"] = f'"{dst_layer.input_index(dp)}"'
            except KeyError:
                pass
        if any(
            f.port is not None and ((f.layer_id == dst and f.port == dp) or (f.layer_id == src and f.port == sp))
            for f in on.get(src, []) + on.get(dst, [])
        ):
            attrs.update({"color": f'"{_ERROR["color"]}"', "fontcolor": f'"{_ERROR["color"]}"'})
        lines.append(f"  {ids[src]} -> {ids[dst]} [{_attrs(attrs)}];")
    lines += view.stubs(ids) if view is not None else []
    lines.append("}")
    return "\n".join(lines) + "\n"
