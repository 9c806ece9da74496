"""The one naming rule for outputs (irexec.check.outputs.output_names) past the second duplicate:
an output takes the first tensor name of the port feeding its Result, else its Result's name, else
that tensor name followed by '#k', the least k whose name is free; every output keeps a name of
its own (model.outputs, infer's keys, an .npz's members), and each '#' output is a G011 warning
naming the Result that took the name first."""

import random

import numpy as np
import pytest

import irexec
from helpers.irtext import net, param, port, result, write


def outputs_model(tmp_path, outs) -> str:
    """One input x [2]; output k (from 1) is x * k through a layer whose output port has the tensor
    names ``outs[k-1][0]`` (comma-separated; "" for none), into a Result named ``outs[k-1][1]``."""
    layers, edges = [param(0, "x", (2,))], []
    for k, (names, result_name) in enumerate(outs, 1):
        a, c, r = 3 * k, 3 * k + 1, 3 * k + 2
        names_attr = f' names="{names}"' if names else ""
        layers.append(
            f'<layer id="{c}" name="k{k}" type="Const" version="opset1">'
            f'<data element_type="f32" shape="" offset="{4 * (k - 1)}" size="4"/>'
            f"<output>{port(0, 'f32', ())}</output></layer>"
        )
        layers.append(
            f'<layer id="{a}" name="mul{k}" type="Multiply" version="opset1"><input>{port(0, "f32", (2,))}'
            f'{port(1, "f32", ())}</input><output><port id="2" precision="FP32"{names_attr}>'
            f"<dim>2</dim></port></output></layer>"
        )
        layers.append(result(r, dims=(2,), name=result_name))
        edges += [(0, 0, a, 0), (c, 0, a, 1), (a, 2, r, 0)]
    blob = np.arange(1, len(outs) + 1, dtype=np.float32).tobytes()
    return write(tmp_path, net(layers, edges), blob)


def expected(outs) -> tuple:
    """The rule, spelled out: (names, {output index: index of the output that had the name first})."""
    taken, names, first = {}, [], {}
    for i, (tensor, result_name) in enumerate(outs):
        wanted = tensor.split(",")[0] if tensor else result_name
        name = wanted
        if name in taken:
            name = result_name
            if name in taken:
                first[i] = taken[wanted]
                k = 1
                while f"{wanted}#{k}" in taken:
                    k += 1
                name = f"{wanted}#{k}"
        taken[name] = i
        names.append(name)
    return names, first


def check(tmp_path, outs, want=None):
    path = outputs_model(tmp_path, outs)
    m = irexec.read_model(path)
    names = [o.name for o in m.outputs]
    if want is not None:
        assert names == want
    assert len(set(names)) == len(outs)  # no output lost
    got = m.infer({"x": np.ones(2, np.float32)})
    assert list(got) == names
    for k, name in enumerate(names, 1):  # each name holds its own output's values
        np.testing.assert_array_equal(got[name], np.full(2, float(k), np.float32))
    want_names, first = expected(outs)
    assert names == want_names
    g011 = [f for f in irexec.lint(path) if f.code == "G011"]
    result_ids = [str(3 * k + 2) for k in range(1, len(outs) + 1)]
    assert [f.layer_id for f in g011] == [result_ids[i] for i in sorted(first)]
    for f, i in zip(g011, sorted(first)):
        wanted = names[i].rsplit("#", 1)[0]
        j = first[i]
        assert f.message == (
            f"two outputs are named '{wanted}' (Result '{outs[j][1]}', id {result_ids[j]}, has it): "
            f"this one is output '{names[i]}' in irexec"
        )
    return m


def test_a_third_and_fourth_duplicate_count_on(tmp_path):
    check(tmp_path, [("y", "y")] * 4, ["y", "y#1", "y#2", "y#3"])


def test_duplicates_of_two_names_are_numbered_apart(tmp_path):
    outs = [("y", "y"), ("z", "z"), ("y", "y"), ("z", "z"), ("y", "y")]
    check(tmp_path, outs, ["y", "z", "y#1", "z#1", "y#2"])


def test_numbering_skips_every_name_another_output_has(tmp_path):
    # 'y#1' and 'y#2' are outputs' own tensor names: the duplicates of 'y' take 'y#3', 'y#4'.
    outs = [("y#2", "a"), ("y", "y"), ("y#1", "b"), ("y", "y"), ("y", "y")]
    check(tmp_path, outs, ["y#2", "y", "y#1", "y#3", "y#4"])


def test_a_later_output_whose_own_name_a_suffix_took(tmp_path):
    # The third output's tensor is named 'y#1', which the second took: it falls back to its Result's name.
    outs = [("y", "y"), ("y", "y"), ("y#1", "r3"), ("y#1", "r3")]
    check(tmp_path, outs, ["y", "y#1", "r3", "y#1#1"])


def test_the_results_own_name_taken_by_another_output(tmp_path):
    # The third Result is named 'r1', which the first output took (as its tensor name): 'y#1'.
    # The fourth, Result 'b2', takes its own name: the tensor name was taken, its Result's name not.
    outs = [("r1", "a"), ("y", "b"), ("y", "r1"), ("y", "b2"), ("y", "y")]
    check(tmp_path, outs, ["r1", "y", "y#1", "b2", "y#2"])


def test_the_suffix_numbers_the_tensor_name_not_the_results(tmp_path):
    # The fourth: tensor 'y' and Result 'a' both taken, 'y#1' too (the third's tensor): 'y#2',
    # whatever names 'a#1' ... are free.
    outs = [("y", "a"), ("a", "r"), ("y#1", "q"), ("y", "a")]
    check(tmp_path, outs, ["y", "a", "y#1", "y#2"])


def test_a_name_with_a_hash_is_numbered_whole(tmp_path):
    # G011 names the wanted name whole: 'a#b', not 'a'.
    check(tmp_path, [("a#b", "a#b")] * 3, ["a#b", "a#b#1", "a#b#2"])


def test_only_the_first_tensor_name_is_wanted(tmp_path):
    check(tmp_path, [("y,extra", "y"), ("y,other", "y"), ("y", "y")], ["y", "y#1", "y#2"])


@pytest.mark.parametrize("seed", range(6))
def test_random_collisions_keep_every_output(tmp_path, seed):
    rng = random.Random(seed)
    pool = ["y", "y#1", "y#2", "z", "r1", "r2", "r1#1", ""]
    outs = [(rng.choice(pool), rng.choice(["y", "r1", "r2", "y#1", "z"])) for _ in range(rng.randint(3, 8))]
    check(tmp_path, outs)


def test_the_npz_holds_every_output(tmp_path):
    from click.testing import CliRunner

    from irexec.cli import cli

    path = outputs_model(tmp_path, [("y", "y")] * 3)
    np.save(tmp_path / "x.npy", np.ones(2, np.float32))
    out = tmp_path / "o.npz"
    r = CliRunner().invoke(cli, ["run", path, "-i", f"x={tmp_path / 'x.npy'}", "-o", str(out)])
    assert r.exit_code == 0, r.output
    with np.load(out) as z:
        assert z.files == ["y", "y#1", "y#2"]
        assert [float(z[n][0]) for n in z.files] == [1.0, 2.0, 3.0]
