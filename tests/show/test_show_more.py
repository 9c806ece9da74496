"""`irexec show` beyond the summary: each layer's attributes (checked against the XML read with
lxml) and small constants' values (checked against the .bin decoded with NumPy) in the JSON, the
text and the DOT; `--fold-constants` (no Const node, every other edge kept); `--around LAYER --depth
N` (exactly the layers within N edges, checked with networkx on the XML's edges, in every output);
hostile attribute values escaped; the error paths with their exit status and one line."""

import json
import os
import re
from collections import Counter

import networkx as nx
import numpy as np
import pytest
from test_show import HOSTILE, MODELS, attrs_of, check_dot_syntax, dot_text, invoke, xml_facts

from helpers.irtext import const, layer, net, param, port, result, write
from irexec.show.select import View
from irexec.show.summary import load

_STUB = re.compile(r'^  (S\d+) \[shape=plaintext, style="", label="\+(\d+) not shown", fontcolor="#888888"\];$')
_STUB_EDGE = re.compile(r'^  (S\d+|L\w+) -> (S\d+|L\w+) \[style=dashed, color="#aaaaaa"\];$')


def xml_attrs(lay) -> dict:
    data = lay.find("data")
    return dict(data.attrib) if data is not None else {}


def graph_layers(path, *extra) -> dict:
    r = invoke("show", path, "--format", "json", *extra)
    assert r.exit_code == 0, r.output
    return {d["id"]: d for d in json.loads(r.stdout)["graph"]["layers"]}


def bin_values(xml_path, lay):
    """A Const's values read from the .bin with NumPy, independently of irexec's decoding:
    i4/u4 two to a byte, low nibble first; u1 eight to a byte, the high bit first; bf16 as the
    top half of an f32."""
    data = lay.find("data")
    et, offset, size = data.get("element_type"), int(data.get("offset")), int(data.get("size"))
    with open(os.path.splitext(xml_path)[0] + ".bin", "rb") as f:
        f.seek(offset)
        raw = np.frombuffer(f.read(size), np.uint8)
    count = int(np.prod([int(d) for d in data.get("shape").split(",") if d] or [1]))
    if et in ("i4", "u4"):
        nib = np.stack([raw & 0xF, raw >> 4], axis=1).reshape(-1)[:count].astype(np.int64)
        return (np.where(nib > 7, nib - 16, nib) if et == "i4" else nib).tolist()
    if et == "u1":
        return np.unpackbits(raw)[:count].astype(np.int64).tolist()
    if et == "bf16":
        return (raw.view(np.uint16).astype(np.uint32) << 16).view(np.float32).tolist()
    dtype = {"f32": np.float32, "f16": np.float16, "i64": np.int64, "i32": np.int32}[et]
    return raw.view(dtype).tolist()


def xml_graph(path) -> nx.MultiDiGraph:
    facts = xml_facts(path)
    g = nx.MultiDiGraph()
    g.add_nodes_from(facts["by_id"])
    g.add_edges_from((src, dst) for src, _, dst, _ in facts["edge_list"])
    return g


# ---- attributes and constants' values -----------------------------------------------------------


@pytest.mark.parametrize("model", sorted(MODELS))
def test_json_layers_carry_the_xmls_attributes_and_connections(model):
    path = MODELS[model]
    facts = xml_facts(path)
    got = graph_layers(path)
    assert list(got) == list(facts["by_id"])  # every layer, in the file's order
    for lid, lay in facts["by_id"].items():
        d = got[lid]
        assert (d["name"], d["type"], d["version"]) == (lay.get("name"), lay.get("type"), lay.get("version"))
        assert d["attributes"] == xml_attrs(lay)
        assert [o["port"] for o in d["outputs"]] == [p.get("id") for p in lay.iterfind("output/port")]
    feeds = {(dst, dp): (src, sp) for src, sp, dst, dp in facts["edge_list"]}
    for lid, d in got.items():
        for i in d["inputs"]:
            assert (i["from_layer"], i["from_port"]) == feeds.get((lid, i["port"]), (None, None))


@pytest.mark.parametrize("model", sorted(MODELS))
def test_small_constants_values_are_the_bins(model):
    path = MODELS[model]
    got = graph_layers(path)
    consts = [lay for lay in xml_facts(path)["by_id"].values() if lay.get("type") == "Const"]
    assert consts
    for lay in consts:
        assert got[lay.get("id")]["values"] == pytest.approx(bin_values(path, lay)), lay.get("name")


def test_only_constants_of_at_most_16_elements_show_values(tmp_path):
    blob = np.arange(33, dtype=np.float32)
    xml = net(
        [
            param(0, "x", (16,)),
            const(1, (16,), "f32", 0, 64, name="small"),
            const(2, (17,), "f32", 64, 68, name="big"),
            layer(3, "Add", inputs=[port(0, "f32", (16,)), port(1, "f32", (16,))], outputs=[port(2, "f32", (16,))]),
            result(4, "f32", (16,)),
            result(5, "f32", (17,)),
        ],
        [(0, 0, 3, 0), (1, 0, 3, 1), (3, 2, 4, 0), (2, 0, 5, 0)],
    )
    path = write(tmp_path, xml, blob.tobytes())
    got = graph_layers(path)
    assert got["1"]["values"] == list(range(16)) and got["2"]["values"] is None
    dot = dot_text(path)
    assert "[0.0, 1.0, 2.0" in dot and "16.0" not in dot
    folded = graph_layers(path, "--fold-constants")
    assert folded["3"]["constants"] == [
        {
            "input": 1,
            "layer_id": "1",
            "name": "small",
            "element_type": "f32",
            "shape": "[16]",
            "values": list(range(16)),
        }
    ]


def test_dot_nodes_show_attributes_and_values():
    path = MODELS["row_assign"]
    dot = dot_text(path)
    nodes, _ = check_dot_syntax(dot)
    by_id = xml_facts(path)["by_id"]
    for m in nodes:
        lay = by_id[m.group(1)[1:]]
        tooltip = m.group(3).split("\\n")
        assert [t for t in tooltip if "=" in t and not t.startswith("= ")] == [
            f"{k}={v}" for k, v in xml_attrs(lay).items()
        ]
        if lay.get("type") == "Const":
            values = "[" + ", ".join(str(v) for v in bin_values(path, lay)) + "]"
            assert f'<FONT POINT-SIZE="9">{values}</FONT>' in m.group(2) and f"= {values}" in tooltip
        elif lay.get("type") not in ("Parameter", "Result"):
            for k, v in list(xml_attrs(lay).items())[:3]:
                assert f"{k}={v}" in m.group(2)


def test_text_layer_table():
    path = MODELS["kv_cache_update"]
    r = invoke("show", path, "--layers")
    assert r.exit_code == 0
    table = r.stdout.split("\nlayers: 6\n")[1].splitlines()
    assert table[0].split() == ["id", "type", "name", "from", "output", "attributes"]
    rows = {row.split()[0]: row for row in table[1:]}
    assert list(rows) == list(xml_facts(path)["by_id"])
    assert rows["2"].endswith("element_type=i64 shape=2 offset=0 size=16 = [5, 6]")
    assert rows["4"].split()[3] == "0,2,1,3"  # what feeds it, by input index
    assert "\nlayers: " not in invoke("show", path).stdout  # not without --layers


def hostile_attr_model(tmp_path):
    value = HOSTILE.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace("\n", "&#10;")
    xml = net(
        [
            param(0, "x", (2,)),
            layer(
                1,
                "Elu",
                inputs=[port(0, "f32", (2,))],
                outputs=[port(1, "f32", (2,))],
                data={"alpha": "1.0", "note": value},
            ),
            result(2, "f32", (2,)),
        ],
        [(0, 0, 1, 0), (1, 1, 2, 0)],
    )
    return write(tmp_path, xml)


def test_hostile_attribute_values_are_escaped(tmp_path):
    path = hostile_attr_model(tmp_path)
    dot = dot_text(path)
    nodes, edges = check_dot_syntax(dot)
    assert len(nodes) == 3 and len(edges) == 2
    elu = next(ln for ln in dot.splitlines() if ln.startswith("  L1 "))
    assert set(attrs_of(elu)) >= {"label", "tooltip"} and "color=red" not in attrs_of(elu)
    assert graph_layers(path)["1"]["attributes"]["note"] == HOSTILE  # the JSON keeps it whole
    r = invoke("show", path, "--layers")
    row = next(ln for ln in r.stdout.splitlines() if ln.startswith("1 "))
    assert "alpha=1.0" in row and "\\n" in row  # the newline shown escaped: one row


# ---- --fold-constants -----------------------------------------------------------------------------


@pytest.mark.parametrize("model", sorted(MODELS))
def test_folding_removes_const_nodes_and_keeps_every_other_edge(model):
    path = MODELS[model]
    facts = xml_facts(path)
    is_const = {lid: lay.get("type") == "Const" for lid, lay in facts["by_id"].items()}
    nodes, edges = check_dot_syntax(dot_text(path, "--fold-constants"))
    assert sorted(m.group(1) for m in nodes) == sorted(f"L{lid}" for lid, c in is_const.items() if not c)
    assert Counter((m.group(1), m.group(2)) for m in edges) == Counter(
        (f"L{src}", f"L{dst}") for src, _, dst, _ in facts["edge_list"] if not is_const[src]
    )
    labels = {m.group(1)[1:]: m.group(2) for m in nodes}
    for src, _, dst, dp in facts["edge_list"]:
        if is_const[src]:
            index = [p.get("id") for p in facts["by_id"][dst].find("input")].index(dp)
            assert f"in {index}: {facts['by_id'][src].get('name')} " in labels[dst]
    got = graph_layers(path, "--fold-constants")
    assert set(got) == {lid for lid, c in is_const.items() if not c}


def test_folding_applies_to_the_html_page(tmp_path):
    out = tmp_path / "g.html"
    r = invoke("show", MODELS["kv_cache_update"], "--fold-constants", "--html", out)
    assert r.exit_code == 0
    page = out.read_text()
    data = json.loads(re.search(r"const DATA = (\{.*?\});\n", page).group(1))
    assert sorted(n["id"] for n in data["nodes"]) == ["0", "1", "4", "5"]
    assert len(data["edges"]) == 3


# ---- --around LAYER --depth N ----------------------------------------------------------------------


@pytest.mark.parametrize("model", sorted(MODELS))
def test_the_neighbourhood_is_exactly_the_layers_within_n_edges(model):
    path = MODELS[model]
    g = load(path).graph
    undirected = xml_graph(path).to_undirected()
    edges = xml_facts(path)["edge_list"]
    for lid in g.layers:
        for depth in (0, 1, 2, 3):
            want = set(nx.single_source_shortest_path_length(undirected, lid, cutoff=depth))
            view = View(g, lid, depth)
            assert set(view.graph.layers) == want, (lid, depth)
            crossing = Counter((src in want, dst in want) for src, _, dst, _ in edges)
            assert sum(c[0] for c in view.cut.values()) == crossing[(False, True)]
            assert sum(c[1] for c in view.cut.values()) == crossing[(True, False)]
            assert view.graph.g.number_of_edges() == crossing[(True, True)]


def test_around_in_json_text_dot_and_html(tmp_path):
    path = MODELS["row_assign"]
    facts = xml_facts(path)
    centre = next(lid for lid, lay in facts["by_id"].items() if lay.get("name") == "assign_row")
    want = set(nx.single_source_shortest_path_length(xml_graph(path).to_undirected(), centre, cutoff=2))
    assert 1 < len(want) < len(facts["by_id"])
    inside = [(s, d) for s, _, d, _ in facts["edge_list"] if s in want and d in want]
    cut_in = sum(1 for s, _, d, _ in facts["edge_list"] if s not in want and d in want)
    cut_out = sum(1 for s, _, d, _ in facts["edge_list"] if s in want and d not in want)

    r = invoke("show", path, "--format", "json", "--around", "assign_row", "--depth", 2)
    g = json.loads(r.stdout)["graph"]
    assert g["around"] == {
        "layer_id": centre,
        "name": "assign_row",
        "depth": 2,
        "selected": len(want),
        "of": len(facts["by_id"]),
    }
    assert {d["id"] for d in g["layers"]} == want
    assert sum(d["edges_to_layers_not_shown"]["in"] for d in g["layers"]) == cut_in
    assert sum(d["edges_to_layers_not_shown"]["out"] for d in g["layers"]) == cut_out

    text = invoke("show", path, "--around", centre, "--depth", 2).stdout  # by id: the same layers
    table = text.split(f"layers within 2 edges of 'assign_row' (id {centre}): {len(want)} of 20\n")[1]
    assert {row.split()[0] for row in table.splitlines()[1:]} == want

    dot = dot_text(path, "--around", "assign_row", "--depth", 2)
    body = dot.splitlines()
    stubs = {m.group(1): int(m.group(2)) for m in map(_STUB.match, body) if m}
    stub_edges = [m.groups() for m in map(_STUB_EDGE.match, body) if m]
    nodes, edges = check_dot_syntax("\n".join(ln for ln in body if not (_STUB.match(ln) or _STUB_EDGE.match(ln))))
    assert {m.group(1)[1:] for m in nodes} == want
    assert Counter((m.group(1), m.group(2)) for m in edges) == Counter((f"L{s}", f"L{d}") for s, d in inside)
    assert sum(stubs[s] for s, _ in stub_edges if s in stubs) == cut_in
    assert sum(stubs[d] for _, d in stub_edges if d in stubs) == cut_out

    out = tmp_path / "near.html"
    assert invoke("show", path, "--around", "assign_row", "--depth", 2, "--html", out).exit_code == 0
    data = json.loads(re.search(r"const DATA = (\{.*?\});\n", out.read_text()).group(1))
    assert {n["id"] for n in data["nodes"]} == want


def test_around_a_folded_constant_counts_depth_on_the_whole_graph():
    path = MODELS["row_assign"]
    g = load(path).graph
    view = View(g, "Constant_27", 1, fold=True)
    assert "9" not in view.graph.layers and set(view.graph.layers) == {"10"}
    assert view.folded["10"] == [(1, "9")]


# ---- errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (["--around", "nope"], "error: --around 'nope': no layer has that name or id"),
        (["--around", "a\nb"], "error: --around 'a\\nb': no layer has that name or id"),
        (["--depth", "2"], "error: --depth needs --around"),
    ],
)
def test_usage_errors_are_one_line_and_status_2(tmp_path, args, message):
    out = tmp_path / "g.dot"
    r = invoke("show", MODELS["row_assign"], "--dot", out, *args)
    assert r.exit_code == 2 and r.stderr.strip() == message and r.stdout == ""
    assert not out.exists()


def test_a_negative_depth_is_refused():
    r = invoke("show", MODELS["row_assign"], "--around", "assign_row", "--depth", "-1")
    assert r.exit_code == 2 and "--depth" in r.stderr


def test_a_name_several_layers_share_needs_an_id(tmp_path):
    xml = net(
        [
            param(0, "x", (2,)),
            layer(1, "Relu", inputs=[port(0, "f32", (2,))], outputs=[port(1, "f32", (2,))], name="same"),
            layer(2, "Relu", inputs=[port(0, "f32", (2,))], outputs=[port(1, "f32", (2,))], name="same"),
            result(3, "f32", (2,)),
        ],
        [(0, 0, 1, 0), (1, 1, 2, 0), (2, 1, 3, 0)],
    )
    path = write(tmp_path, xml)
    r = invoke("show", path, "--around", "same")
    assert r.exit_code == 2
    assert r.stderr.strip() == "error: --around 'same': 2 layers have that name (ids 1, 2); give an id"
    assert invoke("show", path, "--around", "2", "--depth", 0, "--format", "json").exit_code == 0
