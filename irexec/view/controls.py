"""The page's script, its second part: the panel a click fills, the views (fit, the inputs at a
readable scale), the pointer, search, and the keys (with their help)."""

CONTROLS = r"""// ---- the panel ----
function row(table, k, v) { const tr = el("tr", {}, table); text("td", k, tr); text("td", v, tr); }
function num(v) { return typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toPrecision(6).replace(/\.?0+(e|$)/, "$1")) : String(v); }
function histogram(h, parent) {
  const W = 240, H = 48, top = Math.max(...h.counts, 1), bw = W / h.counts.length;
  const s = el("svg", {class: "hist", width: W, height: H + 14, viewBox: `0 0 ${W} ${H + 14}`}, parent, true);
  h.counts.forEach((c, i) => {
    const bh = H * c / top;
    const r = el("rect", {x: (i * bw).toFixed(2), y: (H - bh).toFixed(2), width: Math.max(1, bw - 1).toFixed(2), height: bh.toFixed(2), "data-count": c}, s, true);
    text("title", `${num(h.edges[i])} … ${num(h.edges[i + 1])}: ${c}`, r);
  });
  stext(num(h.edges[0]), {x: 0, y: H + 12, "font-size": 10}, s);
  stext(num(h.edges[h.edges.length - 1]), {x: W, y: H + 12, "font-size": 10, "text-anchor": "end"}, s);
}
function select(n) {
  if (selected && selected.el) selected.el.classList.remove("selected");
  selected = n;
  const panel = document.getElementById("panel");
  panel.replaceChildren();
  if (!n) { text("p", "Click a layer to see its attributes, ports, shapes, weights and findings. Press ? for the keys.", panel); return; }
  if (n.el) n.el.classList.add("selected");
  text("h2", n.name, panel);
  text("div", `${n.type}${n.v ? "-" + n.v : ""}, id ${n.id}${n.line ? ", line " + n.line : ""}`, panel);
  if (n.err) {
    text("h3", "Error", panel); const t = el("table", {}, panel);
    row(t, "max relative", num(n.err.max_rel)); row(t, "max absolute", num(n.err.max_abs));
    if (n.err.first) row(t, "", "the first layer past the tolerance");
  }
  if (n.findings.length) {
    text("h3", "Findings", panel);
    for (const f of n.findings) { const d = text("div", `${f.code} ${f.severity}: ${f.message}`, panel); d.className = "finding " + f.severity; }
  }
  const attrs = Object.entries(n.attrs);
  if (attrs.length) { text("h3", "Attributes", panel); const t = el("table", {}, panel); for (const [k, v] of attrs) row(t, k, v); }
  const c = n.const;
  if (c) { text("h3", "Values", panel); if (c.values) text("div", c.values, panel); if ("min" in c) text("div", `min ${num(c.min)}, max ${num(c.max)}, mean ${num(c.mean)}`, panel); }
  if (n.weights) {
    text("h3", "Weights", panel);
    for (const w of n.weights) {
      const t = el("table", {class: "weight"}, panel);
      row(t, "input " + w.port, w.name); row(t, "type", w.etype); row(t, "shape", w.shape);
      if (w.compressed) for (const [k, v] of Object.entries(w.compressed)) row(t, k, String(v));
      const s = w.stats;
      if (s && "min" in s) row(t, w.compressed ? "codes" : "values", `min ${num(s.min)}, max ${num(s.max)}, mean ${num(s.mean)}`);
      if (s && s.values) row(t, "", s.values);
    }
  }
  if (n.inputs.length) { text("h3", "Inputs", panel); const t = el("table", {}, panel);
    for (const p of n.inputs) row(t, "port " + p.port, (p.from === null ? "(not connected)" : "from " + p.from) + (p.shape ? " " + p.shape : "") + (p.folded && !showAll ? " (folded)" : "")); }
  if (n.outputs.length) { text("h3", "Outputs", panel); const t = el("table", {}, panel);
    for (const p of n.outputs) {
      row(t, "port " + p.port, `${p.shape} ${p.type}` + (p.names.length ? " names: " + p.names.join(", ") : ""));
      if (p.stats) { const s = p.stats; row(t, "  tensor", "min " + s.min + ", max " + s.max + ", mean " + s.mean + ", std " + s.std + (s.nan ? ", NaN " + s.nan : "") + (s.inf ? ", inf " + s.inf : ""));
        if (s.hist) histogram(s.hist, el("td", {colspan: 2}, el("tr", {}, t))); }
    } }
  if (n.bodies) text("div", `${n.bodies.length} ${n.bodies.length > 1 ? "bodies" : "body"}: ${n.open ? "shown (e: hide)" : "hidden (e: show)"}`, panel);
}

// ---- views ----
function fitK() { const W = svg.clientWidth, H = svg.clientHeight; return Math.min(2, W / (size.w + 40), H / (size.h + 40)); }
function fit() {
  const W = svg.clientWidth, H = svg.clientHeight;
  view.k = Math.max(0.01, fitK()); view.x = (W - size.w * view.k) / 2; view.y = (H - size.h * view.k) / 2; apply();
}
function home() {
  // A graph that fits at a readable scale is shown whole; a larger one opens at its inputs, legible.
  if (fitK() >= 1) return fit();
  const first = items.find(n => n.type === "Parameter") || items[0];
  view.k = 1.1; view.x = svg.clientWidth / 2 - (first.ax + first.w / 2) * view.k; view.y = 20 - first.ay * view.k; apply();
}
function centre(n) {
  view.k = Math.max(view.k, 1); view.x = svg.clientWidth / 2 - (n.ax + n.w / 2) * view.k; view.y = svg.clientHeight / 2 - (n.ay + n.h / 2) * view.k; apply();
}
function zoom(f, px, py) {
  const k = Math.min(8, Math.max(0.01, view.k * f));
  view.x = px - (px - view.x) * (k / view.k); view.y = py - (py - view.y) * (k / view.k); view.k = k; apply();
}
function nearest(ok) {  // the box nearest the view's centre
  const cx = (svg.clientWidth / 2 - view.x) / view.k, cy = (svg.clientHeight / 2 - view.y) / view.k;
  let best = null, d = Infinity;
  for (const n of items) { const e = (n.ax + n.w / 2 - cx) ** 2 + (n.ay + n.h / 2 - cy) ** 2; if (ok(n) && e < d) { d = e; best = n; } }
  return best;
}
function keep(n, change) {  // (a change of layout keeps n where it was on screen)
  const sx = n ? n.ax * view.k + view.x : 0, sy = n ? n.ay * view.k + view.y : 0;
  change(); relayout();
  if (n && n.placed) { view.x = sx - n.ax * view.k; view.y = sy - n.ay * view.k; }
  apply(); cull();
  if (selected && !selected.placed) select(null); else if (selected) select(selected);
}
function toggleBody(n) { keep(n, () => { n.open = !n.open; }); }
const allBox = document.getElementById("all");
function setAll(on) {
  allBox.checked = on;
  const ok = n => on || !n.hid;
  keep(selected && ok(selected) ? selected : nearest(ok), () => { showAll = on; });
  if (search.value) find();
}
allBox.addEventListener("change", () => setAll(allBox.checked));

// ---- pointer ----
let drag = null;
svg.addEventListener("pointerdown", ev => { drag = {x: ev.clientX - view.x, y: ev.clientY - view.y}; svg.style.cursor = "grabbing"; });
window.addEventListener("pointermove", ev => { if (drag) { view.x = ev.clientX - drag.x; view.y = ev.clientY - drag.y; apply(); } });
window.addEventListener("pointerup", () => { drag = null; svg.style.cursor = "grab"; });
svg.addEventListener("wheel", ev => {
  ev.preventDefault();
  const r = svg.getBoundingClientRect();
  zoom(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
}, {passive: false});

// ---- search ----
const search = document.getElementById("search");
let matches = [], at = -1;
function find() {
  const q = search.value.trim().toLowerCase();
  for (const n of matches) { n.match = false; if (n.el) n.el.classList.remove("match"); }
  matches = [];
  if (q) for (const n of items) {
    const hit = n.name.toLowerCase().includes(q) || n.type.toLowerCase().includes(q) ||
      (!showAll && !!n.weights && n.weights.some(w => w.name.toLowerCase().includes(q)));
    if (hit) { n.match = true; if (n.el) n.el.classList.add("match"); matches.push(n); }
  }
  at = -1;
  document.getElementById("count").textContent = q ? matches.length + " found" : "";
}
function next(step) { if (!matches.length) return; at = (at + step + matches.length) % matches.length; centre(matches[at]); select(matches[at]); cull(); }
search.addEventListener("input", find);
search.addEventListener("keydown", ev => {
  if (ev.key === "Enter") { ev.preventDefault(); next(ev.shiftKey ? -1 : 1); }
  else if (ev.key === "Escape") { search.value = ""; find(); search.blur(); }
});

// ---- keys ----
const KEYS = [
  ["← → ↑ ↓", "pan"], ["+ / −", "zoom in / out"], ["0", "fit the whole graph"], ["1", "back to the inputs, readable"],
  ["/", "search"], ["Enter or n", "next match (Shift: previous)"],
  ["j or Alt+↓", "selected layer: go to its (first) consumer"], ["k or Alt+↑", "selected layer: go to its (first) producer"],
  ["l / h", "after j or k: the next / previous of those consumers or producers"],
  ["e", "selected layer: show or hide its bodies"], ["a", "show all layers (the folded constants too) or fold them"],
  ["Escape", "clear the selection and the search"], ["?", "this help"],
];
const keytable = document.getElementById("keytable");
for (const [k, what] of KEYS) { const tr = el("tr", {}, keytable); el("kbd", {}, el("td", {}, tr)).textContent = k; text("td", what, tr); }
const help = document.getElementById("help");
document.getElementById("keys").addEventListener("click", () => { help.hidden = !help.hidden; });
let hop = null;  // the last walk's {from, dir, list, i}: h and l step along its list
function go(dir) {
  if (!selected) return;
  const list = (dir > 0 ? selected.outs : selected.ins).map(e => e.n).filter(m => m.placed);
  if (!list.length) return;
  hop = {from: selected, dir, list, i: 0};
  show(list[0]);
}
function sibling(step) {
  if (!hop || hop.list[hop.i] !== selected) return;
  hop.i = (hop.i + step + hop.list.length) % hop.list.length;
  show(hop.list[hop.i]);
}
function show(n) { select(n); if (!inView(n)) centre(n); cull(); }
function inView(n) {
  const sx = n.ax * view.k + view.x, sy = n.ay * view.k + view.y;
  return sx >= 0 && sy >= 0 && sx + n.w * view.k <= svg.clientWidth && sy + n.h * view.k <= svg.clientHeight;
}
window.addEventListener("keydown", ev => {
  if (ev.target === search || ev.ctrlKey || ev.metaKey) return;
  const W = svg.clientWidth, H = svg.clientHeight, step = 80;
  const k = ev.key;
  if (ev.altKey && (k === "ArrowDown" || k === "ArrowUp")) go(k === "ArrowDown" ? 1 : -1);
  else if (k === "ArrowLeft") { view.x += step; apply(); }
  else if (k === "ArrowRight") { view.x -= step; apply(); }
  else if (k === "ArrowUp") { view.y += step; apply(); }
  else if (k === "ArrowDown") { view.y -= step; apply(); }
  else if (k === "+" || k === "=") zoom(1.25, W / 2, H / 2);
  else if (k === "-" || k === "_") zoom(0.8, W / 2, H / 2);
  else if (k === "0") fit();
  else if (k === "1") home();
  else if (k === "/") search.focus();
  else if (k === "Enter" || k === "n") next(1);
  else if (k === "N") next(-1);
  else if (k === "j") go(1);
  else if (k === "k") go(-1);
  else if (k === "l") sibling(1);
  else if (k === "h") sibling(-1);
  else if (k === "e") { if (selected && selected.bodies) toggleBody(selected); }
  else if (k === "a") setAll(!showAll);
  else if (k === "?") help.hidden = !help.hidden;
  else if (k === "Escape") { help.hidden = true; search.value = ""; find(); select(null); }
  else return;
  ev.preventDefault();
});
document.getElementById("fit").addEventListener("click", fit);
window.addEventListener("resize", () => apply());
// (What tests and a notebook may ask of the page: the boxes laid out, the view.)
window.graphView = {boxes: () => items.length, redraw: () => cull(), panBy: (dx, dy) => { view.x += dx; view.y += dy; apply(); }, edges: () => edgeItems.length, view: () => ({...view}), key: () => selected && selected.key,
  showAll: on => setAll(on), open: key => { const n = items.find(m => m.key === key); if (n && n.bodies && !n.open) toggleBody(n); }};
relayout();
home();
cull();
window.graphView.ready = performance.now();
"""
