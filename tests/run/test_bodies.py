"""Ops with bodies: If-8, Loop-5 and TensorIterator-1, as OpenVINO writes them, are read (bodies,
port maps, back edges), lint clean, and their inferred outputs are the shapes OpenVINO wrote;
a broken body is a finding under the layer's path (``loop/body/add``), with its line and rule,
and ``irexec run`` refuses it in one line. Their bodies run (the case tables under tests/cases
compare them with the CPU plugin); here: what a run reports from inside a body, and its bounds."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from lxml import etree

import irexec
from helpers.irtext import param, port, result, write
from helpers.oracle import ov, save
from irexec.check.graph_checks import check_graph
from irexec.check.lint import check
from irexec.graph import Graph
from irexec.ir.reader import read_graph
from irexec.ir.safexml import MAX_BODY_DEPTH, MAX_LAYER_ELEMENTS

o1, o5, o8 = ov.opset1, ov.opset5, ov.opset8


def P(shape, dtype=np.float32, name=None):
    return o8.parameter(shape, np.dtype(dtype), name=name)


def C(value, dtype=np.int64):
    return o8.constant(np.asarray(value, dtype=dtype))


def if_op(cond, then_body, else_body, pairs, results):
    """An If: ``pairs`` (input, then Parameter or None, else Parameter or None), ``results``
    (then Result, else Result) per output."""
    node = o8.if_op(cond.output(0))  # (given a Node rather than its output, the binding drops it)
    node.set_then_body(then_body)
    node.set_else_body(else_body)
    for value, tp, ep in pairs:
        node.set_input(value.output(0), tp, ep)
    return [node.set_output(t, e) for t, e in results]


def if_model(cond, then_shape=(2, 3), else_shape=(2, 3)):
    """then: x + x; else: y * y (``cond``: a Parameter, or a constant)."""
    x, y = P(list(then_shape), name="x"), P(list(else_shape), name="y")
    tp, ep = P(list(then_shape)), P(list(else_shape))
    then_body = ov.Model([o8.result(o8.add(tp, tp))], [tp], "then")
    else_body = ov.Model([o8.result(o8.multiply(ep, ep))], [ep], "else")
    (out,) = if_op(
        cond,
        then_body,
        else_body,
        [(x, tp, None), (y, None, ep)],
        [(then_body.get_results()[0], else_body.get_results()[0])],
    )
    params = [x, y] + ([cond] if cond.get_type_name() == "Parameter" else [])
    return ov.Model([o8.result(out)], params, "if")


def loop_model(trip=4, body_goes_on=True, first=True):
    """state (merged) += ones (invariant) per iteration; outputs the last state and every one."""
    a = P([1, 3], name="a")
    i, state, ones = P([], np.int64), P([1, 3]), P([1, 3])
    nxt = o8.add(state, ones)
    goes_on = C(body_goes_on, np.bool_) if isinstance(body_goes_on, bool) else o8.less(i, C(body_goes_on))
    body = ov.Model([o8.result(goes_on), o8.result(nxt)], [i, state, ones], "body")
    trip_count = C(trip) if trip is not None else P([], np.int64, "n")
    loop = o5.loop(trip_count, C(first, np.bool_))
    loop.set_function(body)
    loop.set_special_body_ports([0, 0])
    loop.set_merged_input(state, a.output(0), nxt.output(0))
    loop.set_invariant_input(ones, C(np.ones((1, 3)), np.float32).output(0))
    last = loop.get_iter_value(nxt.output(0), -1)
    every = loop.get_concatenated_slices(nxt.output(0), 0, 1, 1, -1, 0)
    params = [a] + ([trip_count] if trip is None else [])
    return ov.Model([o8.result(last), o8.result(every)], params, "loop")


def loop_growing():
    """The merged state doubles each iteration: its body Parameter becomes dynamic."""
    a = P([1, 3], name="a")
    i, state = P([], np.int64), P([1, 3])
    grown = o8.concat([state, state], 0)
    body = ov.Model([o8.result(C(True, np.bool_)), o8.result(grown)], [i, state])
    loop = o5.loop(C(3), C(True, np.bool_))
    loop.set_function(body)
    loop.set_special_body_ports([0, 0])
    loop.set_merged_input(state, a.output(0), grown.output(0))
    return ov.Model([o8.result(loop.get_iter_value(grown.output(0), -1))], [a], "grow")


def loop_with_if():
    """A trip count fed at run time, a sliced input, and an If in the body (bodies two deep)."""
    n, xs, s0 = P([], np.int64, "n"), P([6, 3], name="xs"), P([3], name="s0")
    i, row, s = P([], np.int64), P([1, 3]), P([3])
    even = o8.equal(o8.floor_mod(i, C(2)), C(0))
    ta, tb, ea, eb = P([3]), P([1, 3]), P([3]), P([1, 3])
    then_body = ov.Model([o8.result(o8.add(ta, tb))], [ta, tb], "then")
    else_body = ov.Model([o8.result(o8.subtract(ea, eb))], [ea, eb], "else")
    (mixed,) = if_op(
        even,
        then_body,
        else_body,
        [(s, ta, ea), (row, tb, eb)],
        [(then_body.get_results()[0], else_body.get_results()[0])],
    )
    state = o8.reshape(mixed, C([3]), False)
    body = ov.Model([o8.result(o8.less(i, C(100))), o8.result(state), o8.result(mixed)], [i, row, s], "body")
    loop = o5.loop(n, C(True, np.bool_))
    loop.set_function(body)
    loop.set_special_body_ports([0, 0])
    loop.set_sliced_input(row, xs.output(0), 0, 1, 1, -1, 0)
    loop.set_merged_input(s, s0.output(0), state.output(0))
    outs = [loop.get_iter_value(state.output(0), -1), loop.get_concatenated_slices(mixed, 0, 1, 1, -1, 0)]
    return ov.Model([o8.result(o) for o in outs], [n, xs, s0], "loop_if")


def ti_body():
    """h += x[:, t] for each t: the body of a TensorIterator over axis 1."""
    x, h = P([2, 1, 3]), P([2, 3])
    nxt = o8.add(o8.squeeze(x, C([1])), h)
    return ov.Model([o8.result(nxt), o8.result(o8.unsqueeze(nxt, C([1])))], [x, h], "ti_body"), x, h, nxt


def ti_model(start=0, end=-1, stride=1):
    xs, h0 = P([2, 5, 3], name="xs"), P([2, 3], name="h0")
    body, x, h, nxt = ti_body()
    ti = o1.tensor_iterator()
    ti.set_body(body)
    ti.set_sliced_input(x, xs.output(0), start, stride, 1, end, 1)
    ti.set_merged_input(h, h0.output(0), nxt.output(0))
    outs = [
        ti.get_iter_value(nxt.output(0), -1),
        ti.get_concatenated_slices(body.get_results()[1].input_value(0), 0, 1, 1, -1, 1),
    ]
    return ov.Model([o8.result(o) for o in outs], [xs, h0], "ti")


def ti_around_loop():
    """A TensorIterator whose body holds a Loop: bodies two deep, the inner one's input from the outer."""
    xs = P([4, 3], name="xs")
    row = P([1, 3])
    i, r, s = P([], np.int64), P([1, 3]), P([3])
    body_sum = o8.add(s, o8.reshape(r, C([3]), False))
    loop_body = ov.Model([o8.result(C(True, np.bool_)), o8.result(body_sum)], [i, r, s], "loop_body")
    loop = o5.loop(C(2), C(True, np.bool_))
    loop.set_function(loop_body)
    loop.set_special_body_ports([0, 0])
    loop.set_invariant_input(r, row.output(0))
    loop.set_merged_input(s, C(np.zeros(3), np.float32).output(0), body_sum.output(0))
    total = loop.get_iter_value(body_sum.output(0), -1)
    ti_body_model = ov.Model([o8.result(o8.unsqueeze(total, C([0])))], [row], "ti_body")
    ti = o1.tensor_iterator()
    ti.set_body(ti_body_model)
    ti.set_sliced_input(row, xs.output(0), 0, 1, 1, -1, 0)
    out = ti.get_concatenated_slices(ti_body_model.get_results()[0].input_value(0), 0, 1, 1, -1, 0)
    return ov.Model([o8.result(out)], [xs], "nested")


MODELS = {
    "if": lambda: if_model(P([], np.bool_, "cond")),
    "if_shapes_differ": lambda: if_model(P([], np.bool_, "cond"), (2, 3), (2, 4)),
    "if_cond_known": lambda: if_model(C(False, np.bool_), (2, 3), (2, 4)),
    "loop": lambda: loop_model(),
    "loop_trip_fed": lambda: loop_model(trip=None),
    "loop_once": lambda: loop_model(body_goes_on=False),
    "loop_condition_computed": lambda: loop_model(body_goes_on=3),
    "loop_growing": loop_growing,
    "loop_with_if": loop_with_if,
    "ti": lambda: ti_model(),
    "ti_reversed": lambda: ti_model(start=-1, end=0, stride=-1),
    "ti_part": lambda: ti_model(start=1, end=3),
    "ti_around_loop": ti_around_loop,
}


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    where = tmp_path_factory.mktemp("bodies")
    return {name: save(build(), where) for name, build in MODELS.items()}


def layers_with_bodies(graph: Graph):
    return [layer for layer in graph.layers.values() if layer.bodies]


@pytest.mark.parametrize("name", list(MODELS))
def test_openvino_written_bodies_lint_clean_and_infer_its_shapes(written, name):
    report = check(written[name])
    assert [str(f) for f in report.findings] == []
    # The rules alone (not narrowed by what the ports declare) give what OpenVINO wrote.
    problems = []
    facts = check_graph(report.graph, problems, use_declared=False)
    assert [str(p) for p in problems] == []
    owners = layers_with_bodies(report.graph)
    assert owners
    for layer in owners:
        for i, p in enumerate(layer.outputs):
            fact = facts[(layer.id, i)]
            assert (fact.etype.name, fact.shape) == (p.etype.name, p.shape), (layer.name, p.id)


def test_inferred_shapes_where_openvino_knows_them(written):
    def out_shapes(name):
        g = check(written[name]).graph
        (layer,) = layers_with_bodies(g)
        return [str(irexec.shapes.fmt(p.shape)) for p in layer.outputs]

    assert out_shapes("if_shapes_differ") == ["[2,?]"]  # either body's
    assert out_shapes("if_cond_known") == ["[2,4]"]  # the else body's
    assert out_shapes("loop") == ["[1,3]", "[4,3]"]  # 4 iterations
    assert out_shapes("loop_once") == ["[1,3]", "[1,3]"]  # the body stops it at once
    assert out_shapes("loop_trip_fed") == ["[1,3]", "[?,3]"]
    assert out_shapes("loop_condition_computed") == ["[1,3]", "[?,3]"]
    assert out_shapes("loop_growing") == ["[?,3]"]
    assert out_shapes("ti") == ["[2,3]", "[2,5,3]"]
    assert out_shapes("ti_part") == ["[2,3]", "[2,3,3]"]


def test_bodies_port_maps_and_back_edges_are_read(written):
    g = read_graph(written["loop_with_if"])
    (loop,) = layers_with_bodies(g)
    body = loop.bodies["body"]
    assert isinstance(body.graph, Graph) and body.graph.g.number_of_nodes() == len(body.graph.layers)
    purposes = {e.purpose for e in body.inputs + body.outputs}
    assert purposes == {None, "current_iteration", "execution_condition"}
    (sliced,) = [e for e in body.inputs if e.axis is not None]
    assert (sliced.axis, sliced.start, sliced.end, sliced.stride, sliced.part_size) == (0, 0, -1, 1, 1)
    assert body.graph.layer(sliced.internal_layer).type == "Parameter"
    (back,) = body.back_edges
    assert body.graph.layer(back.from_layer).type == "Result" and body.graph.layer(back.to_layer).type == "Parameter"
    (inner_if,) = layers_with_bodies(body.graph)
    assert sorted(inner_if.bodies) == ["else_body", "then_body"]
    assert inner_if.path == f"{loop.name}/body/{inner_if.name}"
    assert inner_if.where()["layer_id"] == f"{loop.id}/body/{inner_if.id}"


def test_a_model_with_bodies_runs_and_its_body_layers_are_observed(written):
    m = irexec.read_model(written["loop"])
    assert [str(o.shape) for o in m.outputs] == [
        "(Dim(lo=1, hi=1), Dim(lo=3, hi=3))",
        "(Dim(lo=4, hi=4), Dim(lo=3, hi=3))",
    ]
    a = np.arange(3, dtype=np.float32).reshape(1, 3)
    profiler = irexec.Profiler()
    last, every = m.infer({"a": a}, observer=profiler).values()
    np.testing.assert_array_equal(last, a + 4)
    np.testing.assert_array_equal(every, np.concatenate([a + k for k in range(1, 5)]))
    info = {p.node_name: p for p in profiler.get_profiling_info()}
    (loop,) = [p for p in info.values() if p.node_type == "Loop"]
    (add,) = [p for p in info.values() if p.node_type == "Add"]
    # A body layer: named by its path, counted once per iteration; the loop once, after its body.
    assert add.node_name.startswith(loop.node_name + "/body/") and add.node_id.startswith(loop.node_id + "/body/")
    assert (add.runs, loop.runs) == (4, 1)
    names = list(info)
    assert names.index(add.node_name) < names.index(loop.node_name)


def test_a_run_time_failure_inside_a_body_names_its_path_and_line(tmp_path):
    # Range(0, 4, i - 2) in the body: its step is 0 at the third iteration.
    n = P([], np.int64, "n")
    i, stop = P([], np.int64), P([], np.int64)
    made = o8.range(C(0), stop, o8.subtract(i, C(2)), "i64")
    body = ov.Model([o8.result(C(True, np.bool_)), o8.result(o8.shape_of(made))], [i, stop], "body")
    loop = o5.loop(n, C(True, np.bool_))
    loop.set_function(body)
    loop.set_special_body_ports([0, 0])
    loop.set_invariant_input(stop, C(4).output(0))
    path = save(
        ov.Model([o8.result(loop.get_iter_value(body.get_results()[1].input_value(0), -1))], [n], "m"), tmp_path
    )
    m = irexec.read_model(path)
    # (Two iterations: the last one's step is -1, from 0 to 4: nothing.)
    np.testing.assert_array_equal(list(m.infer({"n": np.int64(2)}).values())[0], [0])
    with pytest.raises(irexec.ExecutionError) as info:
        m.infer({"n": np.int64(5)})
    e = info.value
    range_line = next(k for k, t in enumerate(open(path).read().splitlines(), 1) if 'type="Range"' in t)
    assert e.layer.startswith(f"{loop.get_friendly_name()}/body/") and e.layer_type == "Range"
    assert e.line == range_line and "Range step must not be 0" in e.message


def test_a_loop_that_never_stops_is_bounded(written, monkeypatch):
    import irexec.ops.iterating as iterating

    monkeypatch.setattr(iterating, "MAX_ITERATIONS", 10)
    m = irexec.read_model(written["loop_trip_fed"])
    with pytest.raises(irexec.ExecutionError, match=r"would run more than 10 iterations \(irexec's limit\)") as info:
        m.infer({"a": np.zeros((1, 3), np.float32), "n": np.int64(-1)})
    assert info.value.layer_type == "Loop"
    # Within the limit it runs; and a concatenation over the budget is refused before it is made.
    assert list(m.infer({"a": np.zeros((1, 3), np.float32), "n": np.int64(10)}).values())[1].shape == (10, 3)
    small = irexec.read_model(written["loop_trip_fed"], max_tensor_bytes=64)
    with pytest.raises(irexec.ExecutionError, match=r"over the budget"):
        small.infer({"a": np.zeros((1, 3), np.float32), "n": np.int64(6)})


# ---- broken bodies -----------------------------------------------------------------------------------


def edit(path: str, tmp_path, change) -> tuple:
    """The IR at ``path`` changed by ``change(root)``, written beside it; returns the new path and
    what ``change`` returned (an element, whose line is then looked up in the file written)."""
    root = etree.parse(path).getroot()
    marked = change(root)
    if marked is not None:
        marked.set("mark", "here")
    out = os.path.join(str(tmp_path), "broken.xml")
    etree.ElementTree(root).write(out)
    if os.path.exists(path[:-4] + ".bin"):
        with open(path[:-4] + ".bin", "rb") as src, open(out[:-4] + ".bin", "wb") as dst:
            dst.write(src.read())
    line = None
    if marked is not None:
        line = next(el.sourceline for el in etree.parse(out).iter() if el.get("mark") == "here")
    return out, line


def body_layer(root, op_type: str, inner_type: str):
    loop = root.find(f".//layer[@type='{op_type}']")
    return loop, loop.find(f"body/layers/layer[@type='{inner_type}']")


def finding(path, code):
    found = [f for f in check(path).findings if f.code == code]
    assert found, [str(f) for f in check(path).findings]
    return found[0]


def run_refuses(path, *expected):
    proc = subprocess.run(
        [sys.executable, "-m", "irexec", "run", path, "--random"], capture_output=True, text=True, timeout=120
    )
    lines = (proc.stdout + proc.stderr).strip().splitlines()
    assert proc.returncode == 1 and len(lines) == 1 and "Traceback" not in lines[0], proc.stdout + proc.stderr
    for text in expected:
        assert text in lines[0]


def test_a_wrong_port_shape_inside_a_body(written, tmp_path):
    def change(root):
        _, add = body_layer(root, "Loop", "Add")
        add.find("output/port/dim[2]").text = "5"
        return add.find("output/port")  # (a port's finding is at the port's line)

    path, line = edit(written["loop"], tmp_path, change)
    root = etree.parse(path).getroot()
    loop, add = body_layer(root, "Loop", "Add")
    f = finding(path, "S001")
    assert (f.layer_name, f.layer_id, f.line, f.port) == (
        f"{loop.get('name')}/body/{add.get('name')}",
        f"{loop.get('id')}/body/{add.get('id')}",
        line,
        "2",
    )
    assert f.message == "the port declares shape [1,5], but Add gives [1,3]"
    assert [g.code for g in check(path).findings] == ["S001"]
    lint = subprocess.run([sys.executable, "-m", "irexec", "lint", path], capture_output=True, text=True, timeout=120)
    assert lint.returncode == 1 and lint.stdout.splitlines() == [str(f)]
    assert str(f).startswith(
        f"{path}:{line}:{f.column or 1}: S001 "
    ) and f"[layer '{f.layer_name}' ({f.layer_id}), Add]" in str(f)
    run_refuses(path, f"layer '{f.layer_name}'", "declares shape [1,5]")


def test_a_schema_problem_inside_a_body_names_the_layer_there(written, tmp_path):
    def change(root):
        inner_if = root.find(".//layer[@type='Loop']/body/layers/layer[@type='If']")
        sub = inner_if.find("then_body/layers/layer[@type='Add']")
        extra = etree.SubElement(sub, "extra")
        return extra

    path, line = edit(written["loop_with_if"], tmp_path, change)
    (f,) = [f for f in check(path).findings if f.code == "X003"]
    root = etree.parse(path).getroot()
    loop = root.find(".//layer[@type='Loop']")
    inner_if = loop.find("body/layers/layer[@type='If']")
    add = inner_if.find("then_body/layers/layer[@type='Add']")
    assert (f.line, f.layer_type) == (line, "Add") and "extra" in f.message
    assert f.layer_name == f"{loop.get('name')}/body/{inner_if.get('name')}/then_body/{add.get('name')}"
    assert f.layer_id == f"{loop.get('id')}/body/{inner_if.get('id')}/then_body/{add.get('id')}"


def test_an_edge_to_a_missing_layer_inside_a_body(written, tmp_path):
    def change(root):
        loop = root.find(".//layer[@type='Loop']")
        edge = loop.find("body/edges/edge")
        edge.set("to-layer", "99")
        return edge

    path, line = edit(written["loop"], tmp_path, change)
    f = finding(path, "G001")
    assert f.line == line and f.message == "edge to missing layer '99'"
    loop = etree.parse(path).find(".//layer[@type='Loop']")
    assert f.layer_name.startswith(f"{loop.get('name')}/body/")
    run_refuses(path, "edge to missing layer '99'")


def test_a_back_edge_to_nowhere(written, tmp_path):
    def change(root):
        edge = root.find(".//layer[@type='Loop']/back_edges/edge")
        edge.set("to-layer", "77")
        return edge

    path, line = edit(written["loop"], tmp_path, change)
    f = finding(path, "G001")
    assert (f.line, f.layer_type) == (line, "Loop") and "back edge to layer '77'" in f.message
    run_refuses(path, "back edge to layer '77'")


def test_a_port_map_naming_a_missing_layer(written, tmp_path):
    def change(root):
        entry = root.find(".//layer[@type='TensorIterator']/port_map/input")
        entry.set("internal_layer_id", "55")
        return entry

    path, line = edit(written["ti"], tmp_path, change)
    f = finding(path, "G001")
    assert (f.line, f.layer_type) == (line, "TensorIterator") and "names layer '55'" in f.message
    # The Parameter it fed is now fed by nothing.
    unfed = finding(path, "G004")
    assert unfed.layer_name.startswith(f.layer_name + "/body/") and unfed.layer_type == "Parameter"
    run_refuses(path, "names layer '55'")


def test_an_if_body_and_a_nested_body_name_their_path(written, tmp_path):
    def change(root):
        inner_if = root.find(".//layer[@type='Loop']/body/layers/layer[@type='If']")
        sub = inner_if.find("else_body/layers/layer[@type='Subtract']")
        sub.find("output/port").set("precision", "I32")
        return sub.find("output/port")

    path, line = edit(written["loop_with_if"], tmp_path, change)
    f = finding(path, "S002")
    root = etree.parse(path).getroot()
    loop = root.find(".//layer[@type='Loop']")
    inner_if = loop.find("body/layers/layer[@type='If']")
    sub = inner_if.find("else_body/layers/layer[@type='Subtract']")
    assert f.layer_name == f"{loop.get('name')}/body/{inner_if.get('name')}/else_body/{sub.get('name')}"
    assert f.line == line


def nested_ti(depth: int) -> str:
    """TensorIterators in each other's bodies, ``depth`` bodies deep, each passing its input on."""

    def ti(lid, level):
        if level == 1:
            layers, edges = [param(0, "p", (2,)), result(1, dims=(2,))], [(0, 0, 1, 0)]
        else:
            layers = [param(0, "p", (2,)), ti(1, level - 1), result(2, dims=(2,))]
            edges = [(0, 0, 1, 0), (1, 1, 2, 0)]
        out = len(layers) - 1
        e = "\n".join(f'<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}"/>' for a, b, c, d in edges)
        return (
            f'<layer id="{lid}" name="ti{level}" type="TensorIterator" version="opset1">\n'
            f'<port_map><input external_port_id="0" internal_layer_id="0"/>'
            f'<output external_port_id="1" internal_layer_id="{out}"/></port_map>\n'
            f"<input>{port(0, 'f32', (2,))}</input><output>{port(1, 'f32', (2,))}</output>\n"
            f"<body>\n<layers>\n" + "\n".join(layers) + f"\n</layers>\n<edges>\n{e}\n</edges>\n</body>\n</layer>"
        )

    return (
        '<?xml version="1.0"?>\n<net name="nested" version="11">\n<layers>\n'
        + param(0, "x", (2,))
        + "\n"
        + ti(1, depth)
        + "\n"
        + result(2, dims=(2,))
        + '\n</layers>\n<edges>\n<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>\n'
        '<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>\n</edges>\n</net>\n'
    )


def test_bodies_nested_to_the_limit_read_and_past_it_are_refused(tmp_path):
    assert [str(f) for f in check(write(tmp_path, nested_ti(MAX_BODY_DEPTH), stem="deep")).findings] == []
    xml = nested_ti(MAX_BODY_DEPTH + 1)
    path = write(tmp_path, xml)
    f = finding(path, "X002")
    names = "/body/".join(f"ti{level}" for level in range(MAX_BODY_DEPTH + 1, 0, -1))
    lines = xml.splitlines()
    innermost = next(i for i, t in enumerate(lines, 1) if 'name="ti1"' in t)
    assert f.layer_name == names and f.layer_type == "TensorIterator"
    assert f.line == innermost + 3 and lines[f.line - 1] == "<body>"
    assert f"bodies are nested more than {MAX_BODY_DEPTH} deep" in f.message
    run_refuses(path, f"bodies are nested more than {MAX_BODY_DEPTH} deep")


def test_a_layer_inside_a_body_holds_as_many_elements_as_any(tmp_path):
    xml = nested_ti(2).replace(
        '<layer id="0" name="p" type="Parameter" version="opset1">',
        '<layer id="0" name="p" type="Parameter" version="opset1">'
        + "<rt_info>"
        + "<a/>" * MAX_LAYER_ELEMENTS
        + "</rt_info>",
        1,
    )
    f = finding(write(tmp_path, xml), "X002")
    assert f"a <layer> holds more than {MAX_LAYER_ELEMENTS} elements" in f.message


def test_an_op_missing_its_body_or_given_one_it_does_not_take(written, tmp_path):
    def no_body(root):
        loop = root.find(".//layer[@type='Loop']")
        loop.remove(loop.find("body"))

    path, _ = edit(written["loop"], tmp_path, no_body)
    f = finding(path, "O003")
    assert f.message == "the Loop has no <body>" and f.layer_type == "Loop"

    def renamed_body(root):
        then_body = root.find(".//layer[@type='If']/then_body")
        then_body.tag = "body"
        return then_body

    path, line = edit(written["if"], tmp_path, renamed_body)
    messages = {f.message: f for f in check(path).findings if f.code == "O003"}
    assert messages["an If takes no <body>"].line == line
    assert "the If has no <then_body>" in messages
