"""Numeric edge cases are the spec's concern, not NumPy's warnings: an f16 Range or ReduceSum
that overflows to inf, a mean over an empty axis (NaN). `irexec run` prints the outputs and nothing
on stderr, and the Python API emits no warning, whether the layer runs on inputs or is folded
from constants (at read time, by lint's checks, or on the first inference)."""

import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import irexec
from helpers.irtext import const, layer, net, param, port, result, write

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
AXIS0 = np.zeros(1, np.int64).tobytes()


def _range(tmp_path, constant: bool):
    ins = [port(0, "f32"), port(1, "f32"), port(2, "f32")]
    rng = layer(3, "Range", "opset4", inputs=ins, outputs=[port(3, "f16", (2,))], data={"output_type": "f16"})
    edges = [(0, 0, 3, 0), (1, 0, 3, 1), (2, 0, 3, 2), (3, 3, 4, 0)]
    values = [np.float32(60000), np.float32(80000), np.float32(10000)]
    if constant:
        layers = [const(k, (), "f32", 4 * k, 4) for k in range(3)]
        return write(
            tmp_path,
            net(layers + [rng, result(4, "f16", (2,))], edges),
            np.array(values, np.float32).tobytes(),
            stem="range_c",
        ), {}
    layers = [param(k, n, (), "f32") for k, n in enumerate(("start", "stop", "step"))]
    return write(tmp_path, net(layers + [rng, result(4, "f16", (2,))], edges), stem="range_p"), dict(
        zip(("start", "stop", "step"), values)
    )


def _reduce(tmp_path, op, et, shape, out_shape, value, constant: bool):
    prec = "f16" if et == "f16" else "f32"
    red = layer(
        2,
        op,
        inputs=[port(0, prec, shape), port(1, "i64", (1,))],
        outputs=[port(2, prec, out_shape)],
        data={"keep_dims": "false"},
    )
    edges = [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)]
    if constant:
        data = value.tobytes()
        xml = net(
            [const(0, shape, et, 8, len(data)), const(1, (1,), "i64", 0, 8), red, result(3, prec, out_shape)], edges
        )
        return write(tmp_path, xml, AXIS0 + data, stem=f"{op}_c"), {}
    xml = net([param(0, "x", shape, et), const(1, (1,), "i64", 0, 8), red, result(3, prec, out_shape)], edges)
    return write(tmp_path, xml, AXIS0, stem=f"{op}_p"), {"x": value}


CASES = {
    "f16 Range overflows": (lambda t, c: _range(t, c), [6e4, np.inf]),
    "mean of an empty axis": (
        lambda t, c: _reduce(t, "ReduceMean", "f32", (0, 3), (3,), np.zeros((0, 3), np.float32), c),
        [np.nan] * 3,
    ),
    "f16 ReduceSum overflows": (
        lambda t, c: _reduce(t, "ReduceSum", "f16", (2,), (), np.array([6e4, 6e4], np.float16), c),
        np.inf,
    ),
}


@pytest.mark.parametrize("constant", [False, True], ids=["inputs", "constants"])
@pytest.mark.parametrize("case", list(CASES))
def test_no_warning_from_the_python_api(tmp_path, case, constant):
    make, want = CASES[case]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        path, feeds = make(tmp_path, constant)
        m = irexec.read_model(path)
        out = next(iter(m.infer(feeds).values()))
        assert irexec.lint(path) == []
    np.testing.assert_array_equal(out.astype(np.float64), np.array(want, np.float64))


@pytest.mark.parametrize("constant", [False, True], ids=["inputs", "constants"])
@pytest.mark.parametrize("case", list(CASES))
def test_run_prints_the_outputs_and_nothing_on_stderr(tmp_path, case, constant):
    make, _ = CASES[case]
    path, feeds = make(tmp_path, constant)
    args = []
    for name, value in feeds.items():
        np.save(tmp_path / f"{name}.npy", value)
        args += ["-i", f"{name}={tmp_path / (name + '.npy')}"]
    r = subprocess.run(
        [sys.executable, "-W", "always", "-m", "irexec", "run", path, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert r.stdout.splitlines()[0].split() == ["output", "shape", "type", "values"]
