"""`irexec run --profile / --repeat / --compare / --dump` and the progress line, through the CLI
and the Python API (the executor's observer hook and Profiler)."""

from __future__ import annotations

import copy
import io
import json
import os
import re
import shutil
import time
import zipfile

import numpy as np
import pytest
from click.testing import CliRunner
from lxml import etree

import irexec
from helpers.inplace import chain, count_inplace
from helpers.irtext import layer, net, param, port, result, scatter_model, write
from irexec import io as cli_io
from irexec.cli import cli
from irexec.commands import running as run_cmd
from irexec.run import executor
from irexec.run.profiling import Profiler

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = os.path.join(ROOT, "models")
TORCH = os.path.join(ROOT, "tests", "data", "torch")
KV = os.path.join(MODELS, "kv_cache_update.xml")


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def torch_model(stem="kv_attention_step"):
    """A real exported model (32 layers, dynamic shapes) with its inputs and torch's outputs."""
    m = irexec.read_model(os.path.join(TORCH, stem + ".xml"))
    with np.load(os.path.join(TORCH, stem + ".npz")) as z:
        inputs = {k[3:]: z[k] for k in z.files if k.startswith("in:")}
        outputs = [z[f"out:{i}"] for i in range(len(m.outputs))]
    return m, inputs, outputs


def chain_inputs():
    return {
        "x": np.arange(12, dtype=np.float32).reshape(4, 3),
        "one": np.full((4, 3), 2, np.float32),
        "u": np.full((1, 3), 7, np.float32),
    }


# The observer hook and Profiler (Python API)


def test_profiler_lists_every_executed_layer_in_order(tmp_path):
    m, inputs, _ = torch_model()
    prof = Profiler()
    out = m.infer(inputs, observer=prof)
    infos = prof.get_profiling_info()
    assert [i.node_id for i in infos] == [s.layer.id for s in m.plan.steps]
    assert all(i.node_type not in ("Parameter", "Const") for i in infos)
    assert all(i.seconds >= 0 and i.runs == 1 for i in infos)
    results = [i for i in infos if i.node_type == "Result"]
    assert len(results) == len(m.outputs) and all(i.outputs == () and i.nbytes == 0 for i in results)
    soft = next(i for i in infos if i.node_type == "SoftMax")
    ((shape, etype),) = soft.outputs
    assert (etype, shape, soft.nbytes) == ("f32", (1, 2, 3), 24)  # 3 picked positions per head
    assert len(out) == len(m.outputs)


def test_profiler_takes_the_median_over_runs(tmp_path):
    m, inputs, _ = torch_model()
    prof = Profiler()
    for _ in range(3):
        m.infer(inputs, observer=prof)
    infos = prof.get_profiling_info()
    assert len(infos) == len(m.plan.steps) and {i.runs for i in infos} == {3}
    times = prof._layers[infos[0].node_id][1]
    assert infos[0].seconds == sorted(times)[1]


def test_layer_times_exclude_the_observers_own_work(tmp_path):
    m, inputs, _ = torch_model()
    prof = Profiler()

    def slow(layer, outputs, seconds):
        time.sleep(0.01)
        prof(layer, outputs, seconds)

    t = time.perf_counter()
    m.infer(inputs, observer=slow)
    wall = time.perf_counter() - t
    layer_total = sum(i.seconds for i in prof.get_profiling_info())
    assert wall > 0.01 * len(m.plan.steps) and layer_total < wall / 2


def test_each_layer_is_timed_around_its_own_evaluation(tmp_path, monkeypatch):
    m, inputs, _ = torch_model()
    slow = next(s.layer for s in m.plan.steps if s.layer.type == "SoftMax")
    real = slow.op.evaluate

    def sleepy(ins):
        time.sleep(0.05)
        return real(ins)

    monkeypatch.setattr(slow.op, "evaluate", sleepy)
    prof = Profiler()
    m.infer(inputs, observer=prof)
    infos = prof.get_profiling_info()
    by_id = {i.node_id: i for i in infos}
    assert 0.05 <= by_id[slow.id].seconds < 0.5
    others = [i.seconds for i in infos if i.node_id != slow.id]
    assert all(0 < t < 0.05 for t in others)


def test_cli_profile_lists_the_slow_layer_first(tmp_path, monkeypatch):
    SoftMax = irexec.ops.lookup("SoftMax", "opset8")
    real = SoftMax.evaluate

    def sleepy(self, ins, out=None):
        time.sleep(0.05)
        return real(self, ins, out)

    monkeypatch.setattr(SoftMax, "evaluate", sleepy)
    m, inputs, _ = torch_model()
    np.savez(tmp_path / "in.npz", **inputs)
    r = invoke("run", os.path.join(TORCH, "kv_attention_step.xml"), "-i", tmp_path / "in.npz", "--profile")
    assert r.exit_code == 0, r.output
    first = _profile_rows(r.output)[0]
    assert first[3] == "SoftMax" and 50 <= float(first[0]) < 500


def test_observer_sees_outputs_before_a_scatter_overwrites_them_in_place(tmp_path, monkeypatch):
    m = chain(tmp_path)
    calls = count_inplace(m, monkeypatch)
    seen = {}

    def keep(layer, outputs, seconds):
        assert all(not o.flags.writeable for o in outputs)
        seen[layer.id] = [o.copy() for o in outputs]

    inputs = chain_inputs()
    m.infer(inputs, observer=keep)
    assert calls == [True, True, True]  # the scatters did write into the Multiply's buffer
    prod = inputs["x"] * inputs["one"]
    np.testing.assert_array_equal(seen["3"][0], prod)
    for k, lid in enumerate(("11", "13", "15")):
        prod[k] = 7
        np.testing.assert_array_equal(seen[lid][0], prod)


def test_observer_cannot_write_what_later_layers_read(tmp_path):
    m = chain(tmp_path)

    def vandal(layer, outputs, seconds):
        if outputs:
            outputs[0][...] = -1

    with pytest.raises(ValueError, match="read-only"):
        m.infer(chain_inputs(), observer=vandal)


def test_no_observer_no_timing(tmp_path, monkeypatch):
    """The plain walk never reads the clock: its only cost is a None check a layer."""
    m, inputs, want = torch_model()

    def boom():
        raise AssertionError("timed without an observer")

    monkeypatch.setattr(executor, "perf_counter", boom)
    out = m.infer(inputs)
    np.testing.assert_array_equal(out["Result_87508"], want[3])


# --profile


def _profile_rows(output: str) -> list:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("time ms"))
    rows = []
    for line in lines[start + 1 :]:
        if "total:" in line:
            break
        rows.append(line.split())
    return rows


def test_cli_profile_table(tmp_path):
    path = os.path.join(TORCH, "kv_attention_step.xml")
    m, inputs, _ = torch_model()
    np.savez(tmp_path / "in.npz", **inputs)
    r = invoke("run", path, "-i", tmp_path / "in.npz", "--profile")
    assert r.exit_code == 0, r.output
    rows = _profile_rows(r.output)
    # time, share, layer name, type, id, ...: every executed layer once, slowest first
    assert sorted(row[4] for row in rows) == sorted(s.layer.id for s in m.plan.steps)
    times = [float(row[0]) for row in rows]
    assert times == sorted(times, reverse=True)
    by_id = {row[4]: row for row in rows}
    soft = next(s.layer for s in m.plan.steps if s.layer.type == "SoftMax")
    assert by_id[soft.id][2:4] == [soft.name, "SoftMax"] and by_id[soft.id][5] == "f32"
    total = next(line for line in r.output.splitlines() if "total:" in line)
    assert f"total: {len(m.plan.steps)} layers" in total
    assert abs(float(total.split()[0]) - sum(times)) < 0.002 * len(times) + 1e-9
    assert "(one profiled run; a profiled infer() call took" in r.output
    assert r.output.startswith("output ")  # the outputs table still comes first


def test_cli_profile_with_repeat_and_output_file(tmp_path):
    out = tmp_path / "out.npz"
    r = invoke("run", KV, "--random", "--profile", "--repeat", "3", "-o", out)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == f"wrote 1 output(s) to {out}"
    assert "(median of 3 profiled runs;" in r.output
    assert [row[2:5] for row in _profile_rows(r.output)][0] == ["write_tokens", "ScatterUpdate", "4"]
    ref = invoke("run", KV, "--random", "-o", tmp_path / "ref.npz")
    assert ref.exit_code == 0
    np.testing.assert_array_equal(np.load(out)["updated_cache"], np.load(tmp_path / "ref.npz")["updated_cache"])


def test_repeat_needs_profile_and_a_positive_count():
    r = invoke("run", KV, "--random", "--repeat", "3")
    assert r.exit_code == 2 and "--repeat needs --profile" in r.output
    assert invoke("run", KV, "--random", "--profile", "--repeat", "0").exit_code == 2


def test_profile_escapes_names_from_the_file(tmp_path):
    xml, blob = scatter_model()
    xml = xml.replace('name="l4"', 'name="evil&#10;row&#9;tab"')
    r = invoke("run", write(tmp_path, xml, blob), "--random", "--profile")
    assert r.exit_code == 0, r.output
    assert "evil\\nrow\\ttab" in r.output and "\t" not in r.output and len(_profile_rows(r.output)) == 2


# --compare


@pytest.fixture
def kv_ref(tmp_path):
    r = invoke("run", KV, "--random", "-o", tmp_path / "ref.npz")
    assert r.exit_code == 0
    return tmp_path / "ref.npz"


def test_compare_match_exits_0_with_a_summary(kv_ref):
    r = invoke("run", KV, "--random", "--compare", kv_ref)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "ok        updated_cache: 64 elements within tolerance (max abs err 0, max rel err 0)",
        f"all 1 output(s) match '{kv_ref}' (floats: rtol 1e-05, atol 1e-08; integers exactly)",
    ]


def test_compare_mismatch_exits_1_with_where_and_how_much(tmp_path, kv_ref):
    want = np.load(kv_ref)["updated_cache"]
    bad = want.copy()
    bad[0, 3, 1] += 0.5
    bad[1, 7, 3] = 0
    np.savez(tmp_path / "bad.npz", updated_cache=bad)
    r = invoke("run", KV, "--random", "--compare", tmp_path / "bad.npz")
    assert r.exit_code == 1
    line = r.output.splitlines()[0]
    abs_err = max(abs(np.float64(want[0, 3, 1]) - np.float64(bad[0, 3, 1])), abs(np.float64(want[1, 7, 3])))
    # an expected zero met by a non-zero value is infinitely far in relative terms
    expected, got = str(bad[0, 3, 1]), str(want[0, 3, 1])
    assert line.startswith(
        f"MISMATCH  updated_cache: 2 of 64 elements differ (max abs err {abs_err:.4g}, "
        f"max rel err inf); first at [0, 3, 1]: expected {expected}, got {got}"
    )
    assert r.output.strip().endswith(f"error: 1 of 1 output(s) differ from '{tmp_path / 'bad.npz'}'")


def test_compare_tolerances(tmp_path, kv_ref):
    want = np.load(kv_ref)["updated_cache"]
    np.savez(tmp_path / "shifted.npz", updated_cache=want + np.float32(1e-4))
    np.savez(tmp_path / "scaled.npz", updated_cache=want * np.float32(1 + 1e-3))
    # (a shift fails any rtol on the values near 0; a 0.1% scaling, an atol below 0.1% of the largest)
    for ref, passing, failing in (
        ("shifted", ["--atol", "2e-4"], ["--rtol", "0.5"]),
        ("scaled", ["--rtol", "2e-3"], ["--atol", "2e-4"]),
    ):
        assert invoke("run", KV, "--random", "--compare", tmp_path / f"{ref}.npz").exit_code == 1
        r = invoke("run", KV, "--random", "--compare", tmp_path / f"{ref}.npz", *passing)
        assert r.exit_code == 0 and r.output.startswith("ok "), (ref, r.output)
        r = invoke("run", KV, "--random", "--compare", tmp_path / f"{ref}.npz", *failing)
        assert r.exit_code == 1 and r.output.startswith("MISMATCH "), (ref, r.output)
    for bad in (["--atol", "-1"], ["--rtol", "nan"]):
        r = invoke("run", KV, "--random", "--compare", tmp_path / "shifted.npz", *bad)
        assert r.exit_code == 2 and "must be a number >= 0" in r.output
    r = invoke("run", KV, "--random", "--atol", "1")
    assert r.exit_code == 2 and "--rtol and --atol need --compare" in r.output


def nan_model(tmp_path):
    """y = x / x: NaN where x is 0."""
    xml = net(
        [
            param(0, "x", (4,)),
            layer(
                1, "Divide", inputs=[port(0, "f32", (4,)), port(1, "f32", (4,))], outputs=[port(2, "f32", (4,), "y")]
            ),
            result(2, "f32", (4,)),
        ],
        [(0, 0, 1, 0), (0, 0, 1, 1), (1, 2, 2, 0)],
    )
    path = write(tmp_path, xml)
    np.save(tmp_path / "x.npy", np.array([0, 1, 2, 0], np.float32))
    return path


def test_compare_nan_equals_nan_but_not_a_number(tmp_path):
    path = nan_model(tmp_path)
    np.savez(tmp_path / "same.npz", y=np.array([np.nan, 1, 1, np.nan], np.float32))
    r = invoke("run", path, "-i", f"x={tmp_path / 'x.npy'}", "--compare", tmp_path / "same.npz")
    assert r.exit_code == 0 and r.output.startswith("ok        y: 4 elements within tolerance")
    np.savez(tmp_path / "num.npz", y=np.array([np.nan, 1, 1, 1], np.float32))
    r = invoke("run", path, "-i", f"x={tmp_path / 'x.npy'}", "--compare", tmp_path / "num.npz")
    assert r.exit_code == 1
    assert (
        "MISMATCH  y: 1 of 4 elements differ (max abs err nan, max rel err nan); first at [3]: expected 1.0, got nan"
    ) in r.output


def test_compare_missing_extra_shape_and_aliases(tmp_path, kv_ref):
    want = np.load(kv_ref)["updated_cache"]
    np.savez(tmp_path / "extra.npz", updated_cache=want, other=want)
    r = invoke("run", KV, "--random", "--compare", tmp_path / "extra.npz")
    assert r.exit_code == 1
    assert "EXTRA     other: in '" in r.output and "no output has that name (outputs: updated_cache)" in r.output
    assert "ok        updated_cache" in r.output and "holds 1 array(s) that name no output" in r.output
    np.savez(tmp_path / "none.npz", other=want)
    r = invoke("run", KV, "--random", "--compare", tmp_path / "none.npz")
    assert r.exit_code == 1 and f"MISSING   updated_cache: not in '{tmp_path / 'none.npz'}'" in r.output
    assert "1 of 1 output(s) differ" in r.output
    np.savez(tmp_path / "shape.npz", updated_cache=want[:1])
    r = invoke("run", KV, "--random", "--compare", tmp_path / "shape.npz")
    assert r.exit_code == 1 and "SHAPE     updated_cache: shape [2, 8, 4], '" in r.output
    assert "has [1, 8, 4]" in r.output


def test_compare_finds_outputs_by_any_tensor_name(tmp_path):
    xml, blob = scatter_model()
    xml = xml.replace('names="out"', 'names="out,alias"')
    path = write(tmp_path, xml, blob)
    assert invoke("run", path, "--random", "-o", tmp_path / "r.npz").exit_code == 0
    np.savez(tmp_path / "alias.npz", alias=np.load(tmp_path / "r.npz")["out"])
    r = invoke("run", path, "--random", "--compare", tmp_path / "alias.npz")
    assert r.exit_code == 0 and r.output.startswith("ok        out: 12 elements")


def int_model(tmp_path):
    """i64 output: x + x."""
    xml = net(
        [
            param(0, "x", (3,), "i64"),
            layer(1, "Add", inputs=[port(0, "i64", (3,)), port(1, "i64", (3,))], outputs=[port(2, "i64", (3,), "y")]),
            result(2, "i64", (3,)),
        ],
        [(0, 0, 1, 0), (0, 0, 1, 1), (1, 2, 2, 0)],
    )
    np.save(tmp_path / "x.npy", np.array([1, 2, 1 << 40], np.int64))
    return write(tmp_path, xml)


def test_compare_integers_exactly_across_types(tmp_path):
    path = int_model(tmp_path)
    x = f"x={tmp_path / 'x.npy'}"
    np.savez(tmp_path / "f64.npz", y=np.array([2, 4, 2 << 40], np.float64))
    r = invoke("run", path, "-i", x, "--compare", tmp_path / "f64.npz")
    assert r.exit_code == 0 and "(reference float64, output i64)" in r.output
    np.savez(tmp_path / "i32.npz", y=np.array([2, 4, 0], np.int32))
    r = invoke("run", path, "-i", x, "--compare", tmp_path / "i32.npz", "--atol", "1e30")
    assert r.exit_code == 1  # tolerances are for floats: integers against integers are exact
    assert "MISMATCH  y: 1 of 3 elements differ" in r.output and "expected 0, got 2199023255552" in r.output
    np.savez(tmp_path / "u64.npz", y=np.array([2, 4, 2 << 40], np.uint64))
    r = invoke("run", path, "-i", x, "--compare", tmp_path / "u64.npz")
    assert r.exit_code == 0 and "ok        y: 3 elements equal (reference uint64, output i64)" in r.output


def test_compare_bf16_outputs_with_their_widened_npz(tmp_path):
    shape = (2, 3)
    xml = net(
        [
            param(0, "x", shape, "bf16"),
            layer(
                1,
                "Multiply",
                inputs=[port(0, "bf16", shape), port(1, "bf16", shape)],
                outputs=[port(2, "bf16", shape, "y")],
            ),
            result(2, "bf16", shape),
        ],
        [(0, 0, 1, 0), (0, 0, 1, 1), (1, 2, 2, 0)],
    )
    path = write(tmp_path, xml)
    assert invoke("run", path, "--random", "-o", tmp_path / "ref.npz").exit_code == 0
    assert np.load(tmp_path / "ref.npz")["y"].dtype == np.float32
    r = invoke("run", path, "--random", "--compare", tmp_path / "ref.npz")
    assert r.exit_code == 0 and r.output.startswith("ok        y: 6 elements within tolerance (max abs err 0")


def npy_bytes(header: str, payload: bytes = b"\0" * 24) -> bytes:
    h = header.encode("latin-1")
    h += b" " * (64 - (10 + len(h) + 1) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + len(h).to_bytes(2, "little") + h + payload


def test_reference_files_are_read_safely_and_before_running(tmp_path, monkeypatch):
    ran = []
    real = irexec.Model.infer
    monkeypatch.setattr(irexec.Model, "infer", lambda self, *a, **k: ran.append(1) or real(self, *a, **k))
    np.savez(tmp_path / "evil.npz", updated_cache=np.array([{"a": 1}], dtype=object))
    r = invoke("run", KV, "--random", "--compare", tmp_path / "evil.npz")
    assert r.exit_code == 1 and "pickled arrays are refused" in r.output
    np.savez(tmp_path / "text.npz", updated_cache=np.array(["a", "b"]))
    r = invoke("run", KV, "--random", "--compare", tmp_path / "text.npz")
    assert r.exit_code == 1 and "holds <U1, not numbers" in r.output
    np.savez(tmp_path / "big.npz", updated_cache=np.zeros((1000, 1000), np.float32))
    r = invoke("run", KV, "--random", "--compare", tmp_path / "big.npz", "--max-bytes", "1M")
    assert r.exit_code == 1 and "holds 3.8 MiB, over the budget of 1.0 MiB" in r.output
    r = invoke("run", KV, "--random", "--compare", tmp_path / "nope.npz")
    assert r.exit_code == 1 and "reference file" in r.output and "not found" in r.output
    for name, header in (("negative", "'shape': (-3,)"), ("garbled", "'shape': (1,\xb1\x1c")):
        with zipfile.ZipFile(tmp_path / f"{name}.npz", "w") as z:
            z.writestr("updated_cache.npy", npy_bytes("{'descr': '<f4', 'fortran_order': False, " + header + ", }"))
    r = invoke("run", KV, "--random", "--compare", tmp_path / "negative.npz")
    assert r.exit_code == 1 and "member 'updated_cache.npy' has a negative dimension: [-3]" in r.output
    r = invoke("run", KV, "--random", "--compare", tmp_path / "garbled.npz")
    assert r.exit_code == 1 and "member 'updated_cache.npy' as .npy: " in r.output
    (tmp_path / "junk.npz").write_bytes(b"PK\x03\x04 not really")
    r = invoke("run", KV, "--random", "--compare", tmp_path / "junk.npz")
    assert r.exit_code == 1 and "cannot read" in r.output
    assert ran == []  # every one was refused before the model ran


def test_compare_against_torch_outputs(tmp_path):
    m, inputs, outputs = torch_model()
    np.savez(tmp_path / "in.npz", **inputs)
    np.savez(tmp_path / "torch.npz", **{info.name: out for info, out in zip(m.outputs, outputs)})
    path = os.path.join(TORCH, "kv_attention_step.xml")
    r = invoke("run", path, "-i", tmp_path / "in.npz", "--compare", tmp_path / "torch.npz", "--atol", "1e-6")
    assert r.exit_code == 0, r.output
    assert [line.split()[:2] for line in r.output.splitlines()[:4]] == [["ok", i.name + ":"] for i in m.outputs]


def test_compare_against_the_openvino_runtime(tmp_path):
    """Outputs saved from the OpenVINO CPU plugin are the reference; a perturbed copy is caught."""
    oracle = pytest.importorskip("helpers.oracle")
    ov = oracle.ov
    import openvino.opset15 as ops

    rng = np.random.default_rng(3)
    data = ops.parameter([4, 5], ov.Type.f32, name="data")
    upd = ops.parameter([2, 5], ov.Type.f32, name="updates")
    scat = ops.scatter_nd_update(data, ops.constant(np.array([[1], [3]], np.int64)), upd, "sum")
    total = ops.add(ops.multiply(scat, ops.constant(np.float32(2))), data)
    rows = ops.gather(total, ops.constant(np.array([3, 0], np.int64)), ops.constant(np.int64(0)))
    positive = ops.convert(ops.greater(total, ops.constant(np.float32(0))), ov.Type.i32)
    for node, name in ((total, "total"), (rows, "rows"), (positive, "positive")):
        node.output(0).get_tensor().set_names({name})
    path = oracle.save(ov.Model([ops.result(n) for n in (total, rows, positive)], [data, upd]), tmp_path)
    feeds = {
        "data": oracle.exact_sample(rng, (4, 5), np.float32),
        "updates": oracle.exact_sample(rng, (2, 5), np.float32),
    }
    compiled = oracle.core().compile_model(path, "CPU")
    res = compiled(feeds)
    ref = {o.get_any_name(): np.asarray(res[o]) for o in compiled.outputs}
    assert sorted(ref) == ["positive", "rows", "total"]
    np.savez(tmp_path / "ov.npz", **ref)
    np.savez(tmp_path / "in.npz", **feeds)
    r = invoke("run", path, "-i", tmp_path / "in.npz", "--compare", tmp_path / "ov.npz")
    assert r.exit_code == 0, r.output
    assert sum(line.startswith("ok ") for line in r.output.splitlines()) == 3
    ref["rows"] = ref["rows"].copy()
    ref["rows"][1, 2] += 1
    np.savez(tmp_path / "ov_bad.npz", **ref)
    r = invoke("run", path, "-i", tmp_path / "in.npz", "--compare", tmp_path / "ov_bad.npz")
    assert r.exit_code == 1 and "MISMATCH  rows: 1 of 10 elements differ" in r.output
    assert "first at [1, 2]" in r.output


# --dump


def load_dump(directory) -> dict:
    with open(os.path.join(directory, "index.json"), encoding="utf-8") as f:
        return json.load(f)


def tapped(xml_path: str, taps: list, directory) -> str:
    """A copy of the IR with a Result on each (layer id, output index) in ``taps``: evaluates
    those tensors separately (and keeps them visible, so nothing overwrites them in place)."""
    tree = etree.parse(xml_path)
    layers, edges = tree.find("layers"), tree.find("edges")
    for n, (lid, k) in enumerate(taps):
        src = next(e for e in layers if e.get("id") == lid)
        out_port = src.find("output")[k]
        res = etree.SubElement(layers, "layer", id=str(90000 + n), name=f"tap{n}", type="Result", version="opset1")
        in_port = copy.deepcopy(out_port)
        in_port.set("id", "0")
        in_port.attrib.pop("names", None)
        etree.SubElement(res, "input").append(in_port)
        etree.SubElement(
            edges,
            "edge",
            {"from-layer": lid, "from-port": out_port.get("id"), "to-layer": str(90000 + n), "to-port": "0"},
        )
    stem = os.path.join(str(directory), "tapped")
    tree.write(stem + ".xml")
    bin_path = os.path.splitext(xml_path)[0] + ".bin"
    if os.path.exists(bin_path):
        shutil.copy(bin_path, stem + ".bin")
    return stem + ".xml"


def assert_dump_matches_tapped_model(xml_path, inputs: dict, dump_dir, tmp_path):
    index = load_dump(dump_dir)
    assert index["complete"] is True and index["error"] is None and index["format"] == "irexec-dump"
    tensors = [t for t in index["tensors"] if t["type"] != "Parameter"]
    m = irexec.read_model(tapped(xml_path, [(t["id"], t["output"]) for t in tensors], tmp_path))
    by_result = {info.layer_id: info.name for info in m.outputs}
    outs = m.infer(inputs)
    for n, t in enumerate(tensors):
        got = np.load(os.path.join(dump_dir, t["file"]))
        want = cli_io.storable(outs[by_result[str(90000 + n)]])
        assert got.dtype == want.dtype and list(got.shape) == t["shape"], t
        np.testing.assert_array_equal(got, want, err_msg=t["file"])
    return index


def test_dump_equals_separate_evaluation_of_each_layer(tmp_path):
    m, inputs, _ = torch_model()
    np.savez(tmp_path / "in.npz", **inputs)
    xml = os.path.join(TORCH, "kv_attention_step.xml")
    r = invoke("run", xml, "-i", tmp_path / "in.npz", "--dump", tmp_path / "d")
    assert r.exit_code == 0, r.output
    index = assert_dump_matches_tapped_model(xml, inputs, tmp_path / "d", tmp_path)
    computed = [s.layer for s in m.plan.steps if s.layer.type != "Result"]
    params = [t for t in index["tensors"] if t["type"] == "Parameter"]
    assert [t["layer"] for t in params] == [i.name for i in m.inputs]
    for t in params:
        np.testing.assert_array_equal(np.load(tmp_path / "d" / t["file"]), inputs[t["layer"]])
    assert [t["id"] for t in index["tensors"][len(params) :]] == [lay.id for lay in computed for _ in lay.outputs]
    assert sorted(os.listdir(tmp_path / "d")) == sorted([t["file"] for t in index["tensors"]] + ["index.json"])
    assert set(index["outputs"]) == {i.name for i in m.outputs}
    assert f"dumped {len(index['tensors'])} tensor(s)" in r.output


def test_dump_keeps_the_tensor_a_scatter_later_overwrote_in_place(tmp_path, monkeypatch):
    m = chain(tmp_path)  # writes tmp_path/model.xml: Multiply -> 3 ScatterUpdates
    calls = count_inplace(m, monkeypatch)
    inputs = chain_inputs()
    np.savez(tmp_path / "in.npz", **inputs)
    r = invoke("run", tmp_path / "model.xml", "-i", tmp_path / "in.npz", "--dump", tmp_path / "d")
    assert r.exit_code == 0, r.output
    assert calls == [True, True, True]  # the dumped run did update the Multiply's buffer in place
    index = load_dump(tmp_path / "d")
    files = {t["id"]: np.load(tmp_path / "d" / t["file"]) for t in index["tensors"]}
    prod = inputs["x"] * inputs["one"]
    np.testing.assert_array_equal(files["3"], prod)  # the pre-scatter tensor, intact
    for k, lid in enumerate(("11", "13", "15")):
        prod[k] = 7
        np.testing.assert_array_equal(files[lid], prod)
    assert_dump_matches_tapped_model(str(tmp_path / "model.xml"), inputs, tmp_path / "d", tmp_path)


HOSTILE = ["../../escape", "a/b\\c", "..", ".", "/etc/passwd", "x" * 300, "&#10;line&#13;", "ünï cödé", ""]


def test_dump_names_from_the_file_cannot_escape(tmp_path):
    layers, edges = [param(0, "x", (2,))], []
    prev = 0
    for n, name in enumerate(HOSTILE, start=1):
        layers.append(
            layer(
                n,
                "Add",
                inputs=[port(0, "f32", (2,)), port(1, "f32", (2,))],
                outputs=[port(2, "f32", (2,))],
                name=name or "placeholder",
            )
        )
        edges += [(prev, 0 if prev == 0 else 2, n, 0), (0, 0, n, 1)]
        prev = n
    layers.append(result(99, "f32", (2,)))
    edges.append((prev, 2, 99, 0))
    xml = net(layers, edges).replace('name="placeholder"', 'name=""')
    xml = xml.replace('<layer id="3"', '<layer id="../../id3"').replace('layer="3"', 'layer="../../id3"')
    os.mkdir(tmp_path / "m")
    path = write(tmp_path / "m", xml)
    os.mkdir(tmp_path / "out")
    r = invoke("run", path, "--random", "--dump", tmp_path / "out" / "d")
    assert r.exit_code == 0, r.output
    everything = sorted(os.path.relpath(os.path.join(d, f), tmp_path) for d, _, fs in os.walk(tmp_path) for f in fs)
    assert everything == sorted(["m/model.xml"] + [f"out/d/{f}" for f in os.listdir(tmp_path / "out" / "d")])
    index = load_dump(tmp_path / "out" / "d")
    assert [t["layer"] for t in index["tensors"][1:]] == [
        "../../escape",
        "a/b\\c",
        "..",
        ".",
        "/etc/passwd",
        "x" * 300,
        "\nline\r",
        "ünï cödé",
        "",
    ]
    assert index["tensors"][3]["id"] == "../../id3"
    for t in index["tensors"]:
        assert re.fullmatch(r"\d{4}_[A-Za-z0-9_-]{1,48}_id[A-Za-z0-9_-]{1,16}\.npy", t["file"]), t["file"]
    assert len({t["file"] for t in index["tensors"]}) == len(index["tensors"])
    assert cli_io.safe_component("a\x00b/../c") == "a_b_c" and cli_io.safe_component("..") == "_"


def test_dump_target_checks(tmp_path):
    (tmp_path / "file").write_text("x")
    r = invoke("run", KV, "--random", "--dump", tmp_path / "file" / "d")
    assert r.exit_code == 2 and "its parent is not a directory" in r.output
    r = invoke("run", KV, "--random", "--dump", tmp_path / "no" / "d")
    assert r.exit_code == 2 and "its parent does not exist" in r.output
    os.mkdir(tmp_path / "mine")
    (tmp_path / "mine" / "keep.txt").write_text("precious")
    r = invoke("run", KV, "--random", "--dump", tmp_path / "mine")
    assert r.exit_code == 2 and "exists and is neither empty nor an irexec dump" in r.output
    assert os.listdir(tmp_path / "mine") == ["keep.txt"]
    os.symlink(tmp_path / "mine", tmp_path / "link")
    r = invoke("run", KV, "--random", "--dump", tmp_path / "link")
    assert r.exit_code == 2 and "exists and is not a directory" in r.output
    os.mkdir(tmp_path / "empty")
    assert invoke("run", KV, "--random", "--dump", tmp_path / "empty").exit_code == 0
    assert "index.json" in os.listdir(tmp_path / "empty")
    assert sorted(os.listdir(tmp_path)) == ["empty", "file", "link", "mine"]  # no temporary left


def test_a_new_dump_replaces_a_previous_one_whole(tmp_path):
    d = tmp_path / "d"
    assert invoke("run", KV, "--random", "--dump", d).exit_code == 0
    xml, blob = scatter_model()
    path = write(tmp_path, xml, blob)
    assert invoke("run", path, "--random", "--dump", d).exit_code == 0
    index = load_dump(d)
    assert index["model"] == "test"
    assert sorted(os.listdir(d)) == sorted([t["file"] for t in index["tensors"]] + ["index.json"])
    (d / "extra.txt").write_text("not ours")
    r = invoke("run", KV, "--random", "--dump", d)
    assert r.exit_code == 2 and (d / "extra.txt").exists()
    assert sorted(os.listdir(tmp_path)) == ["d", "model.bin", "model.xml"]


N_IDX = 70  # indices too many for the pre-run size check to fold: the error comes from the run


def failing_model(tmp_path):
    """Multiply, then a ScatterUpdate whose index input is out of range at run time."""
    n = N_IDX
    xml = net(
        [
            param(0, "data", (4, 3)),
            param(1, "idx", (n,), "i64"),
            param(2, "u", (n, 3)),
            layer(
                3,
                "Const",
                data={"element_type": "i64", "shape": "", "offset": 0, "size": 8},
                outputs=[port(0, "i64", ())],
            ),
            layer(
                6,
                "Multiply",
                inputs=[port(0, "f32", (4, 3)), port(1, "f32", (4, 3))],
                outputs=[port(2, "f32", (4, 3))],
                name="square",
            ),
            layer(
                4,
                "ScatterUpdate",
                "opset3",
                inputs=[port(0, "f32", (4, 3)), port(1, "i64", (n,)), port(2, "f32", (n, 3)), port(3, "i64", ())],
                outputs=[port(4, "f32", (4, 3), "out")],
                name="scatter",
            ),
            result(5, "f32", (4, 3)),
        ],
        [(0, 0, 6, 0), (0, 0, 6, 1), (6, 2, 4, 0), (1, 0, 4, 1), (2, 0, 4, 2), (3, 0, 4, 3), (4, 4, 5, 0)],
    )
    np.save(tmp_path / "idx.npy", np.array([1] * (n - 1) + [9]))
    return write(tmp_path, xml, np.array(0, np.int64).tobytes())


def test_a_run_failing_in_a_layer_keeps_a_dump_marked_incomplete(tmp_path):
    path = failing_model(tmp_path)
    d = tmp_path / "d"
    r = invoke("run", path, "--random", "-i", f"idx={tmp_path / 'idx.npy'}", "--dump", d, "-o", tmp_path / "o.npz")
    assert r.exit_code == 1
    assert "dumped 4 tensor(s) to" in r.output and "before the run failed" in r.output
    assert f"index 9 at position [{N_IDX - 1}] is out of range" in r.output
    index = load_dump(d)
    assert index["complete"] is False and "layer 'scatter' (id 4, ScatterUpdate)" in index["error"]
    assert [t["layer"] for t in index["tensors"]] == ["data", "idx", "u", "square"]
    data = np.load(d / index["tensors"][0]["file"])
    np.testing.assert_array_equal(np.load(d / index["tensors"][3]["file"]), data * data)
    assert index["outputs"] == {"out": None}
    assert not (tmp_path / "o.npz").exists()
    assert sorted(os.listdir(tmp_path)) == ["d", "idx.npy", "model.bin", "model.xml"]


def test_a_layer_error_found_before_running_keeps_the_inputs(tmp_path):
    """A small integer input that steers a shape (a Reshape's target) is folded by the pre-run
    size check, which finds the bad value before any layer runs: the error names the layer, and
    the dump holds the inputs that lead to it, and nothing computed."""
    xml = net(
        [
            param(0, "data", (4, 3)),
            param(1, "target", (2,), "i64"),
            layer(
                2,
                "Multiply",
                inputs=[port(0, "f32", (4, 3)), port(1, "f32", (4, 3))],
                outputs=[port(2, "f32", (4, 3))],
                name="square",
            ),
            layer(
                3,
                "Reshape",
                data={"special_zero": "false"},
                inputs=[port(0, "f32", (4, 3)), port(1, "i64", (2,))],
                outputs=[port(2, "f32", (-1, -1), "out")],
                name="reshape",
            ),
            result(4, "f32", (-1, -1)),
        ],
        [(0, 0, 2, 0), (0, 0, 2, 1), (2, 2, 3, 0), (1, 0, 3, 1), (3, 2, 4, 0)],
    )
    path = write(tmp_path, xml, b"")
    np.save(tmp_path / "target.npy", np.array([5, 5]))
    r = invoke("run", path, "--random", "-i", f"target={tmp_path / 'target.npy'}", "--dump", tmp_path / "d")
    assert r.exit_code == 1 and "layer 'reshape' (id 3, Reshape)" in r.output
    index = load_dump(tmp_path / "d")
    assert index["complete"] is False and [t["layer"] for t in index["tensors"]] == ["data", "target"]


def test_a_run_failing_before_any_layer_leaves_no_dump(tmp_path):
    path = failing_model(tmp_path)
    np.save(tmp_path / "bad.npy", np.zeros(N_IDX, np.float32))
    r = invoke("run", path, "--random", "-i", f"idx={tmp_path / 'bad.npy'}", "--dump", tmp_path / "d")
    assert r.exit_code == 1 and "input 'idx' expects i64, got f32" in r.output
    assert sorted(os.listdir(tmp_path)) == ["bad.npy", "idx.npy", "model.bin", "model.xml"]


def test_dump_refuses_to_outgrow_the_disk(tmp_path, monkeypatch):
    class Usage:
        free = 700

    monkeypatch.setattr(shutil, "disk_usage", lambda path: Usage)
    r = invoke("run", KV, "--random", "--dump", tmp_path / "d")
    assert r.exit_code == 1
    assert "the tensors need about 960 bytes, more than the 700 bytes free on its disk" in r.output
    # Shapes the pre-run estimate cannot size are caught as the dump grows.
    monkeypatch.setattr(run_cmd, "_dump_estimate", lambda m, arrays: 0)
    r = invoke("run", KV, "--random", "--dump", tmp_path / "d")
    assert r.exit_code == 1
    assert "the tensors would outgrow the free disk space (700 bytes) at layer 'write_tokens' (id 4)" in r.output
    assert os.listdir(tmp_path) == []


def test_dump_with_compare_profile_and_output_together(tmp_path, kv_ref):
    out, d = tmp_path / "out.npz", tmp_path / "d"
    r = invoke("run", KV, "--random", "--dump", d, "--compare", kv_ref, "--profile", "--repeat", "2", "-o", out)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == f"wrote 1 output(s) to {out}"
    assert lines[1].startswith("time ms")
    assert any(line.startswith("dumped 3 tensor(s), ") and str(d) in line for line in lines)
    assert lines[-2].startswith("ok        updated_cache") and lines[-1].startswith("all 1 output(s) match")
    index = load_dump(d)
    dumped = np.load(d / index["outputs"]["updated_cache"])
    np.testing.assert_array_equal(dumped, np.load(out)["updated_cache"])
    np.testing.assert_array_equal(dumped, np.load(kv_ref)["updated_cache"])
    assert len(index["tensors"]) == 3  # the second run is not dumped again
    umask = os.umask(0o22)
    os.umask(umask)
    assert os.stat(out).st_mode & 0o777 == 0o666 & ~umask  # as a new file, not mkstemp's 0600
    assert os.stat(d).st_mode & 0o777 == 0o777 & ~umask
    # A mismatch still writes the outputs and the dump (they are complete), then exits 1.
    np.savez(tmp_path / "bad.npz", updated_cache=np.zeros((2, 8, 4), np.float32))
    r = invoke("run", KV, "--random", "--seed", "2", "--dump", d, "--compare", tmp_path / "bad.npz")
    assert r.exit_code == 1 and load_dump(d)["complete"] is True
    assert "MISMATCH  updated_cache" in r.output


# -o, progress


def test_output_file_errors_are_one_line_and_come_before_running(tmp_path, monkeypatch):
    monkeypatch.setattr(irexec.Model, "infer", lambda *a, **k: pytest.fail("ran"))
    r = invoke("run", KV, "--random", "-o", tmp_path / "no" / "out.npz")
    assert (
        r.exit_code == 2
        and r.output.strip() == f"error: cannot write '{tmp_path / 'no' / 'out.npz'}': its folder does not exist"
    )
    (tmp_path / "f").write_text("")
    r = invoke("run", KV, "--random", "-o", tmp_path / "f" / "out.npz")
    assert r.exit_code == 2 and "its folder is not a directory" in r.output


def test_save_failures_are_errors_not_tracebacks(tmp_path, monkeypatch):
    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np.lib.format, "write_array", full)  # (the .npz members are written by irexec)
    with pytest.raises(irexec.IRExecError, match="cannot write '.*out.npz': No space left on device"):
        cli_io.save_npz_atomic(str(tmp_path / "out.npz"), {"a": np.zeros(3)})
    assert os.listdir(tmp_path) == []


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_only_on_a_terminal_and_only_after_a_delay(tmp_path, monkeypatch):
    assert run_cmd.Progress.on_terminal(io.StringIO(), 10) is None
    term = FakeTerminal()
    quiet = run_cmd.Progress.on_terminal(term, 10)
    for _ in range(10):
        quiet(None, (), 0.0)
    quiet.close()
    assert term.getvalue() == ""  # a short run shows nothing
    monkeypatch.setattr(run_cmd.Progress, "DELAY", 0.0)
    monkeypatch.setattr(run_cmd.Progress, "INTERVAL", 0.0)
    m = chain(tmp_path)
    n = len(m.plan.steps)
    p = run_cmd.Progress.on_terminal(term, 2 * n)
    m.infer(chain_inputs(), observer=p)
    shown = term.getvalue()
    assert shown.startswith(f"\rrunning: 1/{2 * n} layers [") and f"\rrunning: {n}/{2 * n} layers [" in shown
    assert shown.split("\r")[-1].split("]")[1].split()[0] == "50%"
    p.close()
    assert term.getvalue().endswith("\r" + " " * len(shown.split("\r")[-1]) + "\r")


def test_no_progress_in_pipes(tmp_path):
    r = invoke("run", KV, "--random", "--profile", "--repeat", "50")
    assert r.exit_code == 0 and "\r" not in r.output and "running:" not in r.output


def test_output_table_escapes_names(tmp_path):
    xml, blob = scatter_model()
    xml = xml.replace('names="out"', 'names="o&#10;ut"')
    r = invoke("run", write(tmp_path, xml, blob), "--random")
    assert r.exit_code == 0 and "o\\nut" in r.output and len(r.output.splitlines()) == 2
