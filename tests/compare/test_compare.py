"""irexec compare: models where the CPU plugin is known to depart from the spec at one layer in the
middle of a chain (each departure is one docs/differences.md records, and each model checks that
the plugin still does it before relying on it); the report must name that layer and no earlier
one, with exit status 1, and a model without a departure must exit 0."""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys

import numpy as np
import pytest

ov = pytest.importorskip("openvino")
op = pytest.importorskip("openvino.opset13")
op12 = pytest.importorskip("openvino.opset12")

import irexec  # noqa: E402
from irexec.errors import UsageError  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _save(tmp_path, name, results, params, feeds):
    xml = str(tmp_path / f"{name}.xml")
    ov.save_model(ov.Model(results, params, name), xml, compress_to_fp16=False)
    for key, value in feeds.items():
        np.save(tmp_path / f"{key}.npy", value)
    return xml, [f"{key}={tmp_path / key}.npy" for key in feeds]


def i64_chain(tmp_path):
    """x + 1, then * 2^20 (past 2^31 for x = 3000: the plugin keeps the low 32 bits), then - 5."""
    x = op.parameter([4], ov.Type.i64, name="x")
    a = op.add(x, op.constant(np.ones(4, np.int64)), name="add1")
    m = op.multiply(a, op.constant(np.full(4, 1 << 20, np.int64)), name="scale")
    s = op.subtract(m, op.constant(np.full(4, 5, np.int64)), name="sub")
    return _save(
        tmp_path, "i64_chain", [op.result(s, name="out")], [x], {"x": np.array([1, 3000, -5000, 7], np.int64)}
    ), "scale"


def scatter_mean(tmp_path):
    """ScatterElementsUpdate-12 mean of negative integers (the plugin truncates, the spec rounds
    down), between an Add and a Multiply."""
    x = op.parameter([5], ov.Type.i32, name="x")
    a = op.add(x, op.constant(np.zeros(5, np.int32)), name="shift")
    s = op12.scatter_elements_update(
        a,
        op.constant(np.array([0, 0, 1, 1, 3, 4], np.int64)),
        op.constant(np.array([-1, -2, 1, 2, -4, 4], np.int32)),
        op.constant(np.array(0, np.int64)),
        "mean",
        True,
        name="mean",
    )
    d = op.multiply(s, op.constant(np.full(5, 2, np.int32)), name="double")
    return _save(
        tmp_path, "scatter_mean", [op.result(d, name="out")], [x], {"x": np.array([0, 0, 7, -3, 3], np.int32)}
    ), "mean"


def i8_saturation(tmp_path):
    """|x| + 100 in i8: the plugin saturates (127) where the spec wraps (-56)."""
    x = op.parameter([3], ov.Type.i8, name="x")
    a = op.abs(x, name="abs")
    s = op.add(a, op.constant(np.full(3, 100, np.int8)), name="sat")
    d = op.subtract(s, op.constant(np.ones(3, np.int8)), name="less")
    return _save(
        tmp_path, "i8_saturation", [op.result(d, name="out")], [x], {"x": np.array([100, -50, 3], np.int8)}
    ), "sat"


def f32_chain(tmp_path):
    x = op.parameter([2, 3], ov.Type.f32, name="x")
    r = op.relu(x, name="relu")
    m = op.multiply(r, op.constant(np.full((2, 3), 0.5, np.float32)), name="half")
    s = op.add(m, op.constant(np.ones((2, 3), np.float32)), name="plus1")
    return _save(
        tmp_path, "f32_chain", [op.result(s, name="out")], [x], {"x": np.array([[1, -2, 3], [4.5, -5, 6]], np.float32)}
    ), None


def stateful_i8(tmp_path):
    """An i8 accumulator in a variable: 100 at step 0 on both sides, then 100 + 100 at step 1."""
    x = op.parameter([2], ov.Type.i8, name="x")
    info = ov.op.util.VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape([2]), ov.Type.i8, "acc_state"
    var = ov.op.util.Variable(info)
    rv = op.read_value(op.constant(np.zeros(2, np.int8)), var, name="read")
    acc = op.add(rv, x, name="acc")
    asg = op.assign(acc, var, name="write")
    out = op.multiply(acc, op.constant(np.ones(2, np.int8)), name="copy")
    model = ov.Model([op.result(out, name="out")], [asg], [x], "stateful_i8")
    xml = str(tmp_path / "stateful_i8.xml")
    ov.save_model(model, xml, compress_to_fp16=False)
    np.save(tmp_path / "acc_x.npy", np.array([100, 1], np.int8))
    return (xml, [f"x={tmp_path / 'acc_x'}.npy"]), "acc"


def divide_residual(tmp_path):
    """x / y minus irexec's own quotient: the plugin's f32 Divide is a * (1 / b), 1 ulp off a / b for
    some inputs (the first four here), within any sensible tolerance, but the residual is that ulp
    alone: a difference the Subtract magnifies without departing itself."""
    rng = np.random.default_rng(0)
    a, b = rng.uniform(1, 2, 64).astype(np.float32), rng.uniform(1, 2, 64).astype(np.float32)
    off = (a * (np.float32(1) / b)) != a / b
    pick = np.concatenate([np.nonzero(off)[0][:4], np.nonzero(~off)[0][:4]])
    x, y = op.parameter([8], ov.Type.f32, name="x"), op.parameter([8], ov.Type.f32, name="y")
    d = op.divide(x, y, name="ratio")
    s = op.subtract(d, op.constant(a[pick] / b[pick]), name="residual")
    return _save(tmp_path, "divide_residual", [op.result(s, name="out")], [x, y], {"x": a[pick], "y": b[pick]})


def _plugin(xml, feeds):
    compiled = ov.Core().compile_model(xml, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    return compiled(feeds)[0]


def _cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "irexec", "compare", *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


@pytest.mark.parametrize("build", [i64_chain, scatter_mean, i8_saturation])
def test_the_report_names_the_layer_that_departs_and_no_earlier_one(tmp_path, build):
    (xml, specs), culprit = build(tmp_path)
    feeds = {k.split("=")[0]: np.load(k.split("=", 1)[1]) for k in specs}
    # The departure is still there on this machine (else the test would prove nothing).
    assert not np.array_equal(_plugin(xml, feeds), irexec.read_model(xml).infer(feeds)["out"])
    done = _cli(xml, *sum((["-i", s] for s in specs), []))
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"DEPARTS   '{culprit}' ")
    assert lines[1] == (
        "          its inputs agree: the departure starts here (irexec differs on the device's own inputs too)"
    )
    assert "known departure (docs/differences.md#" in lines[2]
    assert done.stderr.count("\n") == 1 and f"layer '{culprit}'" in done.stderr
    assert "the first layer whose outputs on CPU depart from irexec's" in done.stderr
    report = irexec.compare(xml, feeds)
    differing = [r.layer for r in report.rows if r.differs]
    assert report.first.layer == culprit and differing[0] == culprit
    earlier = [r.layer for r in report.rows[: report.rows.index(report.first)]]
    assert earlier and culprit not in earlier  # a layer before it was compared, and agreed


def test_the_rows_say_which_later_layers_only_follow(tmp_path):
    (xml, specs), _ = i64_chain(tmp_path)
    report = irexec.compare(xml, {"x": np.load(specs[0].split("=", 1)[1])})
    assert [(r.layer, r.differs, r.inputs_agree) for r in report.rows] == [
        ("add1", False, None),
        ("scale", True, True),
        ("sub", True, False),
    ]
    assert report.rows[2].differing_inputs == ["'scale' output 0"]
    assert report.first.first_index == [1] and report.first.irexec_value == str(3001 << 20)
    assert report.first.known == ["the plugin narrows i64 to i32"]
    # The culprit is where the output's difference starts, and its effect there is all of it:
    # the Subtract after it takes 5 from both sides alike.
    assert report.origin.row is report.first and [r.layer for r in report.origin.path] == ["scale", "sub"]
    (dep,) = report.departures
    x = np.load(specs[0].split("=", 1)[1])
    own = irexec.read_model(xml).infer({"x": x})["out"]
    device_scale = (((x + 1) << 20) + (1 << 31)) % (1 << 32) - (1 << 31)  # (the low 32 bits, signed)
    want = np.max(np.abs((device_scale - 5) - own)) / np.max(np.abs(own))
    assert dep.row is report.first and dep.changes_outputs is True and dep.effect == pytest.approx(want, rel=1e-12)
    done = _cli(xml, "-i", specs[0])
    assert "ORIGIN    the departure above is where the difference that reaches output 'out' first appears " in (
        done.stdout
    )
    assert "departures, by their effect on the outputs:\n  'scale' (id 4, Multiply) output 0: effect " in done.stdout
    assert done.stdout.count("'scale' (id 4, Multiply)") == 2  # (the DEPARTS line and its effect, no ORIGIN repeat)


def test_a_difference_that_only_grows_is_no_departure(tmp_path):
    xml, specs = divide_residual(tmp_path)
    feeds = {k.split("=")[0]: np.load(k.split("=", 1)[1]) for k in specs}
    report = irexec.compare(xml, feeds, rtol=1e-6, atol=0)
    (row,) = report.diverging
    assert (row.layer, row.inputs_agree, row.on_device_inputs) == ("residual", True, False)
    assert report.first is None and not report.ok
    done = _cli(xml, *sum((["-i", s] for s in specs), []), "--rtol", "1e-6", "--atol", "0")
    assert done.returncode == 1
    assert "on the device's own inputs irexec gives the device's output" in done.stdout
    assert "layer 'residual'" in done.stderr and "no layer departs on its own inputs" in done.stderr
    # With numpy's default tolerances the ulp is within tolerance: no row differs.
    assert irexec.compare(xml, feeds).ok


def test_layers_the_device_lacks_are_skipped_and_listed(tmp_path):
    (xml, specs), _ = i64_chain(tmp_path)
    with open(xml) as f:
        text = f.read()
    # irexec reads the IR with a layer renamed; OpenVINO reads the original.
    other = tmp_path / "renamed.xml"
    other.write_text(text.replace('name="add1"', 'name="add_one"'))
    os.link(xml[:-4] + ".bin", tmp_path / "renamed.bin")
    from irexec.compare.device import matched_ports

    m = irexec.read_model(str(other))
    ports, skipped = matched_ports(
        m.graph, m.plan.order, {n.get_friendly_name(): n for n in ov.Core().read_model(xml).get_ordered_ops()}
    )
    assert [(s.layer, s.reason) for s in skipped] == [("add_one", "OpenVINO's model has no layer of that name")]
    assert [m.graph.layer(lid).name for lid, _ in ports] == ["scale", "sub"]


def test_all_and_json(tmp_path):
    (xml, specs), _ = i64_chain(tmp_path)
    done = _cli(xml, "-i", specs[0], "--all", "--format", "json")
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["first"]["layer"] == "scale" and data["complete"] is True
    assert [r["layer"] for r in data["diverging"]] == ["scale", "sub"]
    assert data["diverging"][1]["inputs_agree"] is False
    # The keys for pictures: every compared row, the origin, the departures, the worst rows.
    assert [(r["layer"], r["culprit"], r["known"]) for r in data["layers"]] == [
        ("add1", False, False),
        ("scale", True, True),
        ("sub", False, False),
    ]
    assert data["layers"][0]["mean_rel"] == 0 and data["first"]["mean_rel"] > 0
    assert data["origin"]["layer"] == "scale" and data["origin"]["path"] == ["scale", "sub"]
    assert [(d["layer"], d["changes_outputs"]) for d in data["departures"]] == [("scale", True)]
    assert [w["layer"] for w in data["worst"]] in (["scale", "sub"], ["sub", "scale"])
    assert data["worst"][0]["max_rel"] >= data["worst"][1]["max_rel"]


def test_a_model_without_departure_exits_0(tmp_path):
    (xml, specs), _ = f32_chain(tmp_path)
    done = _cli(xml, "-i", specs[0])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(": all agree") and done.stderr == ""
    assert irexec.compare(xml, {"x": np.load(specs[0].split("=", 1)[1])}).ok


def test_a_stateful_model_is_compared_step_by_step(tmp_path):
    (xml, specs), culprit = stateful_i8(tmp_path)
    one = _cli(xml, "-i", specs[0])
    assert one.returncode == 0, one.stdout + one.stderr  # 100 fits: no departure at step 0
    done = _cli(xml, "-i", specs[0], "--steps", "3")
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith(f"DEPARTS   step 1: '{culprit}' ")
    assert "(at step 1)" in done.stderr
    report = irexec.compare(xml, [{"x": np.array([100, 1], np.int8)}] * 3)
    assert (report.first.step, report.first.layer) == (1, culprit)
    # At step 2 the variable read back already differs: the Add there only follows it.
    later = [r for r in report.diverging if r.step == 2 and r.layer == "read"]
    assert later and later[0].inputs_agree is False


def test_small_batches_give_the_same_report(tmp_path):
    (xml, specs), _ = scatter_mean(tmp_path)
    feeds = {"x": np.load(specs[0].split("=", 1)[1])}
    whole, split = irexec.compare(xml, feeds), irexec.compare(xml, feeds, batch=1)
    assert [(r.layer, r.mismatches, r.inputs_agree) for r in whole.rows] == [
        (r.layer, r.mismatches, r.inputs_agree) for r in split.rows
    ]


def test_without_openvino_one_line_and_exit_2(tmp_path, monkeypatch):
    real = builtins.__import__

    def no_openvino(name, *args, **kwargs):
        if name == "openvino" or name.startswith("openvino."):
            raise ImportError(f"No module named '{name}'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_openvino)
    monkeypatch.delitem(sys.modules, "openvino", raising=False)
    with pytest.raises(UsageError) as e:
        irexec.compare(os.path.join(ROOT, "models", "kv_cache_update.xml"), {})
    assert str(e.value) == 'irexec compare needs the OpenVINO runtime: pip install "irexec[openvino]"'
    from click.testing import CliRunner

    from irexec.cli import cli

    got = CliRunner().invoke(cli, ["compare", os.path.join(ROOT, "models", "kv_cache_update.xml"), "--random"])
    assert got.exit_code == 2
    assert got.output == 'error: irexec compare needs the OpenVINO runtime: pip install "irexec[openvino]"\n'


def test_bad_command_lines_exit_2(tmp_path):
    model = os.path.join(ROOT, "models", "kv_cache_update.xml")
    done = _cli(model)
    assert done.returncode == 2
    assert done.stderr.startswith("error: no value for input(s) cache, tokens: give -i or --random")
    done = _cli(model, "--random", "--device", "NOSUCH")
    assert done.returncode == 2 and done.stderr.startswith("error: device 'NOSUCH' is not available here")
    assert done.stderr.count("\n") == 1


def test_batches_hold_at_most_n_outputs_and_the_byte_budget():
    from irexec.compare import BATCH_BYTES, _batches

    ports = [("a", 0), ("b", 0), ("b", 1), ("c", 0), ("d", 0)]
    small = [{p: 10 for p in ports}]
    assert _batches(ports, small, 2) == [[("a", 0), ("b", 0)], [("b", 1), ("c", 0)], [("d", 0)]]
    # A step where an output is large counts: it goes alone when it alone passes the budget.
    big = [dict(small[0]), {("c", 0): BATCH_BYTES + 1}]
    assert _batches(ports, big, 10) == [[("a", 0), ("b", 0), ("b", 1)], [("c", 0)], [("d", 0)]]


def test_known_departures_are_read_from_the_differences_page():
    from irexec.compare.report import known_departures

    known = {op: [(t, w) for t, w, _ in rows] for op, rows in known_departures().items()}
    # A reason holding a bare "|x|" is read whole; each op's reasons are keyed by its first input's type.
    assert ("i8", "the plugin saturates i8: |-128| gives 127") in known["Abs"]
    assert ("i64", "the plugin narrows i64 to i32") in known["Multiply"]
    assert ("i32", "integer mean: the spec rounds down, the plugin truncates toward zero") in known[
        "ScatterElementsUpdate"
    ]
    assert "Parameter" not in known


def test_known_departures_match_the_attributes_their_row_names(tmp_path):
    """A Convert from f32 is matched with the rows of its destination_type only."""
    from irexec.compare.report import known_departures, why

    x = op.parameter([2], ov.Type.f32, name="x")
    to_i64 = op.convert(x, ov.Type.i64, name="to_i64")
    to_bf16 = op.convert(x, ov.Type.bf16, name="to_bf16")
    xml = str(tmp_path / "converts.xml")
    ov.save_model(ov.Model([op.result(to_i64), op.result(to_bf16)], [x], "converts"), xml)
    m = irexec.read_model(xml)
    layer = {m.graph.layer(lid).name: m.graph.layer(lid) for lid in m.graph.layers}
    known = known_departures()
    narrows = why(known, layer["to_i64"], m.graph)
    assert narrows == ["the plugin narrows i64, u32 and u64 to i32 (out-of-range floats become -2^31 there)"]
    bf16 = why(known, layer["to_bf16"], m.graph)
    assert bf16 and all("bf16" in text for text in bf16) and not set(bf16) & set(narrows)
