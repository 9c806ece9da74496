"""The page's script, its first part: the data linked up, the boxes placed (rows from the data's
ranks; in each row under the first input already placed, so that a model's main line runs straight
down), only what is in view drawn (a 5,000-layer graph pans as a small one; text hidden when zoomed
far out), and the minimap."""

DRAWING = r""""use strict";
const DATA = /*DATA*/null;
const NS = "http://www.w3.org/2000/svg";
const svg = document.getElementById("view"), world = document.getElementById("world");
const layers = {frames: document.getElementById("frames"), edges: document.getElementById("edges"), nodes: document.getElementById("nodes")};
const GX = 28, GY = 46, LINE = 14, PAD = 12, MAXW = 3;
let view = {x: 0, y: 0, k: 1}, showAll = false, selected = null, items = [], edgeItems = [], size = {w: 0, h: 0};
function el(tag, attrs, parent, ns) {
  const e = ns ? document.createElementNS(NS, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}
function text(tag, content, parent) { const e = el(tag, {}, parent); e.textContent = content; return e; }
function stext(content, attrs, parent) { const e = el("text", attrs, parent, true); e.textContent = content; return e; }

// ---- the graphs: links, and errors' colours ----
let errLo = Infinity, errHi = -Infinity, total = 0;
function prep(G, prefix, parent) {
  G.parent = parent;
  for (const n of G.nodes) {
    n.key = prefix + n.id; n.G = G; n.open = false; n.ins = []; n.outs = []; total++;
    if (n.err && n.err.max_rel > 0) { const l = Math.log10(n.err.max_rel); errLo = Math.min(errLo, l); errHi = Math.max(errHi, l); }
    if (n.bodies) for (const b of n.bodies) prep(b.graph, n.key + "/" + b.name + "/", n);
  }
  for (const [a, b, label] of G.edges) { G.nodes[a].outs.push({n: G.nodes[b], label}); G.nodes[b].ins.push({n: G.nodes[a], label}); }
}
prep(DATA, "", null);
errLo = Math.floor(errLo); errHi = Math.max(Math.ceil(errHi), errLo + 1);
function errColour(e) {
  const t = e.max_rel > 0 ? Math.min(1, Math.max(0, (Math.log10(e.max_rel) - errLo) / (errHi - errLo))) : 0;
  return `hsl(${(120 * (1 - t)).toFixed(1)},75%,78%)`;
}
if (DATA.errors) {
  document.getElementById("legend").hidden = false;
  document.getElementById("lo").textContent = "1e" + errLo; document.getElementById("hi").textContent = "1e" + errHi;
}
document.getElementById("title").textContent = DATA.title + " — " + DATA.nodes.length + " layers";
document.title = DATA.title + " — irexec";

// ---- layout: rows from the ranks, each box where what feeds it sits ----
const shown = n => showAll || !n.hid;
function lines(n) {
  const L = [n.label, n.type + (n.v ? "-" + n.v : "")];
  if (!showAll && n.weights) {
    for (const w of n.weights.slice(0, MAXW)) L.push(w.label);
    if (n.weights.length > MAXW) L.push("+" + (n.weights.length - MAXW) + " more");
  }
  return L;
}
function hist(n) { const o = n.outputs[0]; return o && o.stats && o.stats.hist ? o.stats.hist : null; }
function measure(n) {
  n.lines = lines(n);
  const long = Math.max(...n.lines.map(s => s.length));
  n.w = Math.max(100, 7 * long + 24 + (n.bodies ? 22 : 0));
  n.head = 8 + LINE * n.lines.length + (hist(n) ? 12 : 0);
  n.h = n.head;
  if (n.open) {
    let x = PAD, h = 0;
    for (const b of n.bodies) {
      const s = place(b.graph);
      b.x = x; b.y = n.head + 18; b.w = s.w + 2 * PAD; b.h = s.h + 2 * PAD;
      x += b.w + PAD; h = Math.max(h, b.h);
    }
    n.w = Math.max(n.w, x); n.h = n.head + 18 + h + PAD;
  }
}
function place(G) {
  const rows = new Map(), key = showAll ? "ru" : "r";
  for (const n of G.nodes) {
    n.placed = false;
    if (!shown(n)) continue;
    measure(n);
    if (!rows.has(n[key])) rows.set(n[key], []);
    rows.get(n[key]).push(n);
  }
  let y = 0, minX = Infinity, maxX = -Infinity;
  for (const r of [...rows.keys()].sort((a, b) => a - b)) {
    const row = rows.get(r);
    for (const n of row) {
      // Under its first placed input (the data's way in, mostly: a model's main line runs
      // straight down); a box with none under the other inputs of what it feeds.
      const first = n.ins.find(e => e.n.placed);
      const xs = first ? [first.n.x + first.n.w / 2] : [];
      if (!xs.length) for (const c of n.outs) for (const e of c.n.ins) if (e.n.placed) xs.push(e.n.x + e.n.w / 2);
      n.want = xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
    }
    const wanted = row.filter(n => n.want !== null).sort((a, b) => a.want - b.want);
    let right = -Infinity, h = 0;
    for (const n of [...wanted, ...row.filter(n => n.want === null)]) {
      n.x = n.want === null ? (right === -Infinity ? 0 : right + GX) : Math.max(n.want - n.w / 2, right + GX);
      n.y = y; right = n.x + n.w; h = Math.max(h, n.h); n.placed = true;
      minX = Math.min(minX, n.x); maxX = Math.max(maxX, right);
    }
    y += h + GY;
  }
  if (minX === Infinity) return {w: 100, h: 20};
  for (const n of G.nodes) if (n.placed) n.x -= minX;
  return {w: maxX - minX, h: Math.max(20, y - GY)};
}
function collect(G, ox, oy) {
  for (const n of G.nodes) {
    if (!n.placed) continue;
    n.ax = ox + n.x; n.ay = oy + n.y;
    items.push(n);
    if (n.open) for (const b of n.bodies) collect(b.graph, n.ax + b.x + PAD, n.ay + b.y + PAD);
  }
  for (const m of G.nodes) {  // (each input's edge ends at its own place along the box's top)
    if (!m.placed) continue;
    const ins = m.ins.filter(e => e.n.placed);
    for (const [j, e] of ins.entries()) {
      const n = e.n;
      const x1 = n.ax + n.w / 2, y1 = n.ay + n.h, x2 = m.ax + m.w * (j + 1) / (ins.length + 1), y2 = m.ay;
      edgeItems.push({x1, y1, x2, y2, label: e.label, minx: Math.min(x1, x2), maxx: Math.max(x1, x2), miny: Math.min(y1, y2), maxy: Math.max(y1, y2)});
    }
  }
}
function relayout() {
  for (const it of items) if (it.el) { it.el.remove(); it.el = null; }
  for (const it of edgeItems) if (it.el) it.el.remove();
  items = []; edgeItems = [];
  size = place(DATA);
  collect(DATA, 0, 0);
  drawMini();
}

// ---- drawing what is in view ----
function drawNode(n) {
  const sev = n.findings.some(f => f.severity === "error") ? " error" : n.findings.length ? " warning" : "";
  const g = el("g", {class: (n.open ? "frame " : "node ") + n.type.replace(/[^A-Za-z0-9]/g, "") + sev, transform: `translate(${n.ax},${n.ay})`, "data-key": n.key}, null, true);
  if (n.err && n.err.first) g.classList.add("first");
  if (n === selected) g.classList.add("selected");
  if (n.match) g.classList.add("match");
  const r = el("rect", {class: "box", width: n.w, height: n.h, rx: 5}, g, true);
  if (n.err && !n.open) r.style.fill = errColour(n.err);
  n.lines.forEach((s, i) => stext(s, {x: 8, y: 16 + LINE * i, class: i === 0 ? "label" : i === 1 ? "type" : "w"}, g));
  const hs = hist(n);
  if (hs) {
    const top = Math.max(...hs.counts, 1), y0 = n.head - 4, step = (n.w - 16) / hs.counts.length;
    el("polyline", {class: "spark", points: hs.counts.map((c, i) => `${(8 + step * (i + 0.5)).toFixed(1)},${(y0 - 9 * c / top).toFixed(1)}`).join(" ")}, g, true);
  }
  if (n.bodies) {
    const t = el("g", {class: "toggle", transform: `translate(${n.w - 20},4)`}, g, true);
    el("rect", {width: 16, height: 16, rx: 3}, t, true);
    stext(n.open ? "−" : "+", {x: 4, y: 12}, t);
    t.addEventListener("click", ev => { ev.stopPropagation(); toggleBody(n); });
    t.addEventListener("pointerdown", ev => ev.stopPropagation());
    if (n.open) for (const b of n.bodies) {
      el("rect", {class: "body", x: b.x, y: b.y, width: b.w, height: b.h, rx: 4}, g, true);
      stext(b.name, {x: b.x + 4, y: b.y - 5, class: "cap"}, g);
    }
  }
  g.addEventListener("click", ev => { ev.stopPropagation(); select(n); });
  return g;
}
let pending = false;
function cull() {
  pending = false;
  const W = svg.clientWidth, H = svg.clientHeight, m = 150 / view.k;
  const x0 = -view.x / view.k - m, y0 = -view.y / view.k - m, x1 = x0 + W / view.k + 2 * m, y1 = y0 + H / view.k + 2 * m;
  for (const n of items) {
    const inside = n.ax < x1 && n.ax + n.w > x0 && n.ay < y1 && n.ay + n.h > y0;
    if (inside && !n.el) { n.el = drawNode(n); (n.open ? layers.frames : layers.nodes).appendChild(n.el); }
    else if (!inside && n.el) { n.el.remove(); n.el = null; }
  }
  for (const e of edgeItems) {
    const inside = e.minx < x1 && e.maxx > x0 && e.miny < y1 && e.maxy > y0;
    if (inside && !e.el) {
      if (!e.path) {
        const m2 = (e.y1 + e.y2) / 2;
        e.path = el("path", {d: `M${e.x1},${e.y1} C${e.x1},${m2} ${e.x2},${m2} ${e.x2},${e.y2}`, class: "edge"}, null, true);
        text("title", e.label, e.path);
      }
      e.el = layers.edges.appendChild(e.path);
    } else if (!inside && e.el) { e.el.remove(); e.el = null; }
  }
  svg.classList.toggle("far", view.k < 0.35);
  drawMiniRect();
}
function apply() {
  world.setAttribute("transform", `translate(${view.x},${view.y}) scale(${view.k})`);
  if (!pending) { pending = true; requestAnimationFrame(cull); }
}

// ---- the minimap ----
const mini = document.getElementById("mini"), mmrect = document.getElementById("mmrect"), MW = 200, MH = 150;
let ms = 1, mx = 0, my = 0;
function drawMini() {
  const c = mini.getContext("2d");
  ms = Math.min(MW / (size.w + 40), MH / (size.h + 40)); mx = (MW - size.w * ms) / 2; my = (MH - size.h * ms) / 2;
  c.clearRect(0, 0, MW, MH);
  for (const n of items) {
    c.fillStyle = n.err ? errColour(n.err) : n.open ? "#dde4f2" : n.type === "Parameter" || n.type === "Result" ? "#4b9a5a" : "#5a7bb5";
    c.fillRect(mx + n.ax * ms, my + n.ay * ms, Math.max(1, n.w * ms), Math.max(1, n.h * ms));
  }
}
function drawMiniRect() {
  const W = svg.clientWidth, H = svg.clientHeight;
  const x0 = -view.x / view.k, y0 = -view.y / view.k;
  const l = Math.max(0, mx + x0 * ms), t = Math.max(0, my + y0 * ms);
  const r = Math.min(MW, mx + (x0 + W / view.k) * ms), b = Math.min(MH, my + (y0 + H / view.k) * ms);
  Object.assign(mmrect.style, {left: l + "px", top: t + "px", width: Math.max(2, r - l) + "px", height: Math.max(2, b - t) + "px"});
}
function miniMove(ev) {
  const r = mini.getBoundingClientRect();
  const wx = (ev.clientX - r.left - mx) / ms, wy = (ev.clientY - r.top - my) / ms;
  view.x = svg.clientWidth / 2 - wx * view.k; view.y = svg.clientHeight / 2 - wy * view.k; apply();
}
let miniDrag = false;
const minimap = document.getElementById("minimap");
minimap.addEventListener("pointerdown", ev => { ev.stopPropagation(); miniDrag = true; miniMove(ev); });
window.addEventListener("pointermove", ev => { if (miniDrag) miniMove(ev); });
window.addEventListener("pointerup", () => { miniDrag = false; });

"""
