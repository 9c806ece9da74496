"""`run --no-check` / `read_model(check=False)`: a model whose ports declare shapes or precisions the
ops contradict (lint errors S001-S004) runs as OpenVINO runs it (OpenVINO infers them again), with
a warning; every other error is still refused."""

import os
import subprocess
import sys

import numpy as np
import pytest

import irexec
from helpers.irtext import layer, net, param, port, result, write

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KV = os.path.join(ROOT, "models", "kv_cache_update.xml")


def broken(tmp_path, old, new, start='<port id="4" precision="FP32" names="updated_cache">'):
    """The bundled model with one declaration changed inside the port ``start`` opens."""
    text = open(KV).read()
    i = text.index(start)
    j = text.index("</port>", i)
    path = tmp_path / "m.xml"
    path.write_text(text[:i] + text[i:j].replace(old, new, 1) + text[j:])
    (tmp_path / "m.bin").write_bytes(open(KV[:-4] + ".bin", "rb").read())
    return str(path)


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "irexec", "run", *map(str, args)], capture_output=True, text=True, cwd=ROOT
    )


@pytest.mark.parametrize(
    "old, new, code", [("<dim>8</dim>", "<dim>9</dim>", "S001"), ('precision="FP32"', 'precision="FP16"', "S002")]
)
def test_a_wrong_declaration_runs_with_no_check_as_openvino_runs_it(tmp_path, old, new, code):
    path = broken(tmp_path, old, new)
    feeds = {"cache": np.arange(64, dtype=np.float32).reshape(2, 8, 4), "tokens": -np.ones((2, 2, 4), np.float32)}
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(path)
    assert e.value.code == code
    m = irexec.read_model(path, check=False)
    assert [f.code for f in m.waived] == [code]
    got = m.infer(feeds)["updated_cache"]
    ov = pytest.importorskip("openvino")
    compiled = ov.Core().compile_model(path, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    want = compiled(feeds)[0]
    np.testing.assert_array_equal(got, want)
    r = cli(path, "--random")
    assert r.returncode == 1 and "port 4: the port declares" in r.stderr
    r = cli(path, "--random", "--no-check")
    assert r.returncode == 0, r.stderr
    assert r.stderr.startswith("warning: --no-check: running a model lint rejects: ") and f" {code} " in r.stderr
    assert r.stderr.count("\n") == 1 and "updated_cache  [2, 8, 4]" in r.stdout


def test_other_errors_are_refused_even_with_no_check(tmp_path):
    path = broken(tmp_path, 'precision="FP32"', 'precision="FP32"')
    text = open(path).read().replace('<edge from-layer="1"', '<edge from-layer="99"', 1)  # (G001)
    open(path, "w").write(text)
    with pytest.raises(irexec.IRExecError) as e:
        irexec.read_model(path, check=False)
    assert e.value.code == "G001"
    r = cli(path, "--random", "--no-check")
    assert r.returncode == 1 and "warning" not in r.stderr and r.stderr.startswith("error: ")


def _bias_scale(tmp_path, mul_in=(2, 5), scale=(2, 3), out=(2, 3)):
    """x + b -> 'add_bias', whose output port declares [2,5] though Add gives [2,3]; then
    'add_bias' * s -> 'mul_scale' (its first input port declaring ``mul_in``)."""
    xml = net(
        [
            param(0, "x", (2, 3)),
            param(1, "b", (2, 3)),
            param(2, "s", scale),
            layer(
                3,
                "Add",
                inputs=[port(0, "f32", (2, 3)), port(1, "f32", (2, 3))],
                outputs=[port(2, "f32", (2, 5))],
                name="add_bias",
            ),
            layer(
                4,
                "Multiply",
                inputs=[port(0, "f32", mul_in), port(1, "f32", scale)],
                outputs=[port(2, "f32", out, "y")],
                name="mul_scale",
            ),
            result(5, "f32", out),
        ],
        [(0, 0, 3, 0), (1, 0, 3, 1), (3, 2, 4, 0), (2, 0, 4, 1), (4, 2, 5, 0)],
    )
    return write(tmp_path, xml)


@pytest.mark.parametrize("mul_in", [(2, 5), (2, 3)], ids=["consumer-follows-the-port", "consumer-right"])
def test_no_check_infers_past_a_wrong_declaration_from_the_ops(tmp_path, mul_in):
    """The waived port's declaration is not what its consumers' rules see: they take what the op
    gives, as OpenVINO (which infers every shape again) does."""
    path = _bias_scale(tmp_path, mul_in)
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(path)
    assert e.value.code == "S001" and "add_bias" in str(e.value)
    m = irexec.read_model(path, check=False)
    assert [(f.code, f.layer_name) for f in m.waived] == [("S001", "add_bias")]
    assert [(o.name, o.shape, str(o.element_type)) for o in m.outputs] == [("y", irexec.PartialShape([2, 3]), "f32")]
    rng = np.random.default_rng(0)
    x, b, s = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(3))
    np.testing.assert_array_equal(m.infer({"x": x, "b": b, "s": s})["y"], (x + b) * s)
    r = cli(path, "--random", "--no-check")
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("\n") == 1 and " S001 " in r.stderr
    assert r.stdout.splitlines()[1].split()[:3] == ["y", "[2,", "3]"]


def test_no_check_still_refuses_what_the_inferred_shapes_break(tmp_path):
    """Past the waived port the rules see [2,3]: a consumer built for the declared [2,5] is refused
    (S005, not waivable), as OpenVINO refuses to read it."""
    path = _bias_scale(tmp_path, scale=(2, 5), out=(2, 5))
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(path)
    assert e.value.code == "S001"  # (checked, the consumer agrees with the port: only the port is wrong)
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(path, check=False)
    assert e.value.code == "S005" and "mul_scale" in str(e.value)
    r = cli(path, "--random", "--no-check")
    assert r.returncode == 1 and r.stderr.startswith("error: ") and "mul_scale" in r.stderr


def test_no_check_outputs_are_what_the_ops_give(tmp_path):
    """An output whose port declares a shape and a precision the op contradicts is described as
    the run gives it (OpenVINO's model.outputs say the same)."""
    xml = net(
        [
            param(0, "x", (2, 3)),
            param(1, "b", (2, 3)),
            layer(
                2,
                "Add",
                inputs=[port(0, "f32", (2, 3)), port(1, "f32", (2, 3))],
                outputs=[port(2, "f16", (2, 5), "z")],
            ),
            result(3, "f16", (2, 5)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    path = write(tmp_path, xml)
    m = irexec.read_model(path, check=False)
    assert sorted(f.code for f in m.waived) == ["S001", "S002"]
    (out,) = m.outputs
    assert (out.name, out.shape, str(out.element_type)) == ("z", irexec.PartialShape([2, 3]), "f32")
    got = m.infer({"x": np.ones((2, 3), np.float32), "b": np.ones((2, 3), np.float32)})["z"]
    assert got.shape == (2, 3) and got.dtype == np.float32
    ov = pytest.importorskip("openvino")
    (want,) = ov.Core().read_model(path).outputs
    assert (list(want.get_partial_shape().to_shape()), want.get_element_type().get_type_name()) == ([2, 3], "f32")
