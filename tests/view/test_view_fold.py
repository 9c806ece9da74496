"""irexec.view's folding, ranks and page data, without a browser: constants folded into their
readers (shared ones into each), NNCF's decompression chains into one weight labelled with its bits,
group and shape (models built with OpenVINO's opsets, counted by OpenVINO), what is not a chain left
alone, and the notebook's iframe."""

import html
import json
import re
from html.parser import HTMLParser

import numpy as np
import openvino as ov
import openvino.opset13 as ops
import pytest

from irexec.check.shape_inference import infer_shapes
from irexec.ir.reader import read_graph
from irexec.view import graph_page, notebook_html
from irexec.view.fold import fold
from irexec.view.layout import ranks
from irexec.view.page import page_data

RNG = np.random.default_rng(0)


def compressed(rows=128, cols=64, group=16, zero=True, scale_via_convert=False, etype=ov.Type.u4, tail=True):
    """NNCF's chain: codes -> Convert -> [Subtract zero point] -> Multiply scale -> [Reshape] -> Convert."""
    bits = 4 if etype in (ov.Type.u4, ov.Type.i4) else 8
    shape = (rows, cols // group, group) if group else (rows, cols)
    sshape = (rows, cols // group, 1) if group else (rows, 1)
    codes = ops.constant(RNG.integers(0, 1 << bits, shape).astype(np.uint8), dtype=etype, name="w_codes")
    w = ops.convert(codes, ov.Type.f16)
    if zero:
        zp = ops.convert(ops.constant(np.full(sshape, 8, np.uint8), dtype=etype, name="w_zero"), ov.Type.f16)
        w = ops.subtract(w, zp)
    scale = (RNG.random(sshape) * 0.1).astype(np.float32 if scale_via_convert else np.float16)
    s = ops.constant(scale, name="w_scale")
    w = ops.multiply(w, ops.convert(s, ov.Type.f16) if scale_via_convert else s)
    if group:
        w = ops.reshape(w, ops.constant(np.array([rows, cols], np.int64), name="w_shape"), False)
    return ops.convert(w, ov.Type.f32) if tail else w


def save(tmp_path, model, name="m"):
    path = str(tmp_path / f"{name}.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    counts = {}
    for op in ov.Core().read_model(path).get_ops():
        counts[op.get_type_name()] = counts.get(op.get_type_name(), 0) + 1
    return path, counts


def folded(path):
    graph = read_graph(path)
    order = graph.topological_order()
    return graph, fold(graph, order)


def matmul_model(weight, cols=64):
    a = ops.parameter([1, cols], ov.Type.f32, name="a")
    return ov.Model([ops.result(ops.matmul(a, weight, False, True))], [a], "chain")


@pytest.mark.parametrize(
    "kwargs, label",
    [
        ({}, "int4, group 16, 128x64"),
        ({"group": 32, "zero": False, "scale_via_convert": True}, "int4, group 32, 128x64"),
        ({"group": None, "etype": ov.Type.u8}, "int8, per-channel, 128x64"),
        ({"group": None, "etype": ov.Type.i8, "zero": False, "scale_via_convert": True}, "int8, per-channel, 128x64"),
    ],
)
def test_a_decompression_chain_is_one_weight_of_its_reader(tmp_path, kwargs, label):
    path, counts = save(tmp_path, matmul_model(compressed(**kwargs)))
    graph, f = folded(path)
    # Every layer but the Parameter, the MatMul and the Result is folded (as OpenVINO counts them).
    assert len(f.hidden) == sum(counts.values()) - 3
    (matmul,) = graph.by_type("MatMul")
    (w,) = f.weights[matmul.id]
    assert w.label == label and w.port == 1 and w.name == "w_codes"
    assert w.shape == (128, 64) and w.compressed["bits"] == label.split(",")[0]


def test_a_chain_read_twice_is_a_weight_of_each_reader_and_a_lone_cast_is_no_chain(tmp_path):
    a = ops.parameter([1, 64], ov.Type.f32, name="a")
    w = compressed()
    out = ops.add(ops.matmul(a, w, False, True), ops.matmul(a, w, False, True))
    # u8 codes converted to f32 with no scale: a cast, not a weight; the Const folds into the
    # Convert, which stays a box.
    cast = ops.convert(
        ops.constant(np.arange(64, dtype=np.uint8).reshape(1, 64), dtype=ov.Type.u8, name="ids"), ov.Type.f32
    )
    model = ov.Model([ops.result(out), ops.result(ops.add(a, cast))], [a], "shared")
    graph, f = folded(save(tmp_path, model)[0])
    matmuls = graph.by_type("MatMul")
    assert len(matmuls) == 2 and all(f.weights[m.id][0].label == "int4, group 16, 128x64" for m in matmuls)
    (convert,) = [c for c in graph.by_type("Convert") if c.id not in f.hidden]
    assert [w.label for w in f.weights[convert.id]] == ["ids 1x64 u8"]
    ids = next(layer for layer in graph.layers.values() if layer.name == "ids")
    assert ids.id in f.hidden


def test_a_shared_constant_folds_into_each_reader_with_its_statistics(tmp_path):
    a = ops.parameter([2, 3], ov.Type.f32, name="a")
    values = np.array([[1, -2, 3], [4, 5, -6]], np.float32)
    c = ops.constant(values, name="model.bias")
    model = ov.Model([ops.result(ops.add(a, c)), ops.result(ops.multiply(a, c))], [a], "shared")
    graph, f = folded(save(tmp_path, model)[0])
    readers = graph.by_type("Add") + graph.by_type("Multiply")
    for r in readers:
        (w,) = f.weights[r.id]
        assert w.label == "bias 2x3 f32" and w.port == 1
        assert w.stats["min"] == values.min() and w.stats["max"] == values.max()
        assert w.stats["mean"] == pytest.approx(values.mean())
        assert w.stats["values"] == "[" + ", ".join(str(v) for v in values.reshape(-1).tolist()) + "]"


def test_ranks_folded_skip_the_constants_and_unfolded_put_them_above_their_reader(tmp_path):
    a = ops.parameter([1, 64], ov.Type.f32, name="a")
    x = ops.relu(ops.relu(ops.relu(a)))
    model = ov.Model([ops.result(ops.matmul(x, compressed(), False, True))], [a], "deep")
    graph = read_graph(save(tmp_path, model)[0])
    order = graph.topological_order()
    f = fold(graph, order)
    r, ru = ranks(graph, order, f.hidden)
    assert set(r) == set(order) - f.hidden
    (mm,) = graph.by_type("MatMul")
    # Folded: a, 3 Relus, then the MatMul; unfolded, the chain is the longer way in: codes, Convert,
    # Subtract, Multiply, Reshape, Convert, then the MatMul.
    assert r[mm.id] == 4 and ru[mm.id] == 6
    # Unfolded, the chain ends just above the MatMul and each step just above the next.
    for lid in f.hidden:
        users = [ru[c] for c in graph.consumers(lid)]
        assert ru[lid] == min(users) - 1


def test_page_data_carries_errors_and_bodies_and_notebook_html_escapes_the_page(tmp_path):
    path, _ = save(tmp_path, matmul_model(compressed()))
    graph = read_graph(path)
    facts = infer_shapes(graph, graph.topological_order())
    (mm,) = graph.by_type("MatMul")
    data = page_data(graph, facts, [], errors={mm.id: {"max_rel": 0.5, "max_abs": 2.0, "first": True}})
    node = next(n for n in data["nodes"] if n["id"] == mm.id)
    assert node["err"] == {"max_rel": 0.5, "max_abs": 2.0, "first": True} and data["errors"] is True
    assert node["inputs"][1]["folded"] and not node["inputs"][0]["folded"]
    page = graph_page(graph, facts, title='a "quoted" <title>')
    got = json.loads(re.search(r"const DATA = (.*?);\n", page).group(1))
    assert got["title"] == 'a "quoted" <title>' and '<title>"' not in page.split("<script>")[1]

    class Frames(HTMLParser):
        def __init__(self):
            super().__init__()
            self.frames = []

        def handle_starttag(self, tag, attrs):
            self.frames.append((tag, dict(attrs)))

    parser = Frames()
    parser.feed(notebook_html(page, height=321))
    ((tag, attrs),) = parser.frames  # (one element: the page's markup is all inside the attribute)
    assert tag == "iframe" and attrs["sandbox"] == "allow-scripts" and "321px" in attrs["style"]
    assert attrs["srcdoc"] == page and html.escape(page, quote=True) in notebook_html(page)


@pytest.mark.parametrize(
    "codes, scale, label",
    [
        ((64, 4, 16), (64, 4, 1), "group 16"),  # (a scale per 16 weights of a row)
        ((64, 2, 32), (64, 2, 1), "group 32"),
        ((64, 1, 16), (64, 1, 1), "per-channel"),  # (one group a row: a scale per row)
        ((64, 4, 16), (1, 4, 1), "group 16"),
        ((64, 64), (64, 1), "per-channel"),
        ((64, 64), (1, 64), "per-channel"),
        ((64, 64), (2, 1), "per-channel"),  # (two scales: not one for the tensor)
        ((64, 64), (1, 1), "per-tensor"),
        ((64, 64), (), "per-tensor"),
        ((64, 4, 16), (64, 4, 2), "per-channel"),  # (not one value per group)
        ((64, 64), None, ""),  # (no scale: no grouping to tell)
        (None, (64, 1), "?"),
        ((64, None), (64, 1), "?"),
        ((64, 64), (None, 1), "?"),
    ],
)
def test_the_grouping_a_label_names(codes, scale, label):
    from irexec.view.fold import _group

    assert _group(codes, scale) == label
