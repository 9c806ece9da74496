"""`run --no-check` / `read_model(check=False)`: a model whose ports declare shapes or precisions the
ops contradict (lint errors S001-S004) runs as OpenVINO runs it (OpenVINO infers them again), with
a warning; every other error is still refused."""

import os
import subprocess
import sys

import numpy as np
import pytest

import irexec

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
