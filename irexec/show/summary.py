"""A model at a glance: the summary ``irexec show`` prints, and the graph as Graphviz DOT.

Everything here is a pure function of what the linter reports (``irexec.check.lint.check``): the graph,
the findings and the inferred facts. A model with errors can still be shown, and then the picture
marks where they are. Names in the file are untrusted: every one is escaped for where it goes (a
text column, a DOT quoted string, an HTML-like label), so none can break the output's syntax.
"""
from __future__ import annotations

import json
import re
from collections import Counter

from .. import files
from ..errors import IRExecError, ParseError, UsageError, printable
from ..check.findings import Finding
from ..graph import Graph
from .graphviz import dot_executable, render  # noqa: F401  (the command calls them from here)
from ..check.lint import check
from ..limits import fmt_bytes
from ..numbers import parse_int
from ..shapes import compatible, fmt

SCHEMA_VERSION = 1
LARGEST_CONSTANTS = 5
FINDINGS_SHOWN = 10            # in the text summary; the JSON has them all
BIG_GRAPH = 1000               # layers above which laying out with Graphviz gets slow
NAME_IN_LABEL = 60             # characters of a name in a node's label (the tooltip has more)
NAME_IN_TOOLTIP = 400


def load(path: str, weights: str | None = None):
    """The lint report for a model: the one place ``show`` learns anything about the file. A file
    that cannot be read as a graph at all is refused with its first error."""
    report = check(path, weights)
    if report.graph is None:
        errors = [f for f in report.findings if f.is_error] or report.findings
        if errors:
            raise errors[0].cause
        raise ParseError("the model cannot be read", file=path)
    return report


def _clip(text: str, limit: int) -> str:
    # Cut from the middle: generated names differ at both ends (a module path, then the op).
    if len(text) <= limit:
        return text
    head = (limit - 3) // 2
    return text[:head] + "..." + text[len(text) - (limit - 3 - head):]


# --- the summary --------------------------------------------------------------------------------

def port_info(graph: Graph, facts: dict, layer_id: str, index: int) -> tuple:
    """(element type, partial shape) of an output port: inferred when the linter could, else as
    declared in the file. Either may be None (unknown)."""
    layer = graph.layer(layer_id)
    port = layer.outputs[index] if index < len(layer.outputs) else None
    fact = facts.get((layer_id, index))
    if fact is not None:
        return (fact.etype or (port.etype if port else None)), fact.shape
    return (port.etype, port.shape) if port is not None else (None, None)


def _order(graph: Graph) -> list:
    # The order the model's inputs and outputs are listed in everywhere else (read_model, run);
    # a graph with a cycle has none, and then the file's order will do.
    try:
        return graph.topological_order()
    except IRExecError:
        return list(graph.g.nodes)


def _tensor(name: str, names: tuple, etype, shape, layer_id: str) -> dict:
    return {"name": name, "tensor_names": list(names), "element_type": etype.name if etype else None,
            "shape": fmt(shape), "dims": _dims(shape), "layer_id": layer_id}


def _dims(shape):
    if shape is None:
        return None
    return [d.lo if d.is_static else str(d) for d in shape]


def _inputs(graph: Graph, facts: dict, order: list) -> list:
    out = []
    for lid in order:
        layer = graph.layer(lid)
        if layer.type == "Parameter":
            names = layer.outputs[0].names if layer.outputs else ()
            out.append(_tensor(layer.name, names, *port_info(graph, facts, lid, 0), lid))
    return out


def _outputs(graph: Graph, facts: dict, order: list) -> list:
    """Named as read_model names them: the first tensor name of the port feeding the Result, else
    the Result's own name."""
    out, used = [], set()
    for lid in order:
        result = graph.layer(lid)
        if result.type != "Result":
            continue
        names, etype, shape = (), None, None
        try:
            src, index = graph.producers(lid)[0]
        except (KeyError, IndexError):   # an unconnected Result: what it declares is all there is
            if result.inputs:
                etype, shape = result.inputs[0].etype, result.inputs[0].shape
        else:
            src_layer = graph.layer(src)
            names = src_layer.outputs[index].names if index < len(src_layer.outputs) else ()
            etype, shape = port_info(graph, facts, src, index)
        name = names[0] if names and names[0] not in used else result.name
        used.add(name)
        out.append(_tensor(name, names, etype, shape, lid))
    return out


def _const_bytes(layer) -> int | None:
    """The bytes a Const takes in the weights file, as its ``size`` attribute says."""
    size = getattr(layer.op, "size", None)
    if size is None:
        try:
            size = parse_int(str(layer.attrs.get("size", "")))
        except ValueError:
            return None
    return size if size >= 0 else None


def _constants(graph: Graph, facts: dict) -> dict:
    consts = []
    for lid, layer in graph.layers.items():
        if layer.type == "Const":
            etype, shape = port_info(graph, facts, lid, 0)
            consts.append({"name": layer.name, "layer_id": lid, "element_type": etype.name if etype else None,
                           "shape": fmt(shape), "bytes": _const_bytes(layer)})
    largest = sorted((c for c in consts if c["bytes"] is not None), key=lambda c: -c["bytes"])
    return {"count": len(consts), "bytes": sum(c["bytes"] or 0 for c in consts),
            "largest": largest[:LARGEST_CONSTANTS]}


def summarize(graph: Graph, findings: list, facts: dict) -> dict:
    """The summary as plain data: what ``--format json`` prints (its schema is in docs/show.md)."""
    order = _order(graph)
    ops = Counter((layer.type, layer.version) for layer in graph.layers.values())
    errors = sum(1 for f in findings if f.is_error)
    return {
        "schema_version": SCHEMA_VERSION,
        "file": graph.path,
        "name": graph.name,
        "ir_version": graph.ir_version,
        "layers": graph.g.number_of_nodes(),
        "edges": graph.g.number_of_edges(),
        "ops": [{"type": t, "version": v, "count": n}
                for (t, v), n in sorted(ops.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or ""))],
        "inputs": _inputs(graph, facts, order),
        "outputs": _outputs(graph, facts, order),
        "constants": _constants(graph, facts),
        "lint": {"errors": errors, "warnings": len(findings) - errors,
                 "findings": [f.to_dict() for f in findings]},
    }


def to_json(value, indent: str = "") -> str:
    """JSON indented by two spaces, with lists of plain values (dims, tensor names) on one line."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {to_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + to_json(v, inner) for v in value) + f"\n{indent}]"
    return json.dumps(value)  # ASCII: names' controls and bidi characters as \u escapes, losslessly


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def lint_status(errors: int, warnings: int) -> str:
    if not errors and not warnings:
        return "no findings"
    return f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}"


def _table(rows: list) -> list:
    rows = [[printable(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def format_text(summary: dict) -> str:
    """The summary as ``irexec show`` prints it."""
    s, consts, lint = summary, summary["constants"], summary["lint"]
    lines = _table([
        ["model", s["name"]],
        ["file", s["file"] or "<string>"],
        ["IR version", str(s["ir_version"])],
        ["layers", f"{s['layers']} ({_plural(s['edges'], 'edge')})"],
        ["constants", f"{consts['count']} ({fmt_bytes(consts['bytes'])})"],
        ["lint", lint_status(lint["errors"], lint["warnings"])],
    ])
    lines += [""] + _table([["op", "version", "count"]] +
                           [[o["type"], o["version"] or "-", str(o["count"])] for o in s["ops"]])
    for title, tensors in (("input", s["inputs"]), ("output", s["outputs"])):
        if tensors:
            lines += [""] + _table([[title, "shape", "type", "tensor names"]] +
                                   [[t["name"], t["shape"], t["element_type"] or "?", ",".join(t["tensor_names"])]
                                    for t in tensors])
    if consts["largest"]:
        lines += [""] + _table([["largest constants", "shape", "type", "bytes"]] +
                               [[c["name"], c["shape"], c["element_type"] or "?", str(c["bytes"])]
                                for c in consts["largest"]])
    if lint["findings"]:
        lines += ["", "findings"]
        lines += [f"  {Finding(**f)}" for f in lint["findings"][:FINDINGS_SHOWN]]
        more = len(lint["findings"]) - FINDINGS_SHOWN
        if more > 0:
            lines.append(f"  ... and {more} more (irexec lint lists them all)")
    return "\n".join(lines)


# --- the graph as DOT ---------------------------------------------------------------------------

_SAFE_ID = re.compile(r"[A-Za-z0-9_]+")
_ERROR = {"color": "#c00000", "fillcolor": "#ffe0e0", "penwidth": "2"}
_WARNING = {"color": "#d08000", "fillcolor": "#fff3d0", "penwidth": "2"}
_FILL = {"Parameter": "#dde8fb", "Result": "#dde8fb", "Const": "#eeeeee"}


# Graphviz reads a backslash in labels and tooltips as the start of an escape (\N the node's name,
# \G the graph's, \L the label, \n a line break ...), and versions differ on whether a doubled one
# is a literal backslash. So no backslash from the file reaches the DOT: each is drawn as U+29F5
# (reverse solidus operator, which looks the same). The backslashes left are those of our own
# escapes of unprintable characters (\x9b, \u202e), never followed by a letter Graphviz expands.
_BACKSLASH = "\u29f5"


def _dot_text(text) -> str:
    return printable(str(text).replace("\\", _BACKSLASH))


def quoted(text, limit: int | None = None) -> str:
    """A DOT quoted string holding ``text`` as an escString: the file's backslashes drawn as U+29F5,
    ours doubled, quotes escaped, so the string ends where it should, the file's text cannot add
    attributes and Graphviz expands nothing in it."""
    text = _dot_text(text)
    if limit is not None:
        text = _clip(text, limit)
    # Graphviz 2.36-2.39 read a final \\" as an escaped quote, so never end on a backslash.
    tail = " " if text.endswith("\\") else ""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + tail + '"'


def html(text, limit: int | None = None) -> str:
    """``text`` as the content of an HTML-like label: markup characters as entities, the file's
    backslashes drawn as U+29F5 (Graphviz expands ``\\N``, ``\\G``... in these labels too, and an
    entity for a backslash is decoded before that)."""
    text = _dot_text(text)
    if limit is not None:
        text = _clip(text, limit)
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
    label += (f'<BR/>{html(layer.name, NAME_IN_LABEL)}'
              f'<BR/><FONT POINT-SIZE="9" COLOR="#666666">id {html(layer.id, NAME_IN_LABEL)}</FONT>' + more)
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
    attrs = {"label": f"<{label}>", "tooltip": _lines(tip, NAME_IN_TOOLTIP), **attrs}
    return f"  {nid} [{_attrs(attrs)}];"


def _lines(lines: list, limit: int) -> str:
    """A quoted escString of several lines: each escaped, then joined by ``\\n`` (a line break)."""
    return '"' + "\\n".join(quoted(line, limit)[1:-1] for line in lines) + '"'


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
    if (declared.etype is not None and etype is not None and declared.etype != etype) or \
            not compatible(declared.shape, shape):
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
    title = (f"<B>{html(graph.name, NAME_IN_TOOLTIP)}</B><BR/>IR v{graph.ir_version}, "
             f"{_plural(graph.g.number_of_nodes(), 'layer')}, lint: {lint_status(errors, len(findings) - errors)}")
    title += view.title() if view is not None else ""
    for f in off[:FINDINGS_SHOWN]:
        title += f'<BR/><FONT COLOR="{_ERROR["color"] if f.is_error else _WARNING["color"]}">' \
                 f'{html(f.code)} {html(f.message, NAME_IN_TOOLTIP)}</FONT>'
    if len(off) > FINDINGS_SHOWN:
        title += f"<BR/>... and {len(off) - FINDINGS_SHOWN} more"
    lines = [f"digraph {quoted(graph.name, NAME_IN_TOOLTIP)} {{",
             f'  graph [label=<{title}>, labelloc=t, fontname="Helvetica", fontsize=12];',
             '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=11];',
             '  edge [fontname="Helvetica", fontsize=9, labelfontcolor="#666666"];']
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
        if any(f.port is not None and ((f.layer_id == dst and f.port == dp) or (f.layer_id == src and f.port == sp))
               for f in on.get(src, []) + on.get(dst, [])):
            attrs.update({"color": f'"{_ERROR["color"]}"', "fontcolor": f'"{_ERROR["color"]}"'})
        lines.append(f"  {ids[src]} -> {ids[dst]} [{_attrs(attrs)}];")
    lines += view.stubs(ids) if view is not None else []
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- Graphviz and files -------------------------------------------------------------------------

def write_atomic(path: str, data: bytes) -> None:
    """``data`` to ``path``, whole or not at all (a bad path is a usage error)."""
    files.write_atomic(path, lambda f: f.write(data), UsageError)