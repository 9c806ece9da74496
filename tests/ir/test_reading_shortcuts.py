"""The shortcuts reading takes for the common case give what the general way gives: the order
taken from the layers' numbering when every edge runs forward, each shape and precision spelling
parsed once, plain port ids taken as written, layers and edges dropped from the tree a batch at a
time, whitespace between elements not kept, warnings looked for only when read_model refuses a
model, and a graph freed as soon as it is let go (no reference cycle waits for the collector)."""

from __future__ import annotations

import gc
import random
import weakref

import networkx as nx
import numpy as np
import pytest

import irexec
from helpers.big_irs import chain
from helpers.irtext import add_model, const, layer, net, param, port, result, write
from irexec.check.lint import check
from irexec.errors import ParseError, ValidationError
from irexec.graph import Graph, Layer, Port, _id_key
from irexec.ir.reader import read_graph
from irexec.ir.stream import DROP_EVERY
from irexec.shapes import DYN, Dim


def _layer(lid: str, n_in: int) -> Layer:
    return Layer(
        lid, f"n{lid}", "Op", None, {}, [Port(str(i), None, ()) for i in range(n_in)], [Port(str(n_in), None, ())]
    )


def _numbered_dag(rng: random.Random, n: int, backward: int) -> Graph:
    """Layers numbered in an order their edges follow (ids with gaps, so that "10" sorts after
    "9"), but for ``backward`` edges from a later number to an earlier one."""
    ids = sorted(rng.sample(range(1000), n))
    g = Graph("g", 11)
    for k, lid in enumerate(ids):
        srcs = rng.sample(ids[:k], min(k, rng.randint(0, 3)))
        g.add_layer(_layer(str(lid), len(srcs) + 1))
        for i, src in enumerate(srcs):
            g.add_edge(str(src), str(len(g.layer(str(src)).inputs)), str(lid), str(i))
    added = 0
    while added < backward:  # a later layer feeds an earlier one's last input (when that makes no cycle)
        dst = str(ids[rng.randrange(n // 2)])
        src = str(ids[rng.randrange(n // 2, n)])
        last = len(g.layer(dst).inputs) - 1
        if src not in nx.descendants(g.g.networkx(), dst) and last not in g.producers(dst):
            g.add_edge(src, str(len(g.layer(src).inputs)), dst, str(last))
            added += 1
    return g


@pytest.mark.parametrize("backward", [0, 1, 5])
@pytest.mark.parametrize("seed", range(5))
def test_order_from_the_numbering_is_the_lexicographic_order(seed, backward):
    g = _numbered_dag(random.Random(seed), 60, backward)
    expected = list(nx.lexicographical_topological_sort(g.g.networkx(), key=_id_key))
    assert g.topological_order() == expected
    backwards = sum(_id_key(dst) < _id_key(src) for src in g.succ for dst in g.succ[src])
    assert (backwards > 0) == (backward > 0)  # (the numbering is not an order: the general way)


def test_an_edge_back_to_an_earlier_number_is_followed():
    g = Graph("g", 11)
    for lid, n_in in (("1", 1), ("2", 0), ("3", 1)):
        g.add_layer(_layer(lid, n_in))
    g.add_edge("2", "0", "3", "0")
    g.add_edge("3", "1", "1", "0")  # 3 feeds 1: the numbering is not an order
    assert g.topological_order() == ["2", "3", "1"]


def _two_adds(dims_a: str, dims_b: str, prec_b: str = "FP32") -> str:
    """x -> Add(x, x) -> Add(., x) -> Result, the second Add's output port written by hand."""
    shape = (2, 3)
    second = (
        f'<layer id="3" name="b" type="Add" version="opset1"><input>{port(0, "f32", shape)}'
        f'{port(1, "f32", shape)}</input><output><port id="2" precision="{prec_b}">{dims_b}</port>'
        f"</output></layer>"
    )
    first = (
        f'<layer id="2" name="a" type="Add" version="opset1"><input>{port(0, "f32", shape)}'
        f'{port(1, "f32", shape)}</input><output><port id="2" precision="FP32">{dims_a}</port>'
        f"</output></layer>"
    )
    return net(
        [param(0, "x", shape), first, second, result(4, "f32", shape)],
        [(0, 0, 2, 0), (0, 0, 2, 1), (2, 2, 3, 0), (0, 0, 3, 1), (3, 2, 4, 0)],
    )


def test_a_spelling_parsed_before_does_not_hide_a_bad_one(tmp_path):
    good = "<dim>2</dim><dim>3</dim>"
    g = read_graph(write(tmp_path, _two_adds(good, "<dim> 2 </dim><dim>3</dim>")))
    assert g.layer("2").outputs[0].shape == g.layer("3").outputs[0].shape == (Dim(2, 2), Dim(3, 3))
    with pytest.raises(ParseError) as info:
        irexec.read_model(write(tmp_path, _two_adds(good, "<dim>2</dim><dim>3x</dim>")))
    assert "dimension" in info.value.message and info.value.layer == "b" and info.value.port == "2"
    with pytest.raises(ParseError) as info:
        irexec.read_model(write(tmp_path, _two_adds(good, good, prec_b="FP33")))
    assert info.value.code == "O003" and info.value.layer == "b" and info.value.port == "2"
    with pytest.raises(ParseError, match="the port has 65 dims; irexec handles at most 64") as info:
        irexec.read_model(write(tmp_path, _two_adds(good, "<dim>1</dim>" * 65)))
    assert info.value.layer == "b"


@pytest.mark.parametrize("text", ["<dim> </dim>", "<dim>\n  </dim>", "<dim/>", "<dim>?</dim>", "<dim>-1</dim>"])
def test_a_blank_or_unknown_dim_is_dynamic(tmp_path, text):
    xml = add_model().replace(
        "<dim>2</dim><dim>3</dim></port></output></layer>", f"<dim>2</dim>{text}</port></output></layer>", 1
    )
    assert read_graph(write(tmp_path, xml)).layer("0").outputs[0].shape == (Dim(2, 2), DYN)


def test_indented_and_compact_files_read_alike(tmp_path):
    compact = add_model()
    indented = compact.replace("><", ">\n    <")
    a, b = read_graph(write(tmp_path, compact, stem="a")), read_graph(write(tmp_path, indented, stem="b"))
    for lid in a.layers:
        la, lb = a.layer(lid), b.layer(lid)
        assert (la.attrs, [(p.id, p.etype, p.shape, p.names) for p in la.inputs + la.outputs]) == (
            lb.attrs,
            [(p.id, p.etype, p.shape, p.names) for p in lb.inputs + lb.outputs],
        )
    assert b.layer("2").line > a.layer("2").line  # (lines are the file's own)


@pytest.mark.parametrize(
    "sp, dp, connects", [("00", "1", True), ("0", "01", True), ("+0", "1", False), ("0", " 1", False)]
)
def test_edge_ports_are_read_as_numbers(tmp_path, sp, dp, connects):
    xml = add_model().replace(
        'from-layer="1" from-port="0" to-layer="2" to-port="1"',
        f'from-layer="1" from-port="{sp}" to-layer="2" to-port="{dp}"',
    )
    if connects:
        x = np.ones((2, 3), np.float32)
        assert irexec.read_model(write(tmp_path, xml)).infer({"x": x, "y": 2 * x})["z"].tolist() == (3 * x).tolist()
    else:
        with pytest.raises(ValidationError) as info:
            irexec.read_model(write(tmp_path, xml))
        assert info.value.code == "G002" and info.value.port in (sp, dp)


def test_many_layers_and_edges_with_comments_between(tmp_path):
    n = 3 * DROP_EVERY + 7
    xml = chain(n).replace("</layer>\n", "</layer>\n<!-- a layer -->\n").replace("/>\n<edge", "/>\n<!-- -->\n<edge")
    path = write(tmp_path, xml)
    graph = read_graph(path)
    assert len(graph.layers) == n + 2 and graph.topological_order() == [str(k) for k in range(n + 2)]
    x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(1, 8)
    np.testing.assert_array_equal(irexec.read_model(path).infer({"x": x})["y"], np.maximum(x, 0))
    assert irexec.lint(path) == []


def test_a_refused_model_carries_its_warnings(tmp_path):
    # An unused Parameter (G009) and an unknown op (O001): read_model looks for warnings only
    # when it refuses, and then its error has the findings lint gives.
    shape = (2,)
    xml = net(
        [
            param(0, "x", shape),
            param(1, "unused", shape),
            layer(2, "Nope", inputs=[port(0, "f32", shape)], outputs=[port(1, "f32", shape)]),
            result(3, "f32", shape),
        ],
        [(0, 0, 2, 0), (2, 1, 3, 0)],
    )
    path = write(tmp_path, xml)
    with pytest.raises(ValidationError) as info:
        irexec.read_model(path)
    assert info.value.code == "O001"
    assert sorted(f.code for f in info.value.findings) == ["G009", "O001"]
    assert sorted(f.code for f in info.value.findings) == sorted(f.code for f in irexec.lint(path))


def _duplicates_model(tmp_path, broken: bool) -> str:
    """ScatterElementsUpdate-3 with two updates to one element (the C005 warning); ``broken``:
    and an op irexec does not know (O001) after it."""
    idx = np.array([[1, 0], [1, 2]], np.int64)
    last = layer(5, "Nope" if broken else "Relu", inputs=[port(0, "f32", (3, 2))], outputs=[port(1, "f32", (3, 2))])
    xml = net(
        [
            param(0, "x", (3, 2)),
            const(1, (2, 2), "i64", 0, 32),
            param(2, "u", (2, 2)),
            const(3, (), "i64", 32, 8),
            layer(
                4,
                "ScatterElementsUpdate",
                "opset3",
                inputs=[port(0, "f32", (3, 2)), port(1, "i64", (2, 2)), port(2, "f32", (2, 2)), port(3, "i64", ())],
                outputs=[port(4, "f32", (3, 2))],
            ),
            last,
            result(6, "f32", (3, 2)),
        ],
        [(0, 0, 4, 0), (1, 0, 4, 1), (2, 0, 4, 2), (3, 0, 4, 3), (4, 4, 5, 0), (5, 1, 6, 0)],
    )
    tmp_path.mkdir()
    path = write(tmp_path, xml)
    with open(path[:-4] + ".bin", "wb") as f:
        f.write(idx.tobytes() + np.int64(0).tobytes())
    return path


def test_an_ops_warnings_are_asked_for_only_when_read_model_refuses(tmp_path, monkeypatch):
    from irexec.ops.movement.scatter_elements_update import ScatterElementsUpdate3 as ScatterElementsUpdate

    asked = []
    advise = ScatterElementsUpdate.advise
    monkeypatch.setattr(ScatterElementsUpdate, "advise", lambda op, ins: asked.append(1) or advise(op, ins))
    model = irexec.read_model(_duplicates_model(tmp_path / "ok", broken=False))
    assert model.inputs and not asked
    assert "C005" in [f.code for f in irexec.lint(_duplicates_model(tmp_path / "lint", broken=False))]
    path = _duplicates_model(tmp_path / "broken", broken=True)
    with pytest.raises(ValidationError) as info:
        irexec.read_model(path)
    assert info.value.code == "O001" and asked
    assert sorted(f.code for f in info.value.findings) == ["C005", "O001"]
    assert [(f.code, f.line) for f in info.value.findings] == [(f.code, f.line) for f in irexec.lint(path)]


def test_a_graph_let_go_is_freed_at_once(tmp_path):
    path = write(tmp_path, add_model())
    was = gc.isenabled()
    gc.disable()
    try:
        for read in (lambda: read_graph(path), lambda: check(path).graph):
            graph = read()
            ref, layer_ref = weakref.ref(graph), weakref.ref(graph.layer("2"))
            assert graph.g.number_of_edges() == 3 and "2" in graph.g
            del graph
            assert ref() is None and layer_ref() is None
    finally:
        if was:
            gc.enable()


def _young_ids() -> set:
    return {id(o) for g in (0, 1) for o in gc.get_objects(generation=g)}


def test_a_model_read_is_left_in_the_collectors_oldest_generation(tmp_path):
    # Its objects are not walked by the young passes after reading (each of which would walk all
    # of them): they are moved to the oldest generation as the read ends.
    path = write(tmp_path, chain(50))
    if not gc.isenabled():
        pytest.skip("the collector is off in this process")
    model = irexec.read_model(path)
    young = _young_ids()
    graph = model.graph
    layers = list(graph.layers.values())
    assert gc.is_tracked(graph) and all(gc.is_tracked(x) for x in layers)
    assert id(graph) not in young and not any(id(x) in young for x in layers)
    assert model.infer({"x": np.ones((1, 8), np.float32)})["y"].shape == (1, 8)


def test_reading_leaves_what_the_process_froze_frozen_and_its_own_objects_young(tmp_path):
    path = write(tmp_path, chain(50))
    if not gc.isenabled():
        pytest.skip("the collector is off in this process")
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        model = irexec.read_model(path)
        assert gc.get_freeze_count() == frozen  # (unfreezing would have let the process's go)
        assert id(model.graph) in _young_ids()
    finally:
        gc.unfreeze()


def test_a_read_with_the_collector_off_leaves_it_off(tmp_path):
    path = write(tmp_path, chain(5))
    was = gc.isenabled()
    gc.disable()
    try:
        irexec.read_model(path)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        if was:
            gc.enable()


def test_the_runs_plan_is_made_when_the_model_is_compiled_or_first_run(tmp_path):
    path = write(tmp_path, chain(3))
    model = irexec.read_model(path)
    assert model._plan.plan is None  # (reading does not make it)
    assert [i.name for i in model.inputs] == ["x"] and [o.name for o in model.outputs] == ["y"]
    assert not model.stateful and model._plan.plan is not None
    model = irexec.read_model(path)
    out = model.infer({"x": np.full((1, 8), -1, np.float32)})["y"]
    assert model._plan.plan is not None and (out == 0).all()
    model = irexec.read_model(path)
    irexec.Core().compile_model(model)
    assert model._plan.plan is not None
    # The sizing asks the plan for its shape-only layers without holding the model.
    model = irexec.read_model(path)
    ref = weakref.ref(model)
    del model
    assert ref() is None


def test_an_attribute_spelling_read_before_is_read_alike_for_each_kind_and_its_choices():
    from irexec.errors import ValidationError as Invalid
    from irexec.ops.attrs import Attr

    assert Attr("n", "int").parse("1") == 1
    one = Attr("b", "bool").parse("1")  # (the same spelling, another kind: its own value)
    assert one is True
    assert Attr("s", "str").parse(" Sum ") == "Sum"
    assert Attr("mode", "str", choices=("sum", "max")).parse(" Sum ") == "sum"
    with pytest.raises(Invalid, match="is not one of"):  # (a spelling read before, not one of these choices)
        Attr("mode", "str", choices=("min",)).parse(" Sum ")
    for _ in range(2):  # (a bad spelling is refused each time: it is never kept)
        with pytest.raises(Invalid, match="is not a valid int"):
            Attr("n", "int").parse("1.5")


def test_the_spelling_cache_keeps_no_constants_offsets(tmp_path):
    # Each Const's offset and size is its own: kept, they filled the cache for every spelling after.
    from irexec.ops import attrs
    from irexec.ops.attrs import Attr

    n = 300
    layers, edges = [param(0, "x", (1,))], []
    for k in range(n):
        layers += [
            const(2 * k + 1, (1,), "f32", 40000 + 4 * k, 4),
            layer(
                2 * k + 2, "Add", inputs=[port(0, "f32", (1,)), port(1, "f32", (1,))], outputs=[port(2, "f32", (1,))]
            ),
        ]
        edges += [(2 * k, 0 if k == 0 else 2, 2 * k + 2, 0), (2 * k + 1, 0, 2 * k + 2, 1)]
    layers.append(result(2 * n + 1, "f32", (1,)))
    edges.append((2 * n, 2, 2 * n + 1, 0))
    path = write(tmp_path, net(layers, edges))
    with open(path[:-4] + ".bin", "wb") as f:
        f.write(np.ones(10000 + n, np.float32).tobytes())
    attrs._READ.clear()
    irexec.read_model(path)
    assert len(attrs._READ) < 20  # (f32, the shape, the size 4: not 300 offsets)
    assert Attr("offset", "int").parse("123456") == 123456 and ("int", "123456") not in attrs._READ
    assert Attr("axis", "int").parse("1") == 1 and ("int", "1") in attrs._READ
