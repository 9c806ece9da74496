"""`irexec run --steps N --random`: each step draws new random inputs (seed + step, as --help
says), so no two steps see the same ones, and the same --seed gives the same steps again; a
file given with -i stays what it is at every step."""

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import add_model, write
from irexec.cli import cli
from irexec.io.random_inputs import random_inputs

ACC = """<?xml version="1.0"?>
<net name="acc" version="11"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="3" element_type="f32"/>
<output><port id="0" precision="FP32" names="x"><dim>3</dim></port></output></layer>
<layer id="1" name="read" type="ReadValue" version="opset6"><data variable_id="total" variable_type="f32" variable_shape="3"/>
<output><port id="0" precision="FP32"><dim>3</dim></port></output></layer>
<layer id="2" name="sum" type="Add" version="opset1"><input><port id="0" precision="FP32"><dim>3</dim></port>
<port id="1" precision="FP32"><dim>3</dim></port></input><output><port id="2" precision="FP32" names="s"><dim>3</dim></port></output></layer>
<layer id="3" name="store" type="Assign" version="opset6"><data variable_id="total"/>
<input><port id="0" precision="FP32"><dim>3</dim></port></input><output><port id="1" precision="FP32"><dim>3</dim></port></output></layer>
<layer id="4" name="out" type="Result" version="opset1"><input><port id="0" precision="FP32"><dim>3</dim></port></input></layer>
</layers><edges>
<edge from-layer="0" from-port="0" to-layer="2" to-port="1"/><edge from-layer="1" from-port="0" to-layer="2" to-port="0"/>
<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/><edge from-layer="2" from-port="2" to-layer="4" to-port="0"/>
</edges></net>
"""


def run_steps(tmp_path, model, steps, *args, tag="o"):
    out = tmp_path / f"{tag}{{step}}.npz"
    r = CliRunner().invoke(cli, ["run", model, "--random", "--steps", str(steps), "-o", str(out), *args])
    assert r.exit_code == 0, r.output
    outs = []
    for k in range(steps):
        with np.load(str(out).replace("{step}", str(k))) as z:
            outs.append({name: z[name] for name in z.files})
    return outs


@pytest.fixture
def acc(tmp_path):
    """s = total + x; total = s: the output of step k is the sum of the inputs of steps 0..k."""
    path = tmp_path / "acc.xml"
    path.write_text(ACC)
    return str(path)


@pytest.mark.parametrize("seed", [0, 5])
def test_each_step_draws_new_inputs_and_the_seed_gives_them_again(tmp_path, acc, seed):
    steps = 4
    outs = [o["s"] for o in run_steps(tmp_path, acc, steps, "--seed", str(seed))]
    xs = [outs[0]] + [b - a for a, b in zip(outs, outs[1:])]  # each step's input, from the sums
    m = irexec.read_model(acc)
    for k in range(steps):  # the inputs of step k: those --random --seed (seed + k) makes
        np.testing.assert_allclose(xs[k], random_inputs(m, {}, {}, seed + k)["x"], rtol=1e-6, atol=1e-6)
    for a in range(steps):
        for b in range(a + 1, steps):
            assert not np.allclose(xs[a], xs[b]), (a, b)
    again = [o["s"] for o in run_steps(tmp_path, acc, steps, "--seed", str(seed), tag="again")]
    for a, b in zip(outs, again):
        np.testing.assert_array_equal(a, b)


def test_another_seed_gives_other_steps(tmp_path, acc):
    one = run_steps(tmp_path, acc, 3, "--seed", "11", tag="a")
    two = run_steps(tmp_path, acc, 3, "--seed", "12", tag="b")
    assert not np.allclose(one[0]["s"], two[0]["s"]) and not np.allclose(one[2]["s"], two[2]["s"])


def test_a_given_input_stays_and_the_random_one_changes(tmp_path):
    """z = x + y, x given (zeros), y random: each step's z is that step's y, new at each step."""
    model = write(tmp_path, add_model())
    np.save(tmp_path / "x.npy", np.zeros((2, 3), np.float32))
    outs = [o["z"] for o in run_steps(tmp_path, model, 3, "-i", f"x={tmp_path / 'x.npy'}", "--seed", "2")]
    m = irexec.read_model(model)
    zeros = {"x": np.zeros((2, 3), np.float32)}
    for k, z in enumerate(outs):
        np.testing.assert_array_equal(z, random_inputs(m, zeros, {}, 2 + k)["y"])
    assert not np.array_equal(outs[0], outs[1]) and not np.array_equal(outs[1], outs[2])


def test_the_first_step_is_the_plain_run(tmp_path):
    """Step 0 draws what a plain --random --seed run draws; step 1 what --seed + 1 does."""
    model = write(tmp_path, add_model())
    steps = [o["z"] for o in run_steps(tmp_path, model, 2, "--seed", "9")]
    for k, seed in enumerate(("9", "10")):
        plain = tmp_path / f"plain{k}.npz"
        r = CliRunner().invoke(cli, ["run", model, "--random", "--seed", seed, "-o", str(plain)])
        assert r.exit_code == 0, r.output
        with np.load(plain) as z:
            np.testing.assert_array_equal(steps[k], z["z"])
