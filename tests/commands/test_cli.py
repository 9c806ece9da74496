"""`irexec run`: outputs, inputs from .npy/.npz, --random, atomic -o, and one-line errors."""

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from helpers.irtext import add_model, net, param, result, scatter_model, write
from irexec.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = os.path.join(ROOT, "models")


def invoke(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def scatter_xml(tmp_path):
    xml, blob = scatter_model()
    return write(tmp_path, xml, blob)


def test_table_of_outputs(tmp_path, scatter_xml):
    np.save(tmp_path / "d.npy", np.zeros((4, 3), np.float32))
    np.save(tmp_path / "u.npy", np.full((2, 3), 5, np.float32))
    r = invoke("run", scatter_xml, "-i", f"data={tmp_path / 'd.npy'}", "-i", f"updates={tmp_path / 'u.npy'}")
    assert r.exit_code == 0, r.output
    header, row = r.output.splitlines()
    assert header.split() == ["output", "shape", "type", "values"]
    assert row.split()[:4] == ["out", "[4,", "3]", "f32"] and "5." in row


def test_npz_inputs_and_npz_output(tmp_path, scatter_xml):
    np.savez(tmp_path / "in.npz", data=np.zeros((4, 3), np.float32), updates=np.ones((2, 3), np.float32))
    out = tmp_path / "out.npz"
    r = invoke("run", scatter_xml, "-i", str(tmp_path / "in.npz"), "-o", str(out))
    assert r.exit_code == 0 and "wrote 1 output(s)" in r.output
    with np.load(out) as z:
        np.testing.assert_array_equal(z["out"], [[0, 0, 0], [1, 1, 1], [0, 0, 0], [1, 1, 1]])


def test_random_is_seeded_and_mixes_with_given_inputs(tmp_path, scatter_xml):
    np.save(tmp_path / "u.npy", np.full((2, 3), 9, np.float32))
    outs = []
    for seed in ("1", "1", "2"):
        o = tmp_path / f"o{len(outs)}.npz"
        r = invoke("run", scatter_xml, "-i", f"updates={tmp_path / 'u.npy'}", "--random", "--seed", seed, "-o", str(o))
        assert r.exit_code == 0, r.output
        outs.append(np.load(o)["out"])
    np.testing.assert_array_equal(outs[0], outs[1])
    assert not np.array_equal(outs[0], outs[2])
    assert (outs[0][[1, 3]] == 9).all()


def test_random_needs_sizes_for_dynamic_dims(tmp_path):
    xml = net([param(0, "x", ["?", 3], dims=[-1, 3]), result(1, "f32", [-1, 3])], [(0, 0, 1, 0)])
    path = write(tmp_path, xml)
    r = invoke("run", path, "--random")
    assert r.exit_code == 1
    assert "input 'x' has dynamic shape [?,3]: give its size with --shape x=D1,D2,..." in r.output
    r = invoke("run", path, "--random", "--shape", "x=5,3")
    assert r.exit_code == 0 and "[5, 3]" in r.output


def test_random_refuses_huge_inputs_before_allocating(tmp_path):
    xml = net([param(0, "x", [1 << 20, 1 << 20]), result(1, "f32", [1 << 20, 1 << 20])], [(0, 0, 1, 0)])
    r = invoke("run", write(tmp_path, xml), "--random")
    assert r.exit_code == 1 and "--random would allocate more than" in r.output


def test_failed_run_leaves_existing_output_untouched(tmp_path, scatter_xml):
    out = tmp_path / "out.npz"
    out.write_bytes(b"previous")
    np.save(tmp_path / "bad.npy", np.zeros((5, 5), np.float32))
    r = invoke("run", scatter_xml, "-i", f"data={tmp_path / 'bad.npy'}", "--random", "-o", str(out))
    assert r.exit_code == 1 and "'data' expects shape [4,3]" in r.output and "holds [5, 5]" in r.output
    assert out.read_bytes() == b"previous"
    assert sorted(os.listdir(tmp_path)) == ["bad.npy", "model.bin", "model.xml", "out.npz"]


def test_pickled_npy_is_refused(tmp_path, scatter_xml):
    evil = tmp_path / "evil.npy"
    np.save(evil, np.array([{"a": 1}], dtype=object), allow_pickle=True)
    r = invoke("run", scatter_xml, "-i", f"data={evil}", "--random")
    assert r.exit_code == 1 and "pickled arrays are refused" in r.output


def test_corrupt_npy_and_missing_file(tmp_path, scatter_xml):
    (tmp_path / "junk.npy").write_bytes(pickle.dumps([1, 2]))
    r = invoke("run", scatter_xml, "-i", f"data={tmp_path / 'junk.npy'}")
    assert r.exit_code == 1 and "cannot read" in r.output
    r = invoke("run", scatter_xml, "-i", "data=nope.npy")
    assert r.exit_code == 1 and "input file 'nope.npy' not found" in r.output


def test_usage_errors_exit_2(tmp_path, scatter_xml):
    assert invoke("run").exit_code == 2
    assert invoke("run", scatter_xml, "--seed", "x").exit_code == 2
    r = invoke("run", scatter_xml, "--random", "--shape", "data")
    assert r.exit_code == 2 and "use NAME=D1,D2" in r.output
    r = invoke("run", scatter_xml, "-i", "plain.npy")
    assert r.exit_code == 2 and "use NAME=FILE.npy" in r.output


def test_bad_model_is_one_line_exit_1(tmp_path):
    path = write(tmp_path, add_model().replace('type="Add"', 'type="Nope"'))
    r = invoke("run", path, "--random")
    assert r.exit_code == 1
    assert r.output.strip().count("\n") == 0
    assert r.output.startswith(f"error: {path}:6: layer 'l2' (id 2, Nope): unknown operation type 'Nope'")


def _run(*args):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_launcher_and_debug_traceback(tmp_path):
    path = write(tmp_path, "<net")
    p = _run("cli.py", "run", path)
    assert p.returncode == 1 and "Traceback" not in p.stderr and p.stderr.startswith("error: ")
    p = _run("cli.py", "--debug", "run", path)
    assert p.returncode == 1 and "Traceback" in p.stderr


@pytest.mark.parametrize("name", sorted(f for f in os.listdir(MODELS) if f.endswith(".xml")))
def test_bundled_models_run(name):
    p = _run("cli.py", "run", os.path.join("models", name), "--random")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[0].split() == ["output", "shape", "type", "values"]


def test_npz_member_not_an_input_is_refused(tmp_path, scatter_xml):
    np.savez(tmp_path / "in.npz", data=np.zeros((4, 3), np.float32), nope=np.zeros(3))
    r = invoke("run", scatter_xml, "-i", str(tmp_path / "in.npz"), "--random")
    assert r.exit_code == 1 and "unknown input 'nope' (inputs: data, updates)" in r.output


def test_an_internal_error_is_one_line_and_exit_1(tmp_path, monkeypatch):
    """A bug in irexec (an exception it did not mean to raise) must never look like success; an
    op's own exception is located at its layer instead."""
    import irexec.api.model
    import irexec.ops

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    xml = write(tmp_path, add_model())
    with monkeypatch.context() as m:
        m.setattr(irexec.api.model.Model, "infer", broken)
        r = CliRunner().invoke(cli, ["run", xml, "--random"])
        assert r.exit_code == 1
        assert r.output.strip().splitlines() == [
            "error: internal error: RuntimeError: a bug (rerun with --debug for details)"
        ]
        m.setattr(sys, "argv", ["irexec", "--debug", "run", xml, "--random"])  # (as a real run sees it)
        r = CliRunner().invoke(cli, ["--debug", "run", xml, "--random"])
        assert r.exit_code == 1 and "Traceback" in r.output and "a bug" in r.output
    monkeypatch.setattr(irexec.ops.lookup("Add", "opset1"), "compute", broken)
    r = CliRunner().invoke(cli, ["run", xml, "--random"])
    assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1
    assert "layer 'l2' (id 2, Add): RuntimeError: a bug" in r.output


# ---- --steps and --dump-state (a model with variables) ---------------------------------------------


@pytest.fixture
def stateful_xml(tmp_path):
    """s = ReadValue(s) + x; Assign(s), a ReadValue-6 of f32 [2] with no init_value (zeros)."""
    xml = """<?xml version="1.0"?>
<net name="acc" version="11"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="2" element_type="f32"/>
<output><port id="0" precision="FP32" names="x"><dim>2</dim></port></output></layer>
<layer id="1" name="read" type="ReadValue" version="opset6"><data variable_id="acc/total" variable_type="f32" variable_shape="2"/>
<output><port id="0" precision="FP32"><dim>2</dim></port></output></layer>
<layer id="2" name="sum" type="Add" version="opset1"><input><port id="0" precision="FP32"><dim>2</dim></port>
<port id="1" precision="FP32"><dim>2</dim></port></input><output><port id="2" precision="FP32" names="s"><dim>2</dim></port></output></layer>
<layer id="3" name="store" type="Assign" version="opset6"><data variable_id="acc/total"/>
<input><port id="0" precision="FP32"><dim>2</dim></port></input><output><port id="1" precision="FP32"><dim>2</dim></port></output></layer>
<layer id="4" name="out" type="Result" version="opset1"><input><port id="0" precision="FP32"><dim>2</dim></port></input></layer>
</layers><edges>
<edge from-layer="0" from-port="0" to-layer="2" to-port="1"/><edge from-layer="1" from-port="0" to-layer="2" to-port="0"/>
<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/><edge from-layer="2" from-port="2" to-layer="4" to-port="0"/>
</edges></net>
"""
    path = tmp_path / "acc.xml"
    path.write_text(xml)
    return str(path)


def test_steps_carry_the_state_and_name_files_per_step(tmp_path, stateful_xml):
    for k in range(3):
        np.save(tmp_path / f"x{k}.npy", np.full(2, k + 1, np.float32))
    r = invoke(
        "run", stateful_xml, "-i", f"x={tmp_path}/x{{step}}.npy", "--steps", "3", "-o", str(tmp_path / "out{step}.npz")
    )
    assert r.exit_code == 0, r.output
    assert [np.load(tmp_path / f"out{k}.npz")["s"].tolist() for k in range(3)] == [[1, 1], [3, 3], [6, 6]]
    # The same input every step, shown as a table per step.
    r = invoke("run", stateful_xml, "-i", f"x={tmp_path}/x1.npy", "--steps", "2")
    assert r.exit_code == 0 and r.output.count("step ") == 2 and "[4., 4.]" in r.output.split("step 1:")[1], r.output


def test_dump_state_after_the_last_step(tmp_path, stateful_xml):
    np.save(tmp_path / "x.npy", np.full(2, 2, np.float32))
    state = tmp_path / "state"
    r = invoke("run", stateful_xml, "-i", f"x={tmp_path}/x.npy", "--steps", "2", "--dump-state", str(state))
    assert r.exit_code == 0, r.output
    index = __import__("json").loads((state / "index.json").read_text())
    (entry,) = index["variables"]
    assert entry["name"] == "acc/total" and "/" not in entry["file"]
    assert np.load(state / entry["file"]).tolist() == [4, 4]
    # An existing, non-empty target is refused before running.
    r = invoke("run", stateful_xml, "-i", f"x={tmp_path}/x.npy", "--dump-state", str(state))
    assert r.exit_code == 2 and "not an empty directory" in r.output


def test_steps_errors_name_the_step_and_leave_no_files(tmp_path, stateful_xml):
    np.save(tmp_path / "x0.npy", np.ones(2, np.float32))
    np.save(tmp_path / "x1.npy", np.ones(3, np.float32))
    out, state = tmp_path / "o{step}.npz", tmp_path / "state"
    r = invoke(
        "run",
        stateful_xml,
        "-i",
        f"x={tmp_path}/x{{step}}.npy",
        "--steps",
        "3",
        "-o",
        str(out),
        "--dump-state",
        str(state),
    )
    assert r.exit_code == 1 and "(at step 1)" in r.output and "x" in r.output, r.output
    assert not list(tmp_path.glob("o*.npz")) and not state.exists()
    np.save(tmp_path / "x1.npy", np.ones(2, np.float32))
    r = invoke("run", stateful_xml, "-i", f"x={tmp_path}/x{{step}}.npy", "--steps", "3")
    assert r.exit_code == 1 and "(at step 2)" in r.output and "not found" in r.output, r.output
    r = invoke("run", stateful_xml, "--random", "--steps", "2", "-o", str(tmp_path / "one.npz"))
    assert r.exit_code == 2 and "{step}" in r.output
    r = invoke("run", stateful_xml, "--random", "--steps", "2", "--compare", str(tmp_path / "ref.npz"))
    assert r.exit_code == 2 and "not with --steps" in r.output


def test_steps_with_random_inputs_and_profile(stateful_xml):
    r = invoke("run", stateful_xml, "--random", "--steps", "2", "--profile")
    assert r.exit_code == 0 and "step 1:" in r.output and "store" in r.output, r.output
