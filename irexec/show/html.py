"""``irexec show MODEL --html FILE``: the graph as one self-contained page, with no network: pan
(drag), zoom (wheel), search by name or type, and a click on a layer shows its attributes, ports,
shapes, lint findings and, given a ``run --dump`` folder, its tensors' statistics.

Names and attributes come from the model, which may be hostile: they travel as JSON inside the
page (with ``<``, ``>`` and ``&`` escaped, so no text can close the script element) and the page
sets them as text, never as markup; its Content-Security-Policy allows no source but itself.

The layout is made here, not in the browser: layers in ranks by the longest path from an input
(a constant just above its first consumer), ordered in each rank by the mean position of what
feeds them, so a 300-layer model reads top to bottom."""

from __future__ import annotations

import json
import os

import numpy as np

from ..graph import Graph
from ..shapes import fmt
from .summary import port_info

_NODE_H = 34
_RANK_GAP = 70
_NODE_GAP = 24
_CHAR_W = 7.2
_MAX_ATTR = 300  # characters of one attribute's value shown
_MAX_VALUE_ITEMS = 16  # a small constant's values shown


def layout(graph: Graph, order: list) -> dict:
    """layer id -> (x, y, width) of its box's top-left corner."""
    rank = {}
    for lid in order:
        feeds = graph.producers(lid)
        rank[lid] = 1 + max((rank[src] for src, _ in feeds.values() if src in rank), default=-1)
    for lid in order:  # a constant sits just above the first layer that takes it
        layer = graph.layer(lid)
        if layer.type == "Const":
            users = [rank[c] for c in graph.consumers(lid) if c in rank]
            if users:
                rank[lid] = max(0, min(users) - 1)
    ranks = {}
    for lid in order:
        ranks.setdefault(rank[lid], []).append(lid)
    width = {
        lid: max(90.0, _CHAR_W * max(len(_label(graph.layer(lid))[0]), len(_label(graph.layer(lid))[1])) + 20)
        for lid in order
    }
    pos = {}
    for r in sorted(ranks):  # order a rank by where what feeds it sits (one sweep down)
        row = ranks[r]
        if r > 0:

            def centre(lid):
                xs = [pos[src] for src, _ in graph.producers(lid).values() if src in pos]
                return sum(xs) / len(xs) if xs else 0.0

            row.sort(key=centre)
        x = 0.0
        for lid in row:
            pos[lid] = x + width[lid] / 2
            x += width[lid] + _NODE_GAP
    out = {}
    widest = max((sum(width[l] + _NODE_GAP for l in row) for row in ranks.values()), default=0)
    for r, row in ranks.items():
        span = sum(width[l] + _NODE_GAP for l in row)
        shift = (widest - span) / 2
        for lid in row:
            out[lid] = (round(pos[lid] - width[lid] / 2 + shift, 1), r * _RANK_GAP, round(width[lid], 1))
    return out


def _label(layer) -> tuple:
    """What the box shows: the name's end (exporters' names are long paths whose end says the
    most), and the type."""
    name = layer.name if len(layer.name) <= 40 else "…" + layer.name[-39:]
    return (name, f"{layer.type}" + (f"-{layer.version}" if layer.version else ""))


def _attr_text(value) -> str:
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= _MAX_ATTR else text[:_MAX_ATTR] + "…"


def _const_values(layer):
    """A small constant's first values, as text; None when it has none to show cheaply."""
    op = layer.op
    try:
        count = 1
        for d in op.dims:
            count *= d
        if count > 4096:
            return None
        arr = np.asarray(op.compute())
    except Exception:  # (no weights, a bad offset: lint says so; the page just shows none)
        return None
    flat = arr.reshape(-1)[:_MAX_VALUE_ITEMS]
    items = ", ".join(str(v) for v in flat.tolist())
    return f"[{items}{', …' if arr.size > _MAX_VALUE_ITEMS else ''}]"


def dump_stats(folder: str) -> dict:
    """(layer id, output index) -> statistics of the tensor a ``run --dump`` folder holds."""
    with open(os.path.join(folder, "index.json"), encoding="utf-8") as f:
        index = json.load(f)
    stats = {}
    for t in index.get("tensors", []):
        name = os.path.basename(str(t.get("file", "")))
        try:
            arr = np.load(os.path.join(folder, name), mmap_mode="r", allow_pickle=False)
        except (OSError, ValueError):
            continue
        s = {"shape": list(arr.shape), "dtype": str(arr.dtype)}
        if arr.size and arr.dtype.kind in "biuf":
            a = np.asarray(arr, dtype=np.float64)
            finite = np.isfinite(a)
            s.update(
                min=float(np.min(a)),
                max=float(np.max(a)),
                mean=float(np.mean(a)),
                std=float(np.std(a)),
                nan=int(np.isnan(a).sum()),
                inf=int((~finite).sum() - np.isnan(a).sum()),
            )
        stats[(str(t.get("id")), int(t.get("output", 0)))] = s
    return stats


def page_data(graph: Graph, findings: list, facts: dict, stats: dict | None = None) -> dict:
    order = graph.topological_order()
    at = layout(graph, order)
    found = {}
    for f in findings:
        if f.layer_id is not None:
            found.setdefault(str(f.layer_id), []).append(
                {"code": f.code, "severity": f.severity, "message": f.description, "line": f.line}
            )
    nodes, edges = [], []
    for lid in order:
        layer = graph.layer(lid)
        x, y, w = at[lid]
        outs = []
        for i, port in enumerate(layer.outputs):
            etype, shape = port_info(graph, facts, lid, i)
            o = {"port": port.id, "type": _type(etype), "shape": fmt(shape), "names": list(port.names)}
            if stats and (lid, i) in stats:
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
                    "shape": fmt(port_info(graph, facts, src[0], src[1])[1]) if src else None,
                }
            )
        node = {
            "id": lid,
            "name": layer.name,
            "label": _label(layer)[0],
            "type": layer.type,
            "version": layer.version or "",
            "x": x,
            "y": y,
            "w": w,
            "line": layer.line,
            "attrs": {k: _attr_text(v) for k, v in layer.attrs.items()},
            "inputs": ins,
            "outputs": outs,
            "findings": found.get(lid, []),
        }
        if layer.type == "Const":
            values = _const_values(layer)
            if values is not None:
                node["values"] = values
        nodes.append(node)
        for _i, (src, out) in sorted(feeds.items()):
            etype, shape = port_info(graph, facts, src, out)
            edges.append({"from": src, "to": lid, "label": f"{fmt(shape)} {_type(etype)}"})
    return {"name": graph.name, "nodes": nodes, "edges": edges, "node_height": _NODE_H}


def _type(etype) -> str:
    return "?" if etype is None else str(etype)


def _script_json(data) -> str:
    """JSON that cannot end the <script> it sits in (nor open a comment or CDATA there)."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def to_html(graph: Graph, findings: list, facts: dict, stats: dict | None = None) -> str:
    data = _script_json(page_data(graph, findings, facts, stats))
    return _PAGE.replace("/*DATA*/null", data, 1)


_PAGE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>irexec graph</title>
<style>
html,body{margin:0;height:100%;font:13px system-ui,sans-serif;overflow:hidden}
#bar{position:fixed;top:0;left:0;right:0;height:36px;display:flex;gap:8px;align-items:center;padding:0 10px;background:#f4f4f6;border-bottom:1px solid #ccc;z-index:2}
#bar b{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:30%}
#search{width:260px}
#view{position:fixed;top:37px;left:0;width:calc(100% - 360px);height:calc(100% - 37px);cursor:grab;background:#fff;touch-action:none}
#panel{position:fixed;top:37px;right:0;width:360px;bottom:0;overflow:auto;border-left:1px solid #ccc;padding:8px 12px;box-sizing:border-box;background:#fbfbfc}
#panel h2{font-size:15px;margin:4px 0;word-break:break-all}
#panel table{border-collapse:collapse;width:100%}
#panel td{border-top:1px solid #e4e4e8;padding:2px 4px;vertical-align:top;word-break:break-all}
#panel td:first-child{white-space:nowrap;word-break:normal}
.node rect{fill:#eef3fb;stroke:#5a7bb5;stroke-width:1}
.node.Const rect{fill:#f3f3f3;stroke:#aaa}
.node.Parameter rect,.node.Result rect{fill:#e8f6ea;stroke:#4b9a5a}
.node.warning rect{fill:#fff1d6;stroke:#c98a00}
.node.error rect{fill:#fde2e2;stroke:#c0392b;stroke-width:2}
.node.match rect{stroke:#7b2cbf;stroke-width:3}
.node.selected rect{stroke:#000;stroke-width:3}
.node text{font-size:11px;pointer-events:none}
.node text.type{fill:#555}
.edge{fill:none;stroke:#99a;stroke-width:1}
.finding.error{color:#c0392b}.finding.warning{color:#a86f00}
</style></head><body>
<div id="bar"><b id="title"></b><input id="search" type="search" placeholder="search layers by name or type (Enter: next)"><span id="count"></span><button id="fit">fit</button></div>
<svg id="view" xmlns="http://www.w3.org/2000/svg"><g id="world"><g id="edges"></g><g id="nodes"></g></g></svg>
<div id="panel"><p>Click a layer to see its attributes, ports, shapes and findings.</p></div>
<script>
"use strict";
const DATA = /*DATA*/null;
const NS = "http://www.w3.org/2000/svg";
const svg = document.getElementById("view"), world = document.getElementById("world");
const byId = new Map();
let view = {x: 0, y: 0, k: 1};
function el(tag, attrs, parent, ns) {
  const e = ns ? document.createElementNS(NS, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}
function text(tag, content, parent) { const e = el(tag, {}, parent); e.textContent = content; return e; }
function apply() { world.setAttribute("transform", `translate(${view.x},${view.y}) scale(${view.k})`); }
document.getElementById("title").textContent = DATA.name + " — " + DATA.nodes.length + " layers";
const H = DATA.node_height;
for (const n of DATA.nodes) byId.set(n.id, n);
for (const e of DATA.edges) {
  const a = byId.get(e.from), b = byId.get(e.to);
  if (!a || !b) continue;
  const x1 = a.x + a.w / 2, y1 = a.y + H, x2 = b.x + b.w / 2, y2 = b.y, m = (y1 + y2) / 2;
  const p = el("path", {d: `M${x1},${y1} C${x1},${m} ${x2},${m} ${x2},${y2}`, class: "edge"}, document.getElementById("edges"), true);
  text("title", e.label, p);
}
const nodesG = document.getElementById("nodes");
for (const n of DATA.nodes) {
  const sev = n.findings.some(f => f.severity === "error") ? " error" : n.findings.length ? " warning" : "";
  const g = el("g", {class: "node " + n.type.replace(/[^A-Za-z0-9]/g, "") + sev, transform: `translate(${n.x},${n.y})`, "data-id": n.id}, nodesG, true);
  el("rect", {width: n.w, height: H, rx: 5}, g, true);
  const t1 = el("text", {x: 8, y: 14}, g, true); t1.textContent = n.label;
  const t2 = el("text", {x: 8, y: 28, class: "type"}, g, true); t2.textContent = n.type + (n.version ? "-" + n.version : "");
  n.g = g;
  g.addEventListener("click", ev => { ev.stopPropagation(); select(n); });
}
function row(table, k, v) { const tr = el("tr", {}, table); text("td", k, tr); text("td", v, tr); }
let selected = null;
function select(n) {
  if (selected) selected.g.classList.remove("selected");
  selected = n; n.g.classList.add("selected");
  const panel = document.getElementById("panel");
  panel.replaceChildren();
  text("h2", n.name, panel);
  text("div", `${n.type}${n.version ? "-" + n.version : ""}, id ${n.id}${n.line ? ", line " + n.line : ""}`, panel);
  if (n.findings.length) {
    text("h3", "Findings", panel);
    for (const f of n.findings) { const d = text("div", `${f.code} ${f.severity}: ${f.message}`, panel); d.className = "finding " + f.severity; }
  }
  const attrs = Object.entries(n.attrs);
  if (attrs.length) { text("h3", "Attributes", panel); const t = el("table", {}, panel); for (const [k, v] of attrs) row(t, k, v); }
  if (n.values) { text("h3", "Values", panel); text("div", n.values, panel); }
  if (n.inputs.length) { text("h3", "Inputs", panel); const t = el("table", {}, panel);
    for (const p of n.inputs) row(t, "port " + p.port, (p.from === null ? "(not connected)" : "from " + p.from) + (p.shape ? " " + p.shape : "")); }
  if (n.outputs.length) { text("h3", "Outputs", panel); const t = el("table", {}, panel);
    for (const p of n.outputs) {
      row(t, "port " + p.port, `${p.shape} ${p.type}` + (p.names.length ? " names: " + p.names.join(", ") : ""));
      if (p.stats) { const s = p.stats; row(t, "  tensor", "min " + s.min + ", max " + s.max + ", mean " + s.mean + ", std " + s.std + (s.nan ? ", NaN " + s.nan : "") + (s.inf ? ", inf " + s.inf : "")); }
    } }
}
function fit() {
  const b = world.getBBox(), w = svg.clientWidth, h = svg.clientHeight;
  if (!b.width || !b.height) return;
  // The whole width, and the top of a tall graph (at a scale that keeps names readable).
  view.k = Math.min(2, Math.max(Math.min(w / (b.width + 40), h / (b.height + 40)), Math.min(0.6, w / (b.width + 40))));
  view.x = (w - b.width * view.k) / 2 - b.x * view.k; view.y = 20 - b.y * view.k; apply();
}
function centre(n) { view.k = Math.max(view.k, 1); view.x = svg.clientWidth / 2 - (n.x + n.w / 2) * view.k; view.y = svg.clientHeight / 2 - (n.y + H / 2) * view.k; apply(); }
let drag = null;
svg.addEventListener("pointerdown", ev => { drag = {x: ev.clientX - view.x, y: ev.clientY - view.y}; svg.style.cursor = "grabbing"; });
window.addEventListener("pointermove", ev => { if (drag) { view.x = ev.clientX - drag.x; view.y = ev.clientY - drag.y; apply(); } });
window.addEventListener("pointerup", () => { drag = null; svg.style.cursor = "grab"; });
svg.addEventListener("wheel", ev => {
  ev.preventDefault();
  const r = svg.getBoundingClientRect(), px = ev.clientX - r.left, py = ev.clientY - r.top;
  const f = Math.exp(-ev.deltaY * 0.0015), k = Math.min(8, Math.max(0.02, view.k * f));
  view.x = px - (px - view.x) * (k / view.k); view.y = py - (py - view.y) * (k / view.k); view.k = k; apply();
}, {passive: false});
const search = document.getElementById("search");
let matches = [], at = -1;
search.addEventListener("input", () => {
  const q = search.value.trim().toLowerCase();
  matches = [];
  for (const n of DATA.nodes) {
    const hit = q !== "" && (n.name.toLowerCase().includes(q) || n.type.toLowerCase().includes(q));
    n.g.classList.toggle("match", hit);
    if (hit) matches.push(n);
  }
  at = -1;
  document.getElementById("count").textContent = q ? matches.length + " found" : "";
});
search.addEventListener("keydown", ev => {
  if (ev.key === "Enter" && matches.length) { at = (at + 1) % matches.length; centre(matches[at]); select(matches[at]); }
});
document.getElementById("fit").addEventListener("click", fit);
fit();
</script></body></html>
"""
