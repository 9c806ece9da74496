"""A model at a glance: the summary ``irexec show`` prints, and the graph as Graphviz DOT.

Everything here is a pure function of what the linter reports (``irexec.check.lint.check``): the graph,
the findings and the inferred facts. A model with errors can still be shown, and then the picture
marks where they are. Names in the file are untrusted: every one is escaped for where it goes (a
text column, a DOT quoted string, an HTML-like label), so none can break the output's syntax.
"""

from __future__ import annotations

import json
from collections import Counter

from .. import files
from ..check.findings import Finding
from ..check.lint import check
from ..errors import IRExecError, ParseError, UsageError, printable
from ..graph import Graph
from ..limits import fmt_bytes
from ..numbers import parse_int
from ..shapes import fmt
from ..view.page import port_info  # (the summary, the DOT graph and the page show a port alike)
from .graphviz import dot_executable, render  # noqa: F401  (the command calls them from here)

SCHEMA_VERSION = 1
LARGEST_CONSTANTS = 5
FINDINGS_SHOWN = 10  # in the text summary; the JSON has them all
BIG_GRAPH = 1000  # layers above which laying out with Graphviz gets slow
NAME_IN_LABEL = 60  # characters of a name in a node's label (the tooltip has more)
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
    return text[:head] + "..." + text[len(text) - (limit - 3 - head) :]


# --- the summary --------------------------------------------------------------------------------


def _order(graph: Graph) -> list:
    # The order the model's inputs and outputs are listed in everywhere else (read_model, run);
    # a graph with a cycle has none, and then the file's order will do.
    try:
        return graph.topological_order()
    except IRExecError:
        return list(graph.g.nodes)


def _tensor(name: str, names: tuple, etype, shape, layer_id: str) -> dict:
    return {
        "name": name,
        "tensor_names": list(names),
        "element_type": etype.name if etype else None,
        "shape": fmt(shape),
        "dims": _dims(shape),
        "layer_id": layer_id,
    }


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
        except (KeyError, IndexError):  # an unconnected Result: what it declares is all there is
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
            consts.append(
                {
                    "name": layer.name,
                    "layer_id": lid,
                    "element_type": etype.name if etype else None,
                    "shape": fmt(shape),
                    "bytes": _const_bytes(layer),
                }
            )
    largest = sorted((c for c in consts if c["bytes"] is not None), key=lambda c: -c["bytes"])
    return {"count": len(consts), "bytes": sum(c["bytes"] or 0 for c in consts), "largest": largest[:LARGEST_CONSTANTS]}


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
        "ops": [
            {"type": t, "version": v, "count": n}
            for (t, v), n in sorted(ops.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or ""))
        ],
        "inputs": _inputs(graph, facts, order),
        "outputs": _outputs(graph, facts, order),
        "constants": _constants(graph, facts),
        "lint": {"errors": errors, "warnings": len(findings) - errors, "findings": [f.to_dict() for f in findings]},
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
    lines = _table(
        [
            ["model", s["name"]],
            ["file", s["file"] or "<string>"],
            ["IR version", str(s["ir_version"])],
            ["layers", f"{s['layers']} ({_plural(s['edges'], 'edge')})"],
            ["constants", f"{consts['count']} ({fmt_bytes(consts['bytes'])})"],
            ["lint", lint_status(lint["errors"], lint["warnings"])],
        ]
    )
    lines += [""] + _table(
        [["op", "version", "count"]] + [[o["type"], o["version"] or "-", str(o["count"])] for o in s["ops"]]
    )
    for title, tensors in (("input", s["inputs"]), ("output", s["outputs"])):
        if tensors:
            lines += [""] + _table(
                [[title, "shape", "type", "tensor names"]]
                + [[t["name"], t["shape"], t["element_type"] or "?", ",".join(t["tensor_names"])] for t in tensors]
            )
    if consts["largest"]:
        lines += [""] + _table(
            [["largest constants", "shape", "type", "bytes"]]
            + [[c["name"], c["shape"], c["element_type"] or "?", str(c["bytes"])] for c in consts["largest"]]
        )
    if lint["findings"]:
        lines += ["", "findings"]
        lines += [f"  {Finding(**f)}" for f in lint["findings"][:FINDINGS_SHOWN]]
        more = len(lint["findings"]) - FINDINGS_SHOWN
        if more > 0:
            lines.append(f"  ... and {more} more (irexec lint lists them all)")
    return "\n".join(lines)


# --- the graph as DOT ---------------------------------------------------------------------------

# --- Graphviz and files -------------------------------------------------------------------------


def write_atomic(path: str, data: bytes) -> None:
    """``data`` to ``path``, whole or not at all (a bad path is a usage error)."""
    files.write_atomic(path, lambda f: f.write(data), UsageError)
