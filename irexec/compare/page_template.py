"""The accuracy pages' markup, style and script (irexec.compare.page fills them in): one page
frame, the parts each page adds, and the script both share (elements made with text content only,
never markup; a histogram's bars, each carrying its count)."""

PAGE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>/*TITLE*/</title>
<style>/*CSS*/</style></head><body>
<!--BODY-->
<script>
"use strict";
const DATA = /*DATA*/null;
/*SCRIPT*/
</script></body></html>
"""

CSS = r"""
body{margin:0 auto;max-width:1100px;padding:8px 16px;font:13px system-ui,sans-serif;color:#222}
h1{font-size:18px;margin:6px 0;word-break:break-all}h2{font-size:15px;margin:18px 0 6px}
table{border-collapse:collapse}td,th{border-top:1px solid #e2e2e8;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#f4f4f6;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.note{color:#666}.missing{color:#a05a00}
.verdict{margin:4px 0}.verdict b{word-break:break-all}
.bad{color:#b02a1e}.good{color:#227a35}
svg text{font-size:10px;fill:#444}
.axis{stroke:#bbb;stroke-width:1}.grid{stroke:#eee;stroke-width:1}
.tol{stroke:#d08a00;stroke-width:1.5;stroke-dasharray:6 3}
.bar.irexec{fill:#3566b8;fill-opacity:.55}.bar.device{fill:#d0552c;fill-opacity:.55}.bar.error{fill:#7b4bb0}.bar.samples{fill:#3566b8}
.legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 10px}
.counts span{display:inline-block;margin-right:18px;font-size:15px}
.card{display:inline-block;vertical-align:top;margin:0 12px 12px 0;padding:6px;border:1px solid #e2e2e8;border-radius:4px;max-width:360px;overflow-wrap:anywhere}
"""

ACCURACY_CSS = r"""
#plotbox{position:relative}
#plot{display:block;width:100%;height:auto;border:1px solid #e2e2e8;box-sizing:border-box;background:#fff;cursor:crosshair}
/* The cursors on a layer of their own: moving one repaints no polyline of thousands of points. */
#over{position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none;border:1px solid transparent;box-sizing:border-box}
.line{fill:none;stroke-width:1.2;stroke-linejoin:round}.line.max{stroke:#b02a1e}.line.mean{stroke:#3566b8}
.dots{fill:#b02a1e;stroke:none}.nonfinite{stroke:#000;stroke-width:1.5;fill:none}
.mark{stroke-width:2}.mark.first{stroke:#b02a1e}.mark.origin{stroke:#7b4bb0;stroke-dasharray:3 2}
.cursor{stroke:#000;stroke-width:1;opacity:.5}.cursor.sel{opacity:.9;stroke-width:1.5}
#tip{position:fixed;pointer-events:none;background:#fffbe6;border:1px solid #ccb;padding:3px 6px;display:none;max-width:520px;word-break:break-all;z-index:3}
#rows{position:relative;max-height:420px;overflow:auto;border:1px solid #e2e2e8}
#rows.tall{height:420px;contain:strict}  /* (a long table: moving the cursor lays out none of it) */
#rows tr.culprit td{background:#fde2e2}#rows tr.differs td{background:#fff3e8}
#rows tr.selected td{background:#d6e6ff}
#rows tbody tr,#departures tbody tr{cursor:pointer}
#detail{margin:6px 0;min-height:1em;word-break:break-all}
#graph{width:100%;height:640px;border:1px solid #ccc}
"""

ACCURACY_BODY = r"""<h1 id="title"></h1>
<div id="how" class="note"></div>
<div id="verdict"></div>
<section><h2>Relative error per layer, in execution order</h2>
<div class="legend note"><span style="background:#b02a1e"></span>max rel err<span style="background:#3566b8"></span>mean rel err<span style="background:#d08a00"></span>rtol
 — 0 is drawn on the floor, inf and NaN above the top; hover for a layer, click to select it</div>
<div id="plotbox"><svg id="plot" viewBox="0 0 1000 300" xmlns="http://www.w3.org/2000/svg"></svg>
<svg id="over" viewBox="0 0 1000 300" xmlns="http://www.w3.org/2000/svg"></svg></div>
<div id="tip"></div>
<div id="detail" class="note"></div>
<div id="rows"></div></section>
<section><h2>Departures, by effect</h2><div id="departures"></div></section>
<section><h2>The worst layers' tensors</h2><div id="worst"></div></section>
<!--GRAPH-->"""

DATASET_BODY = r"""<h1 id="title"></h1>
<div id="how" class="note"></div>
<div id="counts" class="counts"></div>
<section><h2>Per sample: the largest relative error of each output</h2><div id="outputs"></div></section>
<section><h2>Layer by layer on the worst sample</h2><div id="layers"></div></section>
<section><h2>Samples that differ or failed</h2><div id="failing"></div></section>"""

COMMON_JS = r"""
const NS = "http://www.w3.org/2000/svg";
function el(tag, attrs, parent, ns) {
  const e = ns ? document.createElementNS(NS, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}
function text(tag, content, parent, attrs) { const e = el(tag, attrs, parent); e.textContent = content; return e; }
function stext(content, parent, attrs) { const e = el("text", attrs, parent, true); e.textContent = content; return e; }
// A report's number: "inf", "-inf" and "nan" are how JSON holds the non-finite ones.
function num(v) {
  if (typeof v === "number") return v;
  if (v === "inf") return Infinity;
  if (v === "-inf") return -Infinity;
  return NaN;
}
function g4(v) {
  if (v === null || v === undefined) return "";
  const x = num(v);
  if (Number.isNaN(x)) return typeof v === "string" ? v : "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return String(x);
  const a = Math.abs(x), t = a < 1e-3 || a >= 1e6 ? x.toExponential(3) : x.toPrecision(4);
  return t.replace(/\.?0+(e|$)/, "$1");
}
function what(r) { return `'${r.layer}' (id ${r.layer_id}, ${r.type}) output ${r.output}`; }
function how(d) {
  return `on ${d.device} (precision ${d.precision || "default"}; floats: rtol ${g4(d.rtol)}, atol ${g4(d.atol)}; integers exactly)`;
}
function table(parent, heads) {
  const t = el("table", {}, parent), tr = el("tr", {}, el("thead", {}, t));
  for (const h of heads) text("th", h, tr);
  return el("tbody", {}, t);
}
function cells(tbody, values, numeric) {
  const tr = el("tr", {}, tbody);
  values.forEach((v, j) => text("td", v, tr, numeric && numeric[j] ? {class: "num"} : null));
  return tr;
}
// Bars of one or more histograms over the same edges, drawn side by side bin by bin (each bin the
// same width: the edges may be spaced in log10); each bar carries its count, its bin and a title.
function histogram(parent, edges, series, opts) {
  opts = opts || {};
  const W = 340, H = 140, L = 34, R = W - 8, T = 8, B = H - 34;
  const svg = el("svg", {width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: "hist", "data-edges": JSON.stringify(edges)}, parent, true);
  const n = Math.max(0, Math.min(edges.length - 1, ...series.map(s => s.counts.length)));
  let most = 0;
  for (const s of series) for (let j = 0; j < n; j++) most = Math.max(most, s.counts[j]);
  el("line", {x1: L, y1: B, x2: R, y2: B, class: "axis"}, svg, true);
  stext(String(most), svg, {x: 2, y: T + 8});
  stext("0", svg, {x: 2, y: B});
  if (!n) { stext("no values", svg, {x: L + 10, y: (T + B) / 2}); return svg; }
  const bw = (R - L) / n, sw = bw / series.length;
  series.forEach((s, k) => {
    const g = el("g", {class: "series " + s.cls}, svg, true);
    for (let j = 0; j < n; j++) {
      const c = s.counts[j], h = most ? c / most * (B - T) : 0;
      const x = series.length > 1 && !opts.overlay ? L + j * bw + k * sw : L + j * bw;
      const w = series.length > 1 && !opts.overlay ? sw : bw;
      const r = el("rect", {class: "bar " + s.cls, x: x.toFixed(3), y: (B - h).toFixed(3), width: Math.max(0.5, w - 0.5).toFixed(3), height: h.toFixed(3),
        "data-count": c, "data-lo": edges[j], "data-hi": edges[j + 1]}, g, true);
      const t = el("title", {}, r, true); t.textContent = `${s.label} [${g4(edges[j])}, ${g4(edges[j + 1])}): ${c}`;
    }
  });
  stext(g4(edges[0]), svg, {x: L, y: B + 12});
  stext(g4(edges[n]), svg, {x: R, y: B + 12, "text-anchor": "end"});
  if (opts.mark !== undefined && opts.mark > 0 && edges[0] > 0) {
    // (the edges are spaced evenly in log10: the mark's place among them)
    const a = Math.log10(edges[0]), b = Math.log10(edges[n]), x = L + (Math.log10(opts.mark) - a) / (b - a) * (R - L);
    if (x >= L && x <= R) {
      el("line", {x1: x.toFixed(3), y1: T - 4, x2: x.toFixed(3), y2: B, class: "tol"}, svg, true);
      stext(opts.markLabel || "", svg, {x: x, y: B + 22, "text-anchor": "middle", class: "tol-label"});
    }
  }
  return svg;
}
function header(title) {
  document.getElementById("title").textContent = title;
  document.getElementById("how").textContent = how(DATA);
}
"""

ACCURACY_JS = r"""
header(DATA.model);
const S = DATA.rows, n = S ? S.layer.length : 0, stepped = (DATA.steps || 1) > 1;
function row(i) { const r = {}; for (const k of Object.keys(S)) r[k] = S[k][i]; return r; }
function atStep(r) { return stepped ? ` at step ${r.step}` : ""; }
{
  const v = document.getElementById("verdict"), f = DATA.first, o = DATA.origin;
  const line = (cls, label, body) => { const d = el("div", {class: "verdict " + cls}, v); text("span", label, d); text("b", body, d); return d; };
  if (f) line("bad", "First departure: ", what(f) + atStep(f) + `, max rel err ${g4(f.max_rel)}, max abs err ${g4(f.max_abs)}`);
  else if (DATA.diverging) line("bad", "No layer departs on its own inputs: ", `${DATA.diverging} tensor(s) differ, the differences grow from ones within tolerance`);
  else line("good", "", DATA.complete === false ? "no departure found before the comparison stopped" : "every compared tensor agrees");
  if (o) {
    line("", "Origin: ", what(o) + atStep(o) + (o.max_rel !== undefined ? `, max rel err ${g4(o.max_rel)}` : ""));
    if (o.path && o.path.length) text("div", "path: " + o.path.join(" → "), v, {class: "note"});
  }
  text("div", `${DATA.compared} tensor(s) compared${DATA.skipped ? `, ${DATA.skipped} layer(s) skipped` : ""}` +
    (DATA.complete === false ? "; the comparison stopped at the first departure" : ""), v, {class: "note"});
}
const plot = document.getElementById("plot"), tip = document.getElementById("tip"), detail = document.getElementById("detail");
const PL = 64, PR = 985, PT = 26, PB = 270, TOP = PT - 14;
let lmin = -8, lmax = 0, trs = [], cursor = null, chosen = null, selected = -1;
function X(i) { return n > 1 ? PL + i * (PR - PL) / (n - 1) : (PL + PR) / 2; }
function Y(v) {
  if (!Number.isFinite(v)) return TOP;  // inf, NaN: above the top
  if (v <= 0) return PB;  // 0: on the floor
  const l = Math.min(lmax, Math.max(lmin, Math.log10(v)));
  return PB - (l - lmin) / (lmax - lmin) * (PB - PT);
}
function describe(i) {
  const r = row(i);
  return `${what(r)}${atStep(r)}: max rel err ${g4(r.max_rel)}, mean rel err ${g4(r.mean_rel)}, max abs err ${g4(r.max_abs)}, ` +
    `${r.mismatches} of ${r.size} differ` + (r.culprit ? " — departs here" : "") + (r.known ? " — a known departure" : "");
}
if (S) {
  const maxRel = S.max_rel.map(num), meanRel = S.mean_rel.map(num);
  let lo = Infinity, hi = -Infinity;
  for (const a of [maxRel, meanRel]) for (const v of a) if (v > 0 && Number.isFinite(v)) { const l = Math.log10(v); if (l < lo) lo = l; if (l > hi) hi = l; }
  const tol = num(DATA.rtol);
  if (tol > 0 && Number.isFinite(tol)) { lo = Math.min(lo, Math.log10(tol)); hi = Math.max(hi, Math.log10(tol)); }
  if (Number.isFinite(lo)) { lmin = Math.floor(lo) - 1; lmax = Math.max(Math.ceil(hi), lmin + 2); }
  Object.assign(plot.dataset, {lmin, lmax, top: PT, bottom: PB, left: PL, right: PR, above: TOP});
  const step = Math.max(1, Math.ceil((lmax - lmin) / 12));
  for (let d = lmin; d <= lmax; d += step) {
    const y = Y(10 ** d);
    el("line", {x1: PL, y1: y, x2: PR, y2: y, class: "grid"}, plot, true);
    stext(d === lmin ? "≤1e" + d + " · 0" : "1e" + d, plot, {x: PL - 4, y: y + 3, "text-anchor": "end"});
  }
  stext("inf · NaN", plot, {x: PL - 4, y: TOP + 3, "text-anchor": "end"});
  el("line", {x1: PL, y1: PB, x2: PR, y2: PB, class: "axis"}, plot, true);
  for (let i = 1; i < n; i++) if (S.step[i] !== S.step[i - 1]) {
    el("line", {x1: X(i), y1: TOP, x2: X(i), y2: PB, class: "axis"}, plot, true);
    stext("step " + S.step[i], plot, {x: X(i) + 3, y: PB + 12});
  }
  stext(`${n} tensor(s), in execution order`, plot, {x: (PL + PR) / 2, y: PB + 26, "text-anchor": "middle"});
  if (tol > 0 && Number.isFinite(tol)) {
    el("line", {x1: PL, y1: Y(tol).toFixed(3), x2: PR, y2: Y(tol).toFixed(3), class: "tol"}, plot, true);
    stext("rtol " + g4(tol), plot, {x: PR - 2, y: Y(tol) - 3, "text-anchor": "end"});
  }
  const pts = a => a.map((v, i) => X(i).toFixed(3) + "," + Y(v).toFixed(3)).join(" ");
  el("polyline", {points: pts(meanRel), class: "line mean"}, plot, true);
  el("polyline", {points: pts(maxRel), class: "line max"}, plot, true);
  // The tensors that differ, and the non-finite errors: one path each, however many.
  let dots = "", odd = "";
  for (let i = 0; i < n; i++) {
    const x = X(i).toFixed(2);
    if (S.mismatches[i] > 0) dots += `M${x},${Y(maxRel[i]).toFixed(2)}m-2.5,0a2.5,2.5 0 1,0 5,0a2.5,2.5 0 1,0 -5,0`;
    for (const v of [maxRel[i], meanRel[i]]) if (!Number.isFinite(v)) odd += `M${x},${TOP - 4}l-3,-4M${x},${TOP - 4}l3,-4`;
  }
  if (dots) el("path", {d: dots, class: "dots"}, plot, true);
  if (odd) el("path", {d: odd, class: "nonfinite"}, plot, true);
  for (const [at, cls, label] of [[DATA.first_at, "first", "first departure"], [DATA.origin_at, "origin", "origin"]]) {
    if (at === null || at === undefined) continue;
    el("line", {x1: X(at).toFixed(3), y1: TOP - 10, x2: X(at).toFixed(3), y2: PB, class: "mark " + cls, "data-index": at}, plot, true);
    stext(label, plot, {x: X(at) + 3, y: cls === "first" ? TOP - 2 : TOP + 10, class: "mark-label " + cls});
  }
  const over = document.getElementById("over");
  cursor = el("line", {x1: -10, y1: TOP, x2: -10, y2: PB, class: "cursor"}, over, true);
  chosen = el("line", {x1: -10, y1: TOP, x2: -10, y2: PB, class: "cursor sel"}, over, true);
  const at = ev => {
    const p = plot.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
    const q = p.matrixTransform(plot.getScreenCTM().inverse());
    return n > 1 ? Math.min(n - 1, Math.max(0, Math.round((q.x - PL) / (PR - PL) * (n - 1)))) : 0;
  };
  plot.addEventListener("mousemove", ev => {
    if (!n) return;
    const i = at(ev);
    cursor.setAttribute("x1", X(i)); cursor.setAttribute("x2", X(i));
    tip.textContent = describe(i); tip.dataset.index = i;
    tip.style.display = "block";
    tip.style.left = Math.min(ev.clientX + 14, window.innerWidth - 540) + "px"; tip.style.top = ev.clientY + 14 + "px";
  });
  plot.addEventListener("mouseleave", () => { tip.style.display = "none"; cursor.setAttribute("x1", -10); cursor.setAttribute("x2", -10); });
  plot.addEventListener("click", ev => { if (n) select(at(ev)); });
  // The table of every row (built at once; one listener for all of them).
  if (n > 20) document.getElementById("rows").classList.add("tall");
  const body = table(document.getElementById("rows"), ["#", "step", "layer", "id", "type", "output", "size", "differ", "max abs err", "max rel err", "mean rel err", ""]);
  const frag = document.createDocumentFragment(), numeric = [1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0];
  for (let i = 0; i < n; i++) {
    const tr = document.createElement("tr");
    tr.dataset.i = i;
    if (S.culprit[i]) tr.className = "culprit"; else if (S.mismatches[i] > 0) tr.className = "differs";
    const vals = [i, S.step[i], S.layer[i], S.layer_id[i], S.type[i], S.output[i], S.size[i], S.mismatches[i], g4(S.max_abs[i]), g4(S.max_rel[i]), g4(S.mean_rel[i]),
      (S.culprit[i] ? "departs" : "") + (S.known[i] ? " known" : "") + (i === DATA.origin_at ? " origin" : "")];
    for (let j = 0; j < vals.length; j++) { const td = document.createElement("td"); td.textContent = vals[j]; if (numeric[j]) td.className = "num"; tr.appendChild(td); }
    frag.appendChild(tr); trs.push(tr);
  }
  body.appendChild(frag);
  body.addEventListener("click", ev => { const tr = ev.target.closest("tr"); if (tr) select(+tr.dataset.i, true); });
} else {
  el("rect", {x: PL, y: PT, width: PR - PL, height: PB - PT, fill: "#fafafa"}, plot, true);
  stext("this report holds no per-layer rows ('layers'): nothing to plot", plot, {x: 500, y: 150, "text-anchor": "middle", class: "missing"});
  const rows = document.getElementById("rows");
  text("p", "The report holds no per-layer rows ('layers'); the tensors that differ:", rows, {class: "missing"});
  const body = table(rows, ["step", "layer", "id", "type", "output", "differ", "max abs err", "max rel err"]);
  for (const r of DATA.diverging_rows) cells(body, [r.step, r.layer, r.layer_id, r.type, r.output, `${r.mismatches} of ${r.size}`, g4(r.max_abs), g4(r.max_rel)], [1, 0, 0, 0, 1, 1, 1, 1]);
}
function select(i, fromTable) {
  if (i === null || i === undefined || i < 0 || i >= n) return;
  if (selected >= 0) trs[selected].classList.remove("selected");
  selected = i; trs[i].classList.add("selected");
  chosen.setAttribute("x1", X(i)); chosen.setAttribute("x2", X(i)); chosen.dataset.index = i;
  detail.textContent = describe(i); detail.dataset.index = i;
  if (!fromTable) {  // (the table scrolls to the row; the window stays where the plot is)
    const box = document.getElementById("rows"), top = trs[i].offsetTop;
    if (top < box.scrollTop + 24 || top > box.scrollTop + box.clientHeight - 24) box.scrollTop = top - box.clientHeight / 2;
  }
}
{
  const box = document.getElementById("departures"), D = DATA.departures;
  if (D === null) text("p", "This report holds no ranking of departures ('departures').", box, {class: "missing"});
  else if (!D.length) text("p", "No layer departs.", box, {class: "note"});
  else {
    const body = table(box, ["effect", "layer", "id", "type", "output", "step", "changes the outputs", "known", "note"]);
    D.forEach(d => {
      const tr = cells(body, [g4(d.effect), d.layer, d.layer_id, d.type, d.output, d.step,
        d.changes_outputs === null || d.changes_outputs === undefined ? "" : d.changes_outputs ? "yes" : "no",
        (d.known || []).join("; "), d.note || ""], [1, 0, 0, 0, 1, 1, 0, 0, 0]);
      if (d.at !== null && d.at !== undefined) { tr.dataset.i = d.at; tr.addEventListener("click", () => select(d.at)); }
    });
  }
}
{
  const box = document.getElementById("worst"), W = DATA.worst;
  if (W === null) text("p", "This report holds no tensors' histograms ('worst').", box, {class: "missing"});
  else if (!W.length) text("p", "No tensor differs.", box, {class: "note"});
  for (const w of W || []) {
    const card = el("div", {class: "card worst"}, box);
    text("b", what(w) + atStep(w), card);
    text("div", `max rel err ${g4(w.max_rel)}, max abs err ${g4(w.max_abs)}`, card, {class: "note"});
    const legend = el("div", {class: "legend note"}, card);
    el("span", {style: "background:#3566b8"}, legend); legend.append("irexec");
    el("span", {style: "background:#d0552c"}, legend); legend.append("device (values)");
    if (w.irexec && w.device) histogram(card, w.irexec.edges, [{counts: w.irexec.counts, cls: "irexec", label: "irexec"}, {counts: w.device.counts, cls: "device", label: "device"}], {overlay: true});
    text("div", "|device − irexec|", card, {class: "note"});
    if (w.error) histogram(card, w.error.edges, [{counts: w.error.counts, cls: "error", label: "error"}]);
    if (w.at !== null && w.at !== undefined) card.addEventListener("click", () => select(w.at));
  }
}
"""

DATASET_JS = r"""
header(DATA.model);
{
  const c = document.getElementById("counts"), v = x => x === null || x === undefined ? "?" : x;
  text("span", `${v(DATA.samples)} sample(s)`, c);
  text("span", `${v(DATA.agree)} agree`, c, {class: "good", id: "agree"});
  text("span", `${v(DATA.differ)} differ`, c, {class: DATA.differ ? "bad" : "", id: "differ"});
  text("span", `${v(DATA.failed)} failed`, c, {class: DATA.failed ? "bad" : "", id: "failed"});
  if (DATA.worst_sample !== null && DATA.worst_sample !== undefined) text("div", `the worst sample: '${DATA.worst_sample}'`, c, {class: "note"});
}
{
  const box = document.getElementById("outputs"), H = DATA.histograms;
  if (H === null) text("p", "This report holds no per-sample errors ('per_sample').", box, {class: "missing"});
  for (const [name, h] of Object.entries(H || {})) {
    const card = el("div", {class: "card output"}, box);
    card.dataset.output = name;
    text("b", `output '${name}'`, card);
    const o = DATA.outputs[name];
    if (o && o.max_rel !== undefined) text("div", `max rel err ${g4(o.max_rel)}, max abs err ${g4(o.max_abs)}; ${o.differing_samples} sample(s) differ`, card, {class: "note"});
    histogram(card, h.edges, [{counts: h.counts, cls: "samples", label: "samples"}], {mark: num(DATA.rtol), markLabel: "rtol " + g4(DATA.rtol)});
    const extra = [h.zero ? `${h.zero} with error 0` : "", h.nonfinite ? `${h.nonfinite} inf or NaN` : "", h.shape ? `${h.shape} of another shape` : ""].filter(Boolean);
    if (extra.length) text("div", "not in the bars: " + extra.join(", "), card, {class: "note extra"});
    if (h.worst.length) {
      text("div", "the worst samples:", card, {class: "note"});
      const body = table(card, ["sample", "max rel err", "max abs err"]);
      for (const w of h.worst) cells(body, [w.sample, g4(w.max_rel), g4(w.max_abs)], [0, 1, 1]);
    }
  }
}
{
  const box = document.getElementById("layers"), L = DATA.layers;
  if (!L) text("p", "Not compared layer by layer (every sample agrees, or --no-layers).", box, {class: "note"});
  else {
    text("div", `on sample '${L.sample}'`, box, {class: "note"});
    const r = L.first || L.first_differing;
    if (L.error) text("p", "not compared: " + L.error, box, {class: "missing"});
    else if (!r) text("p", "no intermediate tensor differs once exposed", box);
    else {
      const d = el("div", {class: "verdict bad"}, box);
      text("span", L.first ? "First departure: " : "First tensor that differs (no layer departs on its own inputs): ", d);
      text("b", what(r), d);
      const body = table(box, ["differ", "max abs err", "max rel err", "first at", "irexec", "device", "known"]);
      cells(body, [`${r.mismatches} of ${r.size}`, g4(r.max_abs), g4(r.max_rel), r.first_index ? "[" + r.first_index.join(", ") + "]" : (r.shape_note || ""),
        r.irexec_value || "", r.device_value || "", (r.known || []).join("; ")], [1, 1, 1, 0, 1, 1, 0]);
    }
  }
}
{
  const box = document.getElementById("failing"), F = DATA.failing;
  if (!F.length) text("p", "none", box, {class: "note"});
  else {
    const body = table(box, ["sample", "status", "why"]);
    for (const f of F) cells(body, [f.sample, f.status, f.error || ""]);
    if (F.length < DATA.failing_total) text("p", `... and ${DATA.failing_total - F.length} more`, box, {class: "note"});
  }
}
"""
