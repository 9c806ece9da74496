"""The page's data: each layer's names, attributes, ports and shapes, its rank folded and unfolded,
the constants folded into it, its findings, dumped statistics and accuracy errors, and its bodies'
graphs (nested, each laid out on its own), as JSON the page's script reads.

Names and attributes come from the model, which may be hostile: they travel as JSON inside the
page (with ``<``, ``>`` and ``&`` escaped, so no text can close the script element) and the page
sets them as text, never as markup; its Content-Security-Policy allows no source but itself."""

from __future__ import annotations

import html
import json

from ..graph import Graph
from ..shapes import fmt
from .fold import fold
from .layout import ranks
from .template import PAGE

_MAX_ATTR = 300  # characters of one attribute's value shown


def graph_page(
    graph: Graph,
    facts: dict,
    *,
    findings: list | None = None,
    stats: dict | None = None,
    errors: dict | None = None,
    title: str | None = None,
) -> str:
    """The whole page. ``facts``: (layer id, output index) -> Fact, as shape inference gives them
    (a port without one shows its declared type and shape); ``findings``: the linter's, to mark
    their layers; ``stats``: (layer id, output index) -> statistics, as ``dump_stats`` reads them
    from a ``run --dump`` folder; ``errors``: layer id -> {"max_rel", "max_abs", "first"}, an
    accuracy comparison's, to colour each layer by its relative error."""
    data = page_data(graph, facts, findings or [], stats, errors)
    data["title"] = title or graph.name
    return PAGE.replace("/*DATA*/null", script_json(data), 1)


def notebook_html(page: str, height: int = 600) -> str:
    """The page in an ``<iframe srcdoc>`` for a Jupyter cell: its scripts run in the frame (its
    own origin: ``allow-scripts`` without ``allow-same-origin``), apart from the notebook's."""
    return (
        f'<iframe srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
        f'style="width:100%;height:{int(height)}px;border:1px solid #ccc"></iframe>'
    )


def page_data(graph: Graph, facts: dict, findings: list, stats: dict | None = None, errors: dict | None = None) -> dict:
    found: dict = {}
    for f in findings:
        if f.layer_id is not None:
            found.setdefault(str(f.layer_id), []).append(
                {"code": f.code, "severity": f.severity, "message": f.description, "line": f.line}
            )
    data = _graph_data(graph, facts, found, stats or {}, {str(k): v for k, v in (errors or {}).items()})
    data["name"] = graph.name
    if errors:
        data["errors"] = True
    return data


def _graph_data(graph: Graph, facts: dict, found: dict, stats: dict, errors: dict) -> dict:
    order = graph.topological_order()
    folding = fold(graph, order)
    folded, full = ranks(graph, order, folding.hidden)
    index = {lid: k for k, lid in enumerate(order)}
    nodes, edges = [], []
    for lid in order:
        layer = graph.layer(lid)
        outs = []
        for i, port in enumerate(layer.outputs):
            etype, shape = port_info(graph, facts, lid, i)
            o = {"port": port.id, "type": _type(etype), "shape": fmt(shape), "names": list(port.names)}
            if (lid, i) in stats:
                o["stats"] = stats[(lid, i)]
            outs.append(o)
        ins = []
        feeds = graph.producers(lid)
        for i, port in enumerate(layer.inputs):
            src = feeds.get(i)
            ins.append(
                {
                    "port": port.id,
                    "from": None if src is None else graph.layer(src[0]).name,
                    "folded": src is not None and src[0] in folding.hidden,
                    "shape": fmt(port_info(graph, facts, src[0], src[1])[1]) if src else None,
                }
            )
        node = {
            "id": lid,
            "name": layer.name,
            "label": _label(layer.name),
            "type": layer.type,
            "v": layer.version or "",
            "line": layer.line,
            "r": folded.get(lid, 0),
            "ru": full[lid],
            "attrs": {k: _attr_text(v) for k, v in layer.attrs.items()},
            "inputs": ins,
            "outputs": outs,
            "findings": found.get(lid, []),
        }
        if lid in folding.hidden:
            node["hid"] = 1
        if lid in folding.weights:
            node["weights"] = [_weight(w) for w in folding.weights[lid]]
        if layer.type == "Const" and (lid, 0) not in stats:
            s = folding.const_stats(layer)  # (a Const's own box, when shown: its values)
            if s is not None:
                node["const"] = s
        if lid in errors:
            e = errors[lid]
            node["err"] = {
                "max_rel": float(e["max_rel"]),
                "max_abs": float(e["max_abs"]),
                "first": bool(e.get("first")),
            }
        if layer.bodies:
            node["bodies"] = [
                {"name": name, "graph": _graph_data(body.graph, {}, {}, {}, {})} for name, body in layer.bodies.items()
            ]
        nodes.append(node)
        for _i, (src, out) in sorted(feeds.items()):
            etype, shape = port_info(graph, facts, src, out)
            edges.append([index[src], index[lid], f"{fmt(shape)} {_type(etype)}"])
    return {"nodes": nodes, "edges": edges}


def _weight(w) -> dict:
    out = {"port": w.port, "label": w.label, "name": w.name, "etype": w.etype, "shape": _shape(w.shape)}
    if w.compressed:
        out["compressed"] = w.compressed
    if w.stats:
        out["stats"] = w.stats
    return out


def _shape(shape) -> str:
    return "?" if shape is None else "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def port_info(graph: Graph, facts: dict, layer_id: str, index: int) -> tuple:
    """(element type, partial shape) of an output port: inferred when shape inference could, else
    as declared in the file. Either may be None (unknown)."""
    layer = graph.layer(layer_id)
    port = layer.outputs[index] if index < len(layer.outputs) else None
    fact = facts.get((layer_id, index))
    if fact is not None:
        return (fact.etype or (port.etype if port else None)), fact.shape
    return (port.etype, port.shape) if port is not None else (None, None)


def _label(name: str) -> str:
    """What the box shows of the name: its end (exporters' names are long paths whose end says the
    most)."""
    return name if len(name) <= 40 else "…" + name[-39:]


def _attr_text(value) -> str:
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= _MAX_ATTR else text[:_MAX_ATTR] + "…"


def _type(etype) -> str:
    return "?" if etype is None else str(etype)


def script_json(data) -> str:
    """JSON that cannot end the <script> it sits in (nor open a comment or CDATA there)."""
    # (NaN and Infinity, as a statistic may be, are JavaScript's own names: the script reads them.)
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
