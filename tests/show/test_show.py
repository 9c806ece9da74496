"""`irexec show`: the summary checked against the XML itself, the JSON schema, the DOT graph (every
layer and edge, findings highlighted, hostile names escaped), Graphviz present or missing, exit
statuses and atomic outputs."""

import html as htmllib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter

import pytest
from click.testing import CliRunner
from lxml import etree

from helpers.irtext import add_model, layer, net, param, port, result, write
from irexec.cli import cli
from irexec.show import summary as showmod
from irexec.show.dot import to_dot

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = {
    name: os.path.join(ROOT, "models", name + ".xml") for name in ("kv_cache_update", "row_assign", "packed_weights")
}
DOT = shutil.which("dot")
needs_graphviz = pytest.mark.skipif(DOT is None, reason="Graphviz's dot is not installed")


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def xml_facts(path):
    """What the file says, read with plain lxml: independent of irexec's reader."""
    root = etree.parse(path).getroot()
    layers = root.find("layers").findall("layer")
    consts = [lay for lay in layers if lay.get("type") == "Const"]
    return {
        "name": root.get("name"),
        "ir_version": int(root.get("version")),
        "layers": len(layers),
        "edges": len(root.find("edges").findall("edge")),
        "ops": Counter((lay.get("type"), lay.get("version")) for lay in layers),
        "params": [lay.get("name") for lay in layers if lay.get("type") == "Parameter"],
        "results": [lay for lay in layers if lay.get("type") == "Result"],
        "const_count": len(consts),
        "const_bytes": sum(int(c.find("data").get("size")) for c in consts),
        "const_sizes": sorted((int(c.find("data").get("size")) for c in consts), reverse=True),
        "by_id": {lay.get("id"): lay for lay in layers},
        "edge_list": [
            (e.get("from-layer"), e.get("from-port"), e.get("to-layer"), e.get("to-port"))
            for e in root.find("edges").findall("edge")
        ],
    }


def summary(path):
    r = invoke("show", path, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def dot_text(path, *extra):
    r = invoke("show", path, "--dot", "-", *extra)
    assert r.exit_code == 0, r.output
    return r.stdout


def broken_model(tmp_path, name="add"):
    """x + y declared [2,4] where the inputs make [2,3]: an S001 on the Add layer (id 2)."""
    shape = (2, 3)
    xml = net(
        [
            param(0, "x", shape),
            param(1, "y", shape),
            layer(
                2,
                "Add",
                inputs=[port(0, "f32", shape), port(1, "f32", shape)],
                outputs=[port(2, "f32", (2, 4), "z")],
                name=name,
            ),
            result(3, "f32", (2, 4)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    return write(tmp_path, xml)


# ---- the summary -------------------------------------------------------------------------------------


@pytest.mark.parametrize("model", sorted(MODELS))
def test_summary_figures_match_the_xml(model):
    path = MODELS[model]
    want, got = xml_facts(path), summary(path)
    assert (got["name"], got["ir_version"]) == (want["name"], want["ir_version"])
    assert (got["layers"], got["edges"]) == (want["layers"], want["edges"])
    assert Counter({(o["type"], o["version"]): o["count"] for o in got["ops"]}) == want["ops"]
    assert sum(o["count"] for o in got["ops"]) == want["layers"]
    counts = [o["count"] for o in got["ops"]]
    assert counts == sorted(counts, reverse=True)
    assert [i["name"] for i in got["inputs"]] == want["params"]
    assert len(got["outputs"]) == len(want["results"])
    assert got["constants"]["count"] == want["const_count"]
    assert got["constants"]["bytes"] == want["const_bytes"]
    assert [c["bytes"] for c in got["constants"]["largest"]] == want["const_sizes"][: showmod.LARGEST_CONSTANTS]
    assert got["lint"] == {"errors": 0, "warnings": 0, "findings": []}


@pytest.mark.parametrize("model", sorted(MODELS))
def test_input_and_output_shapes_and_types_are_the_declared_ones(model):
    path = MODELS[model]
    want, got = xml_facts(path), summary(path)
    for info in got["inputs"]:
        data = want["by_id"][info["layer_id"]].find("data")
        dims = [int(d) for d in data.get("shape").split(",")] if data.get("shape") else []
        assert info["dims"] == dims and info["shape"] == "[" + ",".join(map(str, dims)) + "]"
        assert info["element_type"] == data.get("element_type")
    for info in got["outputs"]:
        port_el = want["by_id"][info["layer_id"]].find("input/port")
        assert info["dims"] == [int(d.text) for d in port_el.findall("dim")]
        assert info["element_type"] == {"FP32": "f32", "I64": "i64"}[port_el.get("precision")]


def test_text_summary_of_kv_cache_update():
    r = invoke("show", MODELS["kv_cache_update"])
    assert r.exit_code == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["model", "kv_cache_update"]
    assert ["layers", "6", "(5", "edges)"] in [ln.split() for ln in lines]
    assert ["constants", "2", "(24", "bytes)"] in [ln.split() for ln in lines]
    assert ["lint", "no", "findings"] in [ln.split() for ln in lines]
    assert ["ScatterUpdate", "opset3", "1"] in [ln.split() for ln in lines]
    assert ["cache", "[2,8,4]", "f32", "cache"] in [ln.split() for ln in lines]
    assert ["updated_cache", "[2,8,4]", "f32", "updated_cache"] in [ln.split() for ln in lines]
    firsts = [(ln.split() or [""])[0] for ln in lines]
    assert lines.index("largest constants  shape  type  bytes") < firsts.index("positions") < firsts.index("axis")


def test_an_output_without_tensor_names_is_named_by_its_result(tmp_path):
    xml = net([param(0, "x", (3,)), layer(1, "Result", inputs=[port(0, "f32", (3,))], name="out")], [(0, 0, 1, 0)])
    xml = xml.replace(' names="x"', "")
    got = summary(write(tmp_path, xml))
    assert got["outputs"][0]["name"] == "out" and got["outputs"][0]["tensor_names"] == []
    assert got["inputs"][0]["tensor_names"] == []


def test_dynamic_dims_in_the_summary(tmp_path):
    got = summary(write(tmp_path, add_model(shape=("?", 3))))
    assert got["inputs"][0]["shape"] == "[?,3]" and got["inputs"][0]["dims"] == ["?", 3]
    assert got["outputs"][0]["shape"] == "[?,3]"


JSON_KEYS = {
    "schema_version",
    "file",
    "name",
    "ir_version",
    "layers",
    "edges",
    "ops",
    "inputs",
    "outputs",
    "constants",
    "lint",
    "graph",
}
TENSOR_KEYS = {"name", "tensor_names", "element_type", "shape", "dims", "layer_id"}


def test_json_schema(tmp_path):
    got = summary(broken_model(tmp_path))
    assert set(got) == JSON_KEYS and got["schema_version"] == 1
    assert all(set(o) == {"type", "version", "count"} for o in got["ops"])
    assert all(set(t) == TENSOR_KEYS for t in got["inputs"] + got["outputs"])
    assert set(got["constants"]) == {"count", "bytes", "largest"}
    assert set(got["lint"]) == {"errors", "warnings", "findings"}
    finding = got["lint"]["findings"][0]
    assert {"code", "message", "severity", "line", "layer_id", "layer_name", "layer_type", "port"} <= set(finding)
    consts = summary(MODELS["packed_weights"])["constants"]["largest"]
    assert all(set(c) == {"name", "layer_id", "element_type", "shape", "bytes"} for c in consts)
    assert [c["element_type"] for c in consts][:2] in (["f16", "bf16"], ["bf16", "f16"])


def test_schema_keys_are_the_documented_ones():
    with open(os.path.join(ROOT, "docs", "show.md"), encoding="utf-8") as f:
        doc = f.read()
    for key in JSON_KEYS | TENSOR_KEYS:
        assert f"`{key}`" in doc, key


# ---- a model with findings ------------------------------------------------------------------------


def test_a_broken_model_is_shown_with_its_findings(tmp_path):
    path = broken_model(tmp_path)
    r = invoke("show", path)
    assert r.exit_code == 0, r.output
    assert ["lint", "1", "error,", "0", "warnings"] in [ln.split() for ln in r.stdout.splitlines()]
    assert re.search(r"S001 .*\[layer 'add' \(2\), Add\]", r.stdout)
    got = summary(path)
    assert got["lint"]["errors"] == 1 and got["lint"]["findings"][0]["layer_id"] == "2"


def node_line(dot: str, node: str) -> str:
    lines = [ln for ln in dot.splitlines() if re.match(rf"\s*{node} \[", ln)]
    assert len(lines) == 1, dot
    return lines[0]


def test_the_broken_layer_is_highlighted_in_the_dot(tmp_path):
    dot = dot_text(broken_model(tmp_path))
    check_dot_syntax(dot)
    bad = node_line(dot, "L2")
    assert 'fillcolor="#ffe0e0"' in bad and 'color="#c00000"' in bad and "S001" in bad
    assert re.search(r'tooltip="[^"]*\\nS001 ', bad)
    for ok in ("L0", "L1", "L3"):
        assert "#c00000" not in node_line(dot, ok) and "S001" not in node_line(dot, ok)
    # The edge out of it carries the inferred shape, and what the file declares.
    assert re.search(r'L2 -> L3 \[label="\[2,3\] f32\\ndeclared \[2,4\] f32"', dot)
    assert "1 error, 0 warnings" in dot


def test_a_warning_is_amber(tmp_path):
    # A Parameter nothing reads: G009, a warning.
    xml = net([param(0, "x", (3,)), param(1, "unused", (3,)), result(2, "f32", (3,))], [(0, 0, 2, 0)])
    dot = dot_text(write(tmp_path, xml))
    assert 'fillcolor="#fff3d0"' in node_line(dot, "L1") and "G009" in node_line(dot, "L1")
    assert "#fff3d0" not in node_line(dot, "L0")


# ---- the DOT -------------------------------------------------------------------------------------

_NODE = re.compile(r'^  (L\w+|X\d+) \[label=<(.*)>, tooltip="((?:[^"\\]|\\.)*)"(?:, \w+="?[#\w.,]+"?)*\];$')
_EDGE = re.compile(
    r'^  (L\w+|X\d+) -> (L\w+|X\d+) \[label="((?:[^"\\]|\\.)*)"(?:, headlabel="\d+")?'
    r'(?:, \w+="[#\w]+")*\];$'
)
_TAGS = re.compile(r"<(/?B|BR/|/FONT|FONT(?: POINT-SIZE=\"\d+\")?(?: COLOR=\"#\w+\")?)>")


def check_dot_syntax(dot: str) -> tuple:
    """Every line is a header line, a node or an edge of the expected forms; HTML labels hold only
    the tags irexec writes. Returns the node and edge matches."""
    lines = dot.splitlines()
    assert re.fullmatch(r'digraph "(?:[^"\\]|\\.)*" \{', lines[0]) and lines[-1] == "}"
    assert lines[1].startswith("  graph [label=<") and lines[2].startswith("  node [")
    nodes, edges = [], []
    for ln in lines[4:-1]:
        m = _NODE.match(ln) or _EDGE.match(ln)
        assert m, ln
        if m.re is _NODE:
            assert "<" not in _TAGS.sub("", m.group(2)) and ">" not in _TAGS.sub("", m.group(2)), ln
            nodes.append(m)
        else:
            edges.append(m)
    return nodes, edges


@pytest.mark.parametrize("model", sorted(MODELS))
def test_every_layer_is_a_node_and_every_edge_an_edge_with_its_shape(model):
    path = MODELS[model]
    want, dot = xml_facts(path), dot_text(path)
    nodes, edges = check_dot_syntax(dot)
    assert sorted(m.group(1) for m in nodes) == sorted(f"L{lid}" for lid in want["by_id"])
    for m in nodes:
        lay = want["by_id"][m.group(1)[1:]]
        assert f"<B>{lay.get('type')}</B>" in m.group(2) and lay.get("name") in m.group(2)
    got_edges = Counter((m.group(1), m.group(2), m.group(3)) for m in edges)
    want_edges = Counter()
    for src, sp, dst, _dp in want["edge_list"]:
        out = next(p for p in want["by_id"][src].find("output") if p.get("id") == sp)
        shape = "[" + ",".join(d.text for d in out.findall("dim")) + "]"
        etype = {
            "FP32": "f32",
            "I64": "i64",
            "I4": "i4",
            "U4": "u4",
            "U1": "u1",
            "FP16": "f16",
            "BF16": "bf16",
            "BOOL": "boolean",
            "BIN": "u1",
        }[out.get("precision")]
        want_edges[(f"L{src}", f"L{dst}", f"{shape} {etype}")] += 1
    assert got_edges == want_edges


def test_input_index_on_edges_into_multi_input_layers():
    dot = dot_text(MODELS["kv_cache_update"])
    # ScatterUpdate's inputs: data 0, indices 1, updates 2, axis 3 (port ids as in the file).
    assert re.search(r'L1 -> L4 \[label="\[2,2,4\] f32", headlabel="2"\]', dot)
    assert re.search(r'L3 -> L4 \[label="\[\] i64", headlabel="3"\]', dot)
    assert "headlabel" not in next(ln for ln in dot.splitlines() if "L4 -> L5" in ln)


@needs_graphviz
@pytest.mark.parametrize("model", sorted(MODELS))
def test_graphviz_reads_the_dot(model, tmp_path):
    dot = dot_text(MODELS[model])
    canon = subprocess.run([DOT, "-Tcanon"], input=dot, capture_output=True, text=True, timeout=60)
    assert canon.returncode == 0 and canon.stderr == "", canon.stderr
    want = xml_facts(MODELS[model])
    assert len(re.findall(r"^\s+\w+ -> \w+", canon.stdout, re.M)) == want["edges"]


def tokens(text: str) -> list:
    """DOT tokens: IDs, quoted strings, HTML strings (with nested <>), and punctuation."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c == '"':
            m = re.compile(r'"(?:[^"\\]|\\.)*"', re.S).match(text, i)
            assert m, text[i:]
            out.append(m.group())
            i = m.end()
        elif c == "<":
            depth, j = 0, i
            while True:
                depth += {"<": 1, ">": -1}.get(text[j], 0)
                j += 1
                if depth == 0:
                    break
            out.append(text[i:j])
            i = j
        elif c in "[]=,;{}":
            out.append(c)
            i += 1
        else:
            m = re.compile(r"[-\w.#>]+").match(text, i)
            assert m, text[i:]
            out.append(m.group())
            i = m.end()
    return out


def attrs_of(statement: str) -> dict:
    """The attributes of one node statement ``ID [k=v, ...];``."""
    toks = tokens(statement)
    assert toks[1] == "[" and toks[-2:] in (["]", ";"], ["]"]), toks
    body, attrs = toks[2 : toks.index("]", len(toks) - 2)], {}
    while body:
        key, eq, value, *body = body
        assert eq == "=", (key, eq, value)
        attrs[key] = value
        if body and body[0] in ",;":
            body = body[1:]
    return attrs


HOSTILE = 'a"b\\c\nd<b>]f, color=red, label="x" \\N &amp; \\'


def hostile_model(tmp_path):
    attr = HOSTILE.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace("\n", "&#10;")
    shape = (2,)
    xml = net(
        [
            param(0, "x", shape),
            param(1, "y", shape),
            layer(
                2,
                "Add",
                inputs=[port(0, "f32", shape), port(1, "f32", shape)],
                outputs=[port(2, "f32", (3,), "z")],
                name=attr,
            ),
            result(3, "f32", (3,)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
        name=attr,
    )
    # A layer id with quotes and brackets too (edges name it the same way).
    xml = xml.replace('<layer id="1"', '<layer id="1&quot;]"').replace('from-layer="1"', 'from-layer="1&quot;]"')
    return write(tmp_path, xml)


def test_hostile_names_are_escaped(tmp_path):
    path = hostile_model(tmp_path)
    dot = dot_text(path)
    nodes, edges = check_dot_syntax(dot)
    assert len(nodes) == 4 and len(edges) == 3
    assert "X0 -> L2" in dot  # the odd layer id is not written as an identifier
    visible = showmod.printable(HOSTILE)  # the newline shown as \n, like in messages
    assert "\n" in HOSTILE and "\n" not in visible
    label = node_line(dot, "L2")
    text = _NODE.match(label).group(2)
    # Each backslash (the file's, and that of the newline's escape) written as a literal one: \\.
    drawn = showmod.printable(HOSTILE).replace("\\", "\\\\")
    assert not re.search(r"(?<!\\)(\\\\)*\\[NGLEHTnlr]", text)  # (no escape left for Graphviz to expand)
    assert "<BR/>" + htmllib.escape(drawn, quote=True) + "<BR/>" in text
    assert set(attrs_of(label)) == {"label", "tooltip", "color", "fillcolor", "penwidth"}
    assert attrs_of(label)["color"] == '"#c00000"'
    assert "S001" in label  # still highlighted
    r = invoke("show", path)
    assert r.exit_code == 0 and visible in r.stdout and "\nd<b>" not in r.stdout


@needs_graphviz
def test_hostile_names_round_trip_through_graphviz(tmp_path):
    dot = dot_text(hostile_model(tmp_path))
    canon = subprocess.run([DOT, "-Tcanon"], input=dot, capture_output=True, text=True, timeout=60)
    assert canon.returncode == 0 and canon.stderr == "", canon.stderr
    visible = showmod.printable(HOSTILE)  # as drawn: the name exactly, its newline shown as \\n
    stmt = re.search(r"^\s*L2\s+\[(.*?)\];$", canon.stdout, re.M | re.S).group(1)
    attrs = attrs_of("L2 [" + stmt + "];")
    assert set(attrs) == {"label", "tooltip", "color", "fillcolor", "penwidth"} and attrs["color"] == '"#c00000"'
    label = htmllib.unescape(re.sub(r"<[^<>]*>", "", attrs["label"][1:-1])).replace("\\\\", "\\")
    assert visible in label
    # (a tooltip's escString comes back as written; what it shows is checked in the SVG below)
    assert attrs["tooltip"].replace("\\\n", "") == attrs_of(node_line(dot, "L2"))["tooltip"]
    # What a reader of the picture sees: the name exactly, in the node and in the graph's title.
    svg = subprocess.run([DOT, "-Tsvg"], input=dot.encode(), capture_output=True, timeout=60)
    assert svg.returncode == 0
    root = etree.fromstring(svg.stdout)
    ns = {"s": "http://www.w3.org/2000/svg"}
    node = next(g for g in root.iterfind(".//s:g[@class='node']", ns) if g.findtext("s:title", namespaces=ns) == "L2")
    assert visible in [t.text for t in node.iterfind(".//s:text", ns)]
    assert visible in [t.text for t in root.iterfind("s:g/s:text", ns)]
    (tip,) = {a.get("{http://www.w3.org/1999/xlink}title") for a in node.iterfind(".//s:a", ns)}
    assert tip.startswith(visible + " (Add, id 2)\n")  # the tooltip too, its lines broken where ours are


# ---- Graphviz, files, exit statuses --------------------------------------------------------------


@needs_graphviz
def test_svg_and_png(tmp_path):
    svg, png = tmp_path / "m.svg", tmp_path / "m.png"
    r = invoke("show", MODELS["kv_cache_update"], "--svg", svg, "--png", png)
    assert r.exit_code == 0, r.output
    assert "<svg" in svg.read_text() and "write_tokens" in svg.read_text()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote SVG to {svg}" in r.stderr and f"wrote PNG to {png}" in r.stderr
    assert r.stdout.startswith("model")


def test_without_graphviz_svg_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    from irexec.show import graphviz

    monkeypatch.setattr(graphviz.shutil, "which", lambda name, *a, **k: None)
    out_dot, out_svg = tmp_path / "m.dot", tmp_path / "m.svg"
    for args in (["--svg", out_svg], ["--png", tmp_path / "m.png"], ["--dot", out_dot, "--svg", out_svg]):
        r = invoke("show", MODELS["kv_cache_update"], *args)
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr == (
            "error: Graphviz's dot is not installed (not found on PATH), so --svg and --png "
            "cannot be made; use --dot FILE to write the graph as DOT instead\n"
        )
    assert os.listdir(tmp_path) == []
    r = invoke("show", MODELS["kv_cache_update"], "--dot", out_dot)  # --dot needs no Graphviz
    assert r.exit_code == 0 and out_dot.read_text().startswith('digraph "kv_cache_update" {')


def test_without_graphviz_on_path_from_the_command_line(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path), PYTHONPATH=ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "irexec", "show", MODELS["row_assign"], "--svg", str(tmp_path / "x.svg")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error: Graphviz's dot is not installed") and proc.stderr.count("\n") == 1


def fake_dot(tmp_path, monkeypatch, body: str):
    """A ``dot`` on PATH that does what ``body`` (shell) says."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    exe = bindir / "dot"
    exe.write_text("#!/bin/sh\n" + body + "\n")
    exe.chmod(0o755)
    monkeypatch.setenv("PATH", str(bindir) + os.pathsep + os.environ["PATH"])


def test_a_failing_dot_leaves_existing_files_alone(tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, 'cat >/dev/null; echo "Error: <stdin>: syntax error in line 1" >&2; exit 1')
    out_dot, out_svg = tmp_path / "m.dot", tmp_path / "m.svg"
    out_dot.write_text("old dot")
    out_svg.write_text("old svg")
    r = invoke("show", MODELS["kv_cache_update"], "--dot", out_dot, "--svg", out_svg)
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == "error: Graphviz's dot failed making SVG: Error: <stdin>: syntax error in line 1\n"
    assert out_dot.read_text() == "old dot" and out_svg.read_text() == "old svg"
    assert sorted(os.listdir(tmp_path)) == ["bin", "m.dot", "m.svg"]


def test_dot_is_stopped_at_the_timeout(tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, "exec sleep 30")
    start = time.monotonic()
    r = invoke("show", MODELS["kv_cache_update"], "--svg", tmp_path / "m.svg", "--timeout", "0.5")
    assert r.exit_code == 1 and time.monotonic() - start < 10
    assert r.stderr == "error: Graphviz's dot did not finish within 0.5 s; use a longer --timeout, or --dot FILE\n"
    assert not (tmp_path / "m.svg").exists()


def test_big_graphs_get_a_note_and_still_their_picture(tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, "cat >/dev/null; echo '<svg/>'")
    n = showmod.BIG_GRAPH // 2 + 1
    xml = net(
        [param(2 * i, f"x{i}", (1,)) for i in range(n)] + [result(2 * i + 1, "f32", (1,)) for i in range(n)],
        [(2 * i, 0, 2 * i + 1, 0) for i in range(n)],
    )
    path = write(tmp_path, xml)
    r = invoke("show", path, "--svg", tmp_path / "m.svg", "--dot", tmp_path / "m.dot")
    assert r.exit_code == 0, r.output
    assert f"note: {2 * n} layers: Graphviz may take minutes" in r.stderr
    assert (tmp_path / "m.svg").read_text() == "<svg/>\n"
    assert (tmp_path / "m.dot").read_text().count(" -> ") == n
    r = invoke("show", path, "--dot", tmp_path / "m.dot")
    assert "note:" not in r.stderr  # DOT alone is quick whatever the size


def test_dot_to_stdout_replaces_the_summary():
    r = invoke("show", MODELS["row_assign"], "--dot", "-")
    assert r.exit_code == 0 and r.stdout.startswith('digraph "row_assign" {') and r.stdout.endswith("}\n")
    assert "model" not in r.stdout.splitlines()[0] and r.stderr == ""


@pytest.mark.parametrize(
    "args,message",
    [
        (
            ["--dot", "-", "--format", "json"],
            "error: --dot - takes stdout, where the summary would go: drop --format\n",
        ),
        (["--dot", "-", "--svg", "-"], "error: only one of --dot and --svg can write to stdout ('-')\n"),
    ],
)
def test_usage_errors(args, message):
    r = invoke("show", MODELS["row_assign"], *args)
    assert r.exit_code == 2 and r.stderr == message and r.stdout == ""


def test_written_files_get_the_usual_permissions(tmp_path):
    old = os.umask(0o027)
    try:
        out = tmp_path / "m.dot"
        assert invoke("show", MODELS["row_assign"], "--dot", out).exit_code == 0
        assert out.stat().st_mode & 0o777 == 0o640  # as open() would make it, not mkstemp's 0600
        out.chmod(0o604)
        assert invoke("show", MODELS["row_assign"], "--dot", out).exit_code == 0
        assert out.stat().st_mode & 0o777 == 0o604  # a replaced file keeps its mode
    finally:
        os.umask(old)


def test_unwritable_output_is_one_line(tmp_path):
    r = invoke("show", MODELS["row_assign"], "--dot", tmp_path / "no" / "such" / "dir.dot")
    assert r.exit_code == 2 and r.stdout == ""
    assert re.fullmatch(r"error: cannot write '.*dir\.dot': No such file or directory\n", r.stderr)


def test_a_missing_model_is_one_line_and_status_1(tmp_path):
    r = invoke("show", tmp_path / "nope.xml")
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("\n") == 1
    assert r.stderr.startswith("error: ") and "nope.xml" in r.stderr and "not found" in r.stderr


def test_a_file_that_is_not_xml_is_one_line_and_status_1(tmp_path):
    path = tmp_path / "junk.xml"
    path.write_text("<net version='11'><layers>")
    r = invoke("show", path, "--dot", tmp_path / "junk.dot")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "junk.xml" in r.stderr
    assert not (tmp_path / "junk.dot").exists()


def test_text_escapes_names_and_lists_at_most_ten_findings(tmp_path):
    n = showmod.FINDINGS_SHOWN + 2
    xml = net(
        [param(i, f"unused{i}", (1,)) for i in range(n)] + [param(n, "x", (1,)), result(n + 1, "f32", (1,))],
        [(n, 0, n + 1, 0)],
    )
    r = invoke("show", write(tmp_path, xml))
    assert r.exit_code == 0
    assert r.stdout.count(" G009 ") == showmod.FINDINGS_SHOWN
    assert r.stdout.rstrip().endswith("... and 2 more (irexec lint lists them all)")
    assert len(summary(write(tmp_path, xml))["lint"]["findings"]) == n


def test_summary_and_dot_are_pure_functions_of_the_report():
    report = showmod.load(MODELS["packed_weights"])
    a = showmod.summarize(report.graph, report.findings, report.facts)
    b = showmod.summarize(report.graph, report.findings, report.facts)
    assert a == b and json.loads(json.dumps(a)) == a
    assert to_dot(report.graph, [], {}) == to_dot(report.graph, [], {})
    # Without facts, the declared shapes are used.
    assert '[8] i4"' in to_dot(report.graph, [], {})
