"""What ``irexec show`` adds to the summary for a closer look: each layer's attributes and a small
constant's values, one layer's neighbourhood (``--around LAYER --depth N``) and constants folded
into the layers that take them (``--fold-constants``).

A ``View`` is the part of the graph to draw: a ``Graph`` of the same layers (the same objects,
so the linter's facts, keyed by layer id, still apply) holding only those selected, plus, for each,
the constants folded into it and how many of its edges lead to layers left out. Names come from
the file: in the text they go through ``printable``, in the DOT through the escaping of ``show``.
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np

from ..errors import UsageError, printable
from ..graph import Graph
from ..shapes import fmt
from .dot import html
from .summary import NAME_IN_LABEL, NAME_IN_TOOLTIP, _clip, _plural, _table, port_info

SMALL = 16  # a constant with at most this many elements shows its values
ATTRS_IN_LABEL = 3  # attributes written in a DOT node's label (the tooltip has them all)
ATTR_IN_LABEL = 30  # characters of one ``name=value`` in a label
ATTR_IN_TEXT = 40  # characters of one attribute's value in the text table
_NOT_IN_LABEL = {"Parameter", "Const", "Result"}  # their attributes are the shape and type the edges show


def find_layer(graph: Graph, spec: str) -> str:
    """The id of the layer ``spec`` names: an id, else a name that exactly one layer has."""
    if spec in graph.layers:
        return spec
    ids = [lid for lid, layer in graph.layers.items() if layer.name == spec]
    if len(ids) == 1:
        return ids[0]
    if not ids:
        raise UsageError(f"--around '{printable(spec)}': no layer has that name or id")
    shown = ", ".join(printable(i) for i in ids[:5]) + (", ..." if len(ids) > 5 else "")
    raise UsageError(f"--around '{printable(spec)}': {len(ids)} layers have that name (ids {shown}); give an id")


def within(graph: Graph, start: str, depth: int) -> set:
    """The layers at most ``depth`` edges from ``start``, following edges either way."""
    near = {lid: set(out) for lid, out in graph.succ.items()}
    for src, out in graph.succ.items():
        for dst in out:
            near[dst].add(src)
    seen, frontier = {start}, deque([(start, 0)])
    while frontier:
        lid, d = frontier.popleft()
        if d == depth:
            continue
        for other in near[lid]:
            if other not in seen:
                seen.add(other)
                frontier.append((other, d + 1))
    return seen


class View:
    def __init__(self, full: Graph, around: str | None = None, depth: int = 1, fold: bool = False):
        self.full, self.depth, self.fold = full, depth, fold
        self.centre = find_layer(full, around) if around is not None else None
        keep = within(full, self.centre, depth) if self.centre is not None else set(full.layers)
        self.selected = keep  # before folding: the findings of a folded constant still belong here
        consts = {lid for lid in keep if full.layer(lid).type == "Const"} if fold else set()
        # Each kept layer's constant inputs, by input index, wherever the constant is.
        self.folded = (
            {
                lid: [
                    (i, src) for i, (src, _) in sorted(full.producers(lid).items()) if full.layer(src).type == "Const"
                ]
                for lid in keep - consts
            }
            if fold
            else {}
        )
        shown = keep - consts
        self.graph = Graph(full.name, full.ir_version, full.path)
        self.graph.weights = full.weights
        for lid, layer in full.layers.items():
            if lid in shown:
                self.graph.add_layer(layer)
        self.cut = {}  # layer id -> [edges in from layers not shown, edges out to them]
        for src, out in full.succ.items():
            for dst, keyed in out.items():
                if src in shown and dst in shown:
                    for sp, dp in keyed:
                        self.graph.add_edge(src, sp, dst, dp, keyed[(sp, dp)])
                elif src in shown:
                    self.cut.setdefault(src, [0, 0])[1] += len(keyed)
                elif dst in shown and not (fold and full.layer(src).type == "Const"):
                    self.cut.setdefault(dst, [0, 0])[0] += len(keyed)

    def findings(self, findings: list) -> list:
        """The findings to draw: those of the layers selected, and those of no layer."""
        return [
            f
            for f in findings
            if f.layer_id is None or f.layer_id in self.selected or f.layer_id not in self.full.layers
        ]

    def heading(self) -> str | None:
        if self.centre is None:
            return None
        layer = self.full.layer(self.centre)
        return (
            f"layers within {self.depth} edge{'' if self.depth == 1 else 's'} of '{layer.name}' "
            f"(id {layer.id}): {len(self.selected)} of {len(self.full.layers)}"
            + (f", {_plural(len(self.selected) - len(self.graph.layers), 'constant')} folded" if self.fold else "")
        )

    # --- as data (JSON) ---------------------------------------------------------------------

    def to_dict(self, facts: dict) -> dict:
        around = None
        if self.centre is not None:
            around = {
                "layer_id": self.centre,
                "name": self.full.layer(self.centre).name,
                "depth": self.depth,
                "selected": len(self.selected),
                "of": len(self.full.layers),
            }
        return {
            "around": around,
            "folded_constants": self.fold,
            "layers": [self.layer_dict(lid, facts) for lid in self.graph.layers],
        }

    def layer_dict(self, lid: str, facts: dict) -> dict:
        layer, full = self.full.layer(lid), self.full
        feeds = full.producers(lid)
        ins = []
        for i, port in enumerate(layer.inputs):
            src = feeds.get(i)
            ins.append(
                {
                    "port": port.id,
                    "from_layer": src[0] if src else None,
                    "from_port": _port_id(full, *src) if src else None,
                }
            )
        outs = []
        for i, port in enumerate(layer.outputs):
            etype, shape = port_info(full, facts, lid, i)
            outs.append({"port": port.id, "element_type": _type(etype), "shape": fmt(shape), "names": list(port.names)})
        d = {
            "id": lid,
            "name": layer.name,
            "type": layer.type,
            "version": layer.version,
            "attributes": attributes(layer),
            "inputs": ins,
            "outputs": outs,
        }
        if layer.type == "Const":
            d["values"] = const_values(layer)
        if self.fold:
            d["constants"] = [self.const_dict(i, src, facts) for i, src in self.folded.get(lid, [])]
        if self.centre is not None:
            d["edges_to_layers_not_shown"] = dict(zip(("in", "out"), self.cut.get(lid, [0, 0])))
        return d

    def const_dict(self, index: int, src: str, facts: dict) -> dict:
        layer = self.full.layer(src)
        etype, shape = port_info(self.full, facts, src, 0)
        return {
            "input": index,
            "layer_id": src,
            "name": layer.name,
            "element_type": _type(etype),
            "shape": fmt(shape),
            "values": const_values(layer),
        }

    # --- as text ----------------------------------------------------------------------------

    def text(self, facts: dict) -> list:
        """The layers as a table: one row a layer, in the file's order."""
        rows = [["id", "type", "name", "from", "output", "attributes"]]
        for lid in self.graph.layers:
            d = self.layer_dict(lid, facts)
            froms = [
                f"{i['from_layer']}"
                for i in d["inputs"]
                if i["from_layer"] is not None and i["from_layer"] in self.graph.layers
            ]
            cut_in, cut_out = self.cut.get(lid, [0, 0])
            froms += [f"+{cut_in} not shown"] if cut_in else []
            outs = " ".join(f"{o['shape']} {o['element_type']}" for o in d["outputs"]) or "-"
            outs += f" (+{cut_out} not shown)" if cut_out else ""
            attrs = [f"{k}={_clip(v, ATTR_IN_TEXT)}" for k, v in d["attributes"].items()]
            if d.get("values") is not None:
                attrs.append("= " + _values_text(d["values"]))
            attrs += [
                f"in{c['input']}={c['name']} {c['shape']} {c['element_type']}"
                + (" " + _values_text(c["values"]) if c["values"] is not None else "")
                for c in d.get("constants", [])
            ]
            rows.append([lid, d["type"], d["name"], ",".join(froms) or "-", outs, " ".join(attrs)])
        return [self.heading() or f"layers: {len(self.graph.layers)}"] + _table(rows)

    # --- in the DOT -------------------------------------------------------------------------

    def node(self, lid: str, facts: dict) -> tuple:
        """(more of a node's HTML-like label, more lines of its tooltip)."""
        layer = self.full.layer(lid)
        attrs = attributes(layer)
        label, tip = "", [f"{k}={v}" for k, v in attrs.items()]
        if attrs and layer.type not in _NOT_IN_LABEL:
            shown = [_clip(f"{k}={v}", ATTR_IN_LABEL) for k, v in list(attrs.items())[:ATTRS_IN_LABEL]]
            more = f" +{len(attrs) - ATTRS_IN_LABEL}" if len(attrs) > ATTRS_IN_LABEL else ""
            label += f'<BR/><FONT POINT-SIZE="9">{html(", ".join(shown) + more)}</FONT>'
        if layer.type == "Const":
            values = const_values(layer)
            if values is not None:
                label += f'<BR/><FONT POINT-SIZE="9">{html(_values_text(values), NAME_IN_LABEL)}</FONT>'
                tip.append("= " + _values_text(values))
        for index, src in self.folded.get(lid, []):
            c = self.const_dict(index, src, facts)
            line = f"in {index}: {c['name']} {c['shape']} {c['element_type']}"
            values = f" = {_values_text(c['values'])}" if c["values"] is not None else ""
            label += (
                f'<BR/><FONT POINT-SIZE="9" COLOR="#555555">{html(line, NAME_IN_LABEL)}'
                f"{html(values, NAME_IN_LABEL)}</FONT>"
            )
            tip.append(line + values)
        return label, tip

    def title(self) -> str:
        heading = self.heading()
        return f"<BR/>{html(heading, NAME_IN_TOOLTIP)}" if heading else ""

    def stubs(self, ids: dict) -> list:
        """A grey note beside each layer shown with edges to layers that are not."""
        lines, n = [], 0
        for lid in self.graph.layers:
            for way, count in zip(("in", "out"), self.cut.get(lid, [0, 0])):
                if not count:
                    continue
                stub = f"S{n}"
                n += 1
                lines.append(f'  {stub} [shape=plaintext, style="", label="+{count} not shown", fontcolor="#888888"];')
                edge = f"{stub} -> {ids[lid]}" if way == "in" else f"{ids[lid]} -> {stub}"
                lines.append(f'  {edge} [style=dashed, color="#aaaaaa"];')
        return lines


def attributes(layer) -> dict:
    """A layer's attributes as the file writes them (strings)."""
    return {str(k): str(v) for k, v in layer.attrs.items()}


def const_values(layer, limit: int = SMALL):
    """A Const's values, flattened, when it has at most ``limit`` of them (else None); values
    JSON cannot hold (NaN, infinities) as strings."""
    try:
        if math.prod(layer.op.dims) > limit:
            return None
        flat = np.asarray(layer.op.compute()).reshape(-1).tolist()
    except Exception:  # (no weights, a bad offset, a shape not known: lint says so; no values shown)
        return None
    return [v if not isinstance(v, float) or math.isfinite(v) else str(v) for v in flat]


def _values_text(values: list) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _port_id(graph: Graph, lid: str, index: int):
    outs = graph.layer(lid).outputs
    return outs[index].id if index < len(outs) else None


def _type(etype) -> str | None:
    return etype.name if etype is not None else None
