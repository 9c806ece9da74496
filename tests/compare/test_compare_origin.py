"""irexec compare's origin (where the difference that reaches an output first appears, below
tolerance too), the effect of each known departure on the outputs, and the report's data for
pictures (layers, worst rows with histograms), on a small sentence-embedding model built here: a
u8 embedding table decompressed through f16 (with a second, global f16 scale, which irexec rounds
per op as the spec says while the plugin computes the constant subgraph in f32), a Gather, a
position embedding that nearly cancels the rows gathered (so that their small difference grows
past tolerance on the way to the output), a LayerNorm (MVN), attention whose mask goes through a
Convert to i64 (the f32 lowest: irexec saturates to -2^63, the plugin gives -2^31, and the Softmax saturates
either way), and a mean pooling."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

ov = pytest.importorskip("openvino")
op = pytest.importorskip("openvino.opset13")

import irexec  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
V, D, S = 16, 8, 6
DECOMPRESSION = ("w_f16", "w_sub", "w_mul", "w_global", "w_f32")


def embedder(path, i64_departure_reaches_output=False):
    rng = np.random.default_rng(0)
    ids = op.parameter([1, S], ov.Type.i64, name="ids")
    mask = op.parameter([1, S], ov.Type.i64, name="mask")
    table = rng.integers(0, 256, (V, D)).astype(np.uint8)
    scale = rng.uniform(0.01, 0.02, (V, 1)).astype(np.float16)
    wc = op.convert(op.constant(table, name="w_u8"), ov.Type.f16, name="w_f16")
    ws = op.subtract(wc, op.constant(np.full((V, 1), 128, np.float16), name="zp"), name="w_sub")
    wm = op.multiply(ws, op.constant(scale, name="scale"), name="w_mul")
    wg = op.multiply(wm, op.constant(np.array([[1.37]], np.float16), name="gscale"), name="w_global")
    wf = op.convert(wg, ov.Type.f32, name="w_f32")
    emb = op.gather(wf, ids, op.constant(np.int64(0)), name="embed")
    feeds = {"ids": rng.integers(0, V, (1, S)).astype(np.int64), "mask": np.array([[1, 1, 1, 1, 0, 0]], np.int64)}
    exact = (table.astype(np.float32) - 128) * scale.astype(np.float32) * np.float32(np.float16(1.37))
    pos = -0.97 * exact[feeds["ids"][0]][None] + rng.normal(0, 0.02, (1, S, D))
    x = op.add(emb, op.constant(pos.astype(np.float32), name="pos"), name="embed_pos")
    ln = op.mvn(x, op.constant(np.array([-1], np.int64)), True, 1e-5, "inside_sqrt", name="layernorm")
    q = op.matmul(ln, op.constant(rng.normal(0, 1, (D, D)).astype(np.float32)), False, False, name="q")
    scores = op.matmul(q, ln, False, True, name="scores")
    mf = op.convert(mask, ov.Type.f32, name="mask_f32")
    inv = op.subtract(op.constant(np.float32(1)), mf, name="inv_mask")
    big = op.multiply(inv, op.constant(np.finfo(np.float32).min), name="mask_big")
    mi = op.convert(big, ov.Type.i64, name="mask_i64")
    mb = op.convert(mi, ov.Type.f32, name="mask_back")
    mr = op.unsqueeze(mb, op.constant(np.array([1], np.int64)), name="mask_rows")
    attn = op.softmax(op.add(scores, mr, name="masked"), -1, name="attn")
    ctx = op.matmul(attn, ln, False, False, name="context")
    results = [op.result(op.reduce_mean(ctx, op.constant(np.array([1], np.int64)), False, name="pooled"), name="out")]
    if i64_departure_reaches_output:
        # A second Convert of the mask to i64, read by an output: -2^63 and -2^31 differ there.
        mo = op.convert(op.convert(big, ov.Type.i64, name="mask_i64_out"), ov.Type.f32, name="mask_out_f32")
        results.append(op.result(op.multiply(mo, op.constant(np.float32(1e-9)), name="mask_scaled"), name="mask_out"))
    ov.save_model(ov.Model(results, [ids, mask], "embedder"), path, compress_to_fp16=False)
    return feeds


@pytest.fixture(scope="module")
def story(tmp_path_factory):
    xml = str(tmp_path_factory.mktemp("story") / "embedder.xml")
    feeds = embedder(xml)
    return xml, feeds, irexec.compare(xml, feeds)


@pytest.fixture(scope="module")
def two_departures(tmp_path_factory):
    xml = str(tmp_path_factory.mktemp("two") / "embedder2.xml")
    feeds = embedder(xml, i64_departure_reaches_output=True)
    return xml, feeds, irexec.compare(xml, feeds)


def _device(xml, feeds, names):
    """The CPU plugin's values of the named layers' first outputs (OpenVINO's own API)."""
    model = ov.Core().read_model(xml)
    nodes = {n.get_friendly_name(): n for n in model.get_ordered_ops()}
    model.add_outputs([nodes[n].output(0) for n in names])
    compiled = ov.Core().compile_model(model, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    got = compiled(feeds)
    return {n: np.array(got[compiled.outputs[len(model.get_results()) - len(names) + i]]) for i, n in enumerate(names)}


def _irexec(xml, feeds, names):
    seen = {}

    def observe(layer, outputs, seconds):
        if layer.name in names:
            seen[layer.name] = np.array(outputs[0])

    outs = irexec.read_model(xml).infer(feeds, observer=observe)
    return seen, outs


def _with_parameter(xml, name, out_path):
    """The model with layer ``name``'s output replaced by a Parameter of its type and shape."""
    model = ov.Core().read_model(xml)
    node = next(n for n in model.get_ordered_ops() if n.get_friendly_name() == name)
    out = node.output(0)
    p = op.parameter(out.get_partial_shape(), out.get_element_type(), name="replaced")
    for target in list(out.get_target_inputs()):
        target.replace_source_output(p.output(0))
    ov.save_model(ov.Model(model.get_results(), list(model.get_parameters()) + [p], "cut"), out_path)
    return out_path


def _effect(xml, feeds, name, tmp_path):
    """Independently: irexec on the model where ``name``'s output is a Parameter fed the device's
    value, against irexec's own outputs: the largest max |new - own| / max |own| over the outputs."""
    value = _device(xml, feeds, [name])[name]
    cut = _with_parameter(xml, name, str(tmp_path / f"cut_{name}.xml"))
    own = irexec.read_model(xml).infer(feeds)
    new = irexec.read_model(cut).infer({**feeds, "replaced": value.astype(np.int64)})
    return max(
        float(np.max(np.abs(new[k].astype(np.float64) - own[k])) / max(np.max(np.abs(own[k])), np.finfo(float).tiny))
        for k in own
    ), {k: (own[k], new[k]) for k in own}


def test_the_origin_is_where_the_difference_that_reaches_the_output_starts(story):
    xml, feeds, report = story
    # Today's culprit is the mask's Convert to i64 (a known departure), while the output's
    # difference comes from elsewhere.
    assert report.first.layer == "mask_i64" and report.first.known
    origin = report.origin
    assert origin is not None and origin.reaches == "out"
    assert origin.row is not report.first and origin.path[-1].layer == "pooled"
    path = [r.layer for r in origin.path]
    assert path[0] == origin.row.layer and "mask_i64" not in path
    # Independently (OpenVINO's API and irexec's observer): every layer on the path differs, and
    # the origin's non-constant inputs are bitwise equal.
    m = irexec.read_model(xml)
    lid = origin.row.layer_id
    feeding = [m.graph.layer(src) for src, _ in m.graph.producers(lid).values()]
    inputs = [layer.name for layer in feeding if layer.type != "Const"]
    names = path + inputs
    dev = _device(xml, feeds, names)
    mine, _ = _irexec(xml, feeds, set(names))
    for name in path:
        assert not np.array_equal(dev[name], mine[name]), name
    for name in inputs:
        assert np.array_equal(dev[name], mine[name]), name
    # Below tolerance where it starts: the walk went past where the tolerance stops seeing it.
    assert not origin.row.differs and not origin.row.equal
    if not np.array_equal(dev["w_global"], mine["w_global"]):  # (the plugin computes f16 constants in f32)
        assert origin.row.layer in DECOMPRESSION


def test_a_departure_that_changes_nothing_has_effect_0(story, tmp_path):
    xml, feeds, report = story
    (dep,) = report.departures
    assert dep.row.layer == "mask_i64" and dep.known == report.first.known
    assert (dep.effect, dep.changes_outputs) == (0.0, False)
    effect, outs = _effect(xml, feeds, "mask_i64", tmp_path)
    assert effect == 0.0 and all(np.array_equal(a, b) for a, b in outs.values())


def test_a_departure_that_changes_the_outputs_ranks_first(two_departures, tmp_path):
    xml, feeds, report = two_departures
    ranked = [(d.row.layer, d.changes_outputs) for d in report.departures]
    assert ranked == [("mask_i64_out", True), ("mask_i64", False)]
    effect, outs = _effect(xml, feeds, "mask_i64_out", tmp_path)
    assert report.departures[0].effect == pytest.approx(effect, rel=1e-12)
    assert effect > 0.5  # (-2^63 against -2^31)
    assert report.departures[1].effect == 0.0


def test_the_text_report_is_the_one_docs_compare_md_shows(story):
    """The story in docs/compare.md is this model's report, run as written there (its files
    beside it), line for line."""
    xml, feeds, _ = story
    d = os.path.dirname(xml)
    for key, value in feeds.items():
        np.save(os.path.join(d, f"{key}.npy"), value)
    with open(os.path.join(ROOT, "docs", "compare.md"), encoding="utf-8") as f:
        doc = f.read()
    block = doc.split("```text\n$ irexec compare embedder.xml", 1)[1].split("```", 1)[0].splitlines()
    args = block[0].split()
    done = subprocess.run(
        [sys.executable, "-m", "irexec", "compare", "embedder.xml", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=d,
        timeout=300,
    )
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines == block[1:]
    assert lines[0].startswith("DEPARTS   'mask_i64' (id ")
    (origin,) = [ln for ln in lines if ln.startswith("ORIGIN    ")]
    assert "the difference that reaches output 'out' first appears here" in origin
    assert "below tolerance; its inputs are exactly equal" in origin
    at = lines.index("departures, by their effect on the outputs:")
    assert lines[at + 1].startswith("  'mask_i64' (id ") and lines[at + 1].endswith(
        ": effect 0: changes nothing at the outputs"
    )
    assert lines[-2].startswith("compared 20 tensor(s) of 20 layer(s)")


def test_the_json_for_pictures(story):
    xml, feeds, report = story
    data = json.loads(json.dumps(report.to_dict()))
    assert len(data["layers"]) == len(report.rows) == data["compared"]
    # (Softmax-8, "SoftMax" in the IR and "Softmax" in OpenVINO's model, is compared, not skipped.)
    assert "attn" in [r["layer"] for r in data["layers"]] and data["skipped"] == []
    keys = {"step", "layer", "layer_id", "type", "output", "size", "max_abs", "max_rel", "mean_rel", "mismatches"}
    assert all(set(r) == keys | {"culprit", "known"} for r in data["layers"])
    assert [r["layer"] for r in data["layers"] if r["culprit"]] == ["mask_i64"]
    assert [r["layer"] for r in data["layers"] if r["known"]] == ["mask_i64"]
    assert data["first"]["mean_rel"] == report.first.mean_rel
    origin = data["origin"]
    assert origin["layer"] == report.origin.row.layer and origin["path"][-1] == "pooled"
    assert set(origin) >= {"layer", "layer_id", "type", "output", "step", "max_abs", "max_rel", "path"}
    (dep,) = data["departures"]
    assert (dep["layer"], dep["effect"], dep["changes_outputs"], dep["note"]) == ("mask_i64", 0.0, False, None)
    worst = data["worst"]
    assert 1 <= len(worst) <= 4
    rels = [w["max_rel"] for w in worst]
    assert rels == sorted(rels, reverse=True)
    differing = sorted((r.max_rel for r in report.rows if not r.equal), reverse=True)
    assert rels == differing[: len(rels)]
    names = [w["layer"] for w in worst]
    dev = _device(xml, feeds, names)
    mine, _ = _irexec(xml, feeds, set(names))
    for w in worst:
        a, b = mine[w["layer"]].astype(np.float64), dev[w["layer"]].astype(np.float64)
        assert len(w["irexec"]["edges"]) == 25 and w["irexec"]["edges"] == w["device"]["edges"]
        assert sum(w["irexec"]["counts"]) == np.isfinite(a).sum()
        assert sum(w["device"]["counts"]) == np.isfinite(b).sum()
        assert sum(w["error"]["counts"]) == np.isfinite(b - a).sum()
    # mean_rel, independently: mean |d - r| / max(|r|, atol) at the origin.
    a, b = (
        x[report.origin.row.layer].astype(np.float64)
        for x in (_irexec(xml, feeds, {report.origin.row.layer})[0], _device(xml, feeds, [report.origin.row.layer]))
    )
    assert report.origin.row.mean_rel == pytest.approx(np.mean(np.abs(b - a) / np.maximum(np.abs(a), report.atol)))


def test_everything_agrees_no_origin_no_departures(tmp_path):
    x = op.parameter([2, 3], ov.Type.f32, name="x")
    r = op.relu(x, name="relu")
    s = op.add(op.multiply(r, op.constant(np.full((2, 3), 0.5, np.float32)), name="half"), op.constant(np.float32(1)))
    xml = str(tmp_path / "agree.xml")
    ov.save_model(ov.Model([op.result(s, name="out")], [x], "agree"), xml, compress_to_fp16=False)
    report = irexec.compare(xml, {"x": np.array([[1, -2, 3], [4.5, -5, 6]], np.float32)})
    assert report.ok and report.origin is None and report.departures == [] and report.worst == []
    data = report.to_dict()
    assert data["origin"] is None and data["departures"] == [] and data["worst"] == []
    assert all(r["mean_rel"] == 0 and r["max_abs"] == 0 for r in data["layers"]) and len(data["layers"]) == 3


def test_measures():
    from irexec.compare.measures import histograms, pair_measures, peak_rel

    mine = np.array([1.0, -2.0, np.nan, np.inf, 0.0], np.float32)
    same = pair_measures(mine, mine.copy(), 1e-4)
    assert same == (True, 2.0, 0.0)
    theirs = np.array([1.5, -2.0, np.nan, np.inf, 1e-4], np.float32)
    equal, peak, mean = pair_measures(mine, theirs, 1e-4)
    assert not equal and peak == 2.0
    assert mean == pytest.approx((0.5 / 1.0 + np.float32(1e-4) / 1e-4) / 5)
    assert np.isnan(pair_measures(mine, np.array([1, -2, 0, np.inf, 0], np.float32), 1e-4)[2])
    assert pair_measures(np.zeros(1), np.ones(1), 0.0)[2] == np.inf
    big = np.array([2**62, 1], np.int64)  # (equal in float64, not as integers)
    assert not pair_measures(big, big + [1, 0], 0)[0]
    assert peak_rel(float("nan"), 1.0) == np.inf and peak_rel(1.0, 0.0) > 1e300
    h = histograms(mine, theirs)
    assert [sum(h[k]["counts"]) for k in ("irexec", "device", "error")] == [3, 3, 3]  # (the finite ones)


def test_measures_over_several_chunks_are_the_whole_tensors():
    """A tensor longer than the measures' chunk: each chunk counts (a difference in the last one
    alone, the peak in the middle one), as NumPy computes it over the whole."""
    from irexec.compare.measures import _CHUNK, pair_measures

    rng = np.random.default_rng(3)
    mine = rng.uniform(-1, 1, 2 * _CHUNK + 5).astype(np.float32)
    mine[_CHUNK + 7] = 9.0
    theirs = mine.copy()
    theirs[-3:] += np.float32(0.25)
    a, b = mine.astype(np.float64), theirs.astype(np.float64)
    want = np.mean(np.abs(b - a) / np.maximum(np.abs(a), 1e-4))
    equal, peak, mean = pair_measures(mine, theirs, 1e-4)
    assert not equal and peak == 9.0 and mean == pytest.approx(want, rel=1e-9)
    assert pair_measures(mine, mine.copy(), 1e-4) == (True, 9.0, 0.0)


def test_histograms_share_their_edges_over_both_sides_and_bin_the_errors_apart():
    from irexec.compare.measures import BINS, histograms

    mine = np.array([0, 1, 2, 3, np.nan], np.float32)
    theirs = np.array([0, 1, 2, 4.5, 5], np.float32)
    h = histograms(mine, theirs)
    edges = np.linspace(0.0, 5.0, BINS + 1)  # (over both sides' finite values)
    assert h["irexec"]["edges"] == h["device"]["edges"] == edges.tolist()
    assert h["irexec"]["counts"] == np.histogram([0, 1, 2, 3], edges)[0].tolist()
    assert h["device"]["counts"] == np.histogram([0, 1, 2, 4.5, 5], edges)[0].tolist()
    assert h["device"]["counts"][-1] == 1 and h["irexec"]["counts"][0] == 1  # (the ends are in)
    errors = np.linspace(0.0, 1.5, BINS + 1)  # (device - irexec where both are finite: 0, 0, 0, 1.5)
    assert h["error"] == {"edges": errors.tolist(), "counts": np.histogram([0, 0, 0, 1.5], errors)[0].tolist()}
    # One value only: a bin of width 1/BINS around it; no finite value: around 0, empty.
    flat = histograms(np.array([2.0, 2.0]), np.array([2.0, 2.0]))
    around = np.linspace(1.5, 2.5, BINS + 1).tolist()
    assert flat["irexec"]["edges"] == around and sum(flat["irexec"]["counts"]) == 2
    assert flat["error"]["edges"] == np.linspace(-0.5, 0.5, BINS + 1).tolist() and sum(flat["error"]["counts"]) == 2
    none = histograms(np.array([np.nan]), np.array([np.inf]))
    assert none["irexec"]["edges"] == np.linspace(-0.5, 0.5, BINS + 1).tolist()
    assert [sum(none[k]["counts"]) for k in ("irexec", "device", "error")] == [0, 0, 0]
    # Two huge finite values whose difference overflows: not an error bin's value.
    big = histograms(np.array([-3e38, 1.0], np.float32), np.array([3e38, 1.0], np.float32))
    assert sum(big["error"]["counts"]) == 2 and all(np.isfinite(big["error"]["edges"]))


def test_the_walk_goes_back_through_a_variable_to_the_step_that_wrote_it(tmp_path):
    """A value written at step 0 (a Convert to i64 the plugin narrows) and read back at step 1, where
    only it reaches the output: the origin is the step-0 Convert, the path through the ReadValue."""
    from openvino import opset6
    from openvino.op.util import Variable, VariableInfo

    x = op.parameter([2], ov.Type.f32, name="x")
    info = VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape([2]), ov.Type.f32, "v"
    var = Variable(info)
    read = opset6.read_value(op.constant(np.zeros(2, np.float32)), var)
    read.set_friendly_name("read")
    wide = op.convert(op.multiply(x, op.constant(np.float32(-3e38)), name="big"), ov.Type.i64, name="wide")
    assign = opset6.assign(op.convert(wide, ov.Type.f32, name="back"), var)
    out = op.multiply(read, op.constant(np.float32(1)), name="copy")
    xml = str(tmp_path / "carry.xml")
    ov.save_model(ov.Model([op.result(out, name="out")], [assign], [x], "carry"), xml)
    report = irexec.compare(xml, [{"x": np.array([1, 0], np.float32)}] * 2, until_first=False)
    origin = report.origin
    assert [(r.layer, r.step) for r in origin.path] == [("wide", 0), ("back", 0), ("read", 1), ("copy", 1)]
    assert origin.row is origin.path[0] and origin.reaches == "out" and origin.note is None
    assert (report.first.layer, report.first.step) == ("wide", 0)
    assert [d.note for d in report.departures] == [
        "not measured: a stateful model is not rerun with a value replaced"
    ] * 2


def test_an_effect_that_cannot_be_measured_says_why(tmp_path):
    """A stateful model is not rerun with a value replaced; the departure is listed last, with why."""
    x = op.parameter([2], ov.Type.i8, name="x")
    info = ov.op.util.VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape([2]), ov.Type.i8, "acc_state"
    var = ov.op.util.Variable(info)
    acc = op.add(op.read_value(op.constant(np.zeros(2, np.int8)), var, name="read"), x, name="acc")
    out = op.multiply(acc, op.constant(np.ones(2, np.int8)), name="copy")
    xml = str(tmp_path / "stateful_i8.xml")
    model = ov.Model([op.result(out, name="out")], [op.assign(acc, var, name="write")], [x], "stateful_i8")
    ov.save_model(model, xml, compress_to_fp16=False)
    report = irexec.compare(xml, [{"x": np.array([100, 1], np.int8)}] * 2)  # (100 + 100 saturates at step 1)
    (dep,) = report.departures
    assert (dep.row.layer, dep.row.step, dep.effect, dep.changes_outputs) == ("acc", 1, None, None)
    assert dep.note == "not measured: a stateful model is not rerun with a value replaced"
    assert report.to_dict()["departures"][0]["effect"] is None
    # The walk goes back from the output to the Add (its inputs at step 1 agree exactly).
    assert report.origin.row is report.first and [r.layer for r in report.origin.path] == ["acc", "copy"]


def test_the_walk_goes_through_layers_without_a_device_tensor(story):
    """Rows taken away, as for layers the device cannot expose: the walk passes through them to
    their own inputs, and stops, saying so, when the difference can only start at one."""
    from irexec.compare import _by_layer
    from irexec.compare.device import Device
    from irexec.compare.origin import Tracer, device_values

    xml, feeds, report = story
    m = irexec.read_model(xml)
    steps = [_by_layer(m, feeds)]
    dev = Device(ov, xml, None, "CPU", {"INFERENCE_PRECISION_HINT": "f32"}, m.graph)
    tracer = Tracer(m, steps, device_values(dev, steps, 1000), report.rtol, report.atol)
    origin = report.origin.row.layer
    downstream = report.origin.path[1].layer  # (the layer its output feeds)
    through = tracer.trace([r for r in report.rows if r.layer != downstream])
    assert through.row.layer == origin and through.note is None
    assert [r.layer for r in through.path] == [r.layer for r in report.origin.path if r.layer != downstream]
    short = tracer.trace([r for r in report.rows if r.layer != origin])
    assert short.row.layer == downstream
    assert short.note == f"its input from '{origin}' has no device tensor: the difference may start there"
