"""Output names as .npz keys (`irexec run -o`): the members are written by irexec, not passed to
np.savez as keyword arguments, so any name is an output like any other, never a path, and comes
back from np.load (and from irexec's own --compare) by name. Two Results that would give one
name both stay outputs (the second named NAME#1), and lint warns (G011)."""

import zipfile

import numpy as np
from click.testing import CliRunner

import irexec
from helpers.irtext import net, param, port, result, write
from irexec.cli import cli
from irexec.io.outputs import npz_member


def named_outputs_model(tmp_path, names, result_names=None) -> str:
    """One input x [2], and an output per name: x + k (k = 1, 2, ...) from a port of that tensor name."""
    layers, edges = [param(0, "x", (2,))], []
    for k, name in enumerate(names, 1):
        a, r = 2 * k, 2 * k + 1
        value = (
            f'<layer id="{a}" name="add{k}" type="Add" version="opset1"><input>{port(0, "f32", (2,))}'
            f'{port(1, "f32", (2,))}</input><output><port id="2" precision="FP32" names="{name}">'
            f"<dim>2</dim></port></output></layer>"
        )
        layers += [value, result(r, dims=(2,), name=(result_names or {}).get(k, f"r{k}"))]
        edges += [(0, 0, a, 0), (0, 0, a, 1), (a, 2, r, 0)]
    return write(tmp_path, net(layers, edges))


HOSTILE = ["file", "allow_pickle", "../../x", "/etc/passwd", "a\\b", "50%", "%2F", "..", "a.npy", "kwds"]


def test_every_name_is_an_output_and_np_load_reads_it_back(tmp_path):
    xml = named_outputs_model(tmp_path, HOSTILE)
    out = tmp_path / "out.npz"
    r = CliRunner().invoke(cli, ["run", xml, "-i", "x=" + str(_x(tmp_path)), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == f"wrote {len(HOSTILE)} output(s) to {out}"
    with zipfile.ZipFile(out) as z:
        members = z.namelist()
    assert members == [
        "file.npy",
        "allow_pickle.npy",
        "..%2F..%2Fx.npy",
        "%2Fetc%2Fpasswd.npy",
        "a%5Cb.npy",
        "50%25.npy",
        "%252F.npy",
        "...npy",
        "a.npy.npy",
        "kwds.npy",
    ]
    assert not any("/" in m or "\\" in m for m in members)
    with np.load(out) as z:
        assert sorted(z.files) == sorted(m[:-4] for m in members)
        for _k, name in enumerate(HOSTILE, 1):
            np.testing.assert_array_equal(z[npz_member(name)[:-4]], np.full(2, 2 * 3.0, np.float32))
    assert not (tmp_path.parent / "x.npy").exists() and not (tmp_path / "x").exists()


def _x(tmp_path):
    path = tmp_path / "x.npy"
    np.save(path, np.full(2, 3.0, np.float32))
    return path


def test_irexec_reads_its_own_npz_back_by_the_output_names(tmp_path):
    xml = named_outputs_model(tmp_path, HOSTILE)
    out = tmp_path / "out.npz"
    assert CliRunner().invoke(cli, ["run", xml, "-i", f"x={_x(tmp_path)}", "-o", str(out)]).exit_code == 0
    r = CliRunner().invoke(cli, ["run", xml, "-i", f"x={_x(tmp_path)}", "--compare", str(out)])
    assert r.exit_code == 0, r.output
    assert f"all {len(HOSTILE)} output(s) match" in r.output


def test_the_member_rule():
    assert npz_member("logits") == "logits.npy"
    assert npz_member("a/b") == "a%2Fb.npy"
    assert npz_member("a%2Fb") == "a%252Fb.npy"  # ('%' escaped: no two names share a member)
    assert npz_member("tab\there") == "tab%09here.npy"
    assert npz_member("é") == "é.npy"


def test_two_results_of_one_name_stay_two_outputs(tmp_path):
    # Both ports are tensor "y" and both Results are named "y": the second output is "y#1".
    xml = named_outputs_model(tmp_path, ["y", "y"], result_names={1: "y", 2: "y"})
    m = irexec.read_model(xml)
    assert [o.name for o in m.outputs] == ["y", "y#1"]
    out = m.infer({"x": np.ones(2, np.float32)})
    assert list(out) == ["y", "y#1"]
    path = tmp_path / "o.npz"
    assert CliRunner().invoke(cli, ["run", xml, "-i", f"x={_x(tmp_path)}", "-o", str(path)]).exit_code == 0
    with np.load(path) as z:
        assert z.files == ["y", "y#1"]
    findings = irexec.lint(xml)
    assert [f.code for f in findings] == ["G011"]
    assert findings[0].layer_name == "y" and findings[0].layer_id == "5"
    assert "two outputs are named 'y' (Result 'y', id 3, has it): this one is output 'y#1'" in findings[0].message


def test_a_taken_tensor_name_falls_back_to_the_result_name_first(tmp_path):
    # Tensor "y" twice, Results r1 and r2: the second output is "r2" (no '#' needed, no warning).
    xml = named_outputs_model(tmp_path, ["y", "y"])
    assert [o.name for o in irexec.read_model(xml).outputs] == ["y", "r2"]
    assert irexec.lint(xml) == []


def test_numbering_skips_names_taken(tmp_path):
    xml = named_outputs_model(tmp_path, ["y#1", "y", "y"], result_names={1: "a", 2: "y", 3: "y"})
    assert [o.name for o in irexec.read_model(xml).outputs] == ["y#1", "y", "y#2"]
