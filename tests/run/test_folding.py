"""Layers computed from constants alone (fp16 weights' Convert, compressed weights' Convert,
Subtract and Multiply) run once, on the first run, up to executor.FOLD_BYTES of declared
outputs; past it they run each time. Results do not change either way, observers still see them,
and a folded value is never written in place."""

from __future__ import annotations

import numpy as np
import pytest

import irexec
from irexec.run import executor

ov = pytest.importorskip("openvino")
import openvino.opset13 as ops  # noqa: E402


def _compressed_matmul(tmp_path, rows=4):
    """x @ ((Convert(u8 weights) - Convert(zero point)) * scale) + 1: the int8 weight pattern."""
    rng = np.random.default_rng(0)
    x = ops.parameter([2, rows], ov.Type.f32, name="x")
    w = ops.constant(rng.integers(0, 255, (rows, 3)).astype(np.uint8))
    zp = ops.constant(np.full((1, 3), 128, np.uint8))
    scale = ops.constant(np.full((1, 3), 0.5, np.float32))
    deq = ops.multiply(ops.subtract(ops.convert(w, "f32"), ops.convert(zp, "f32")), scale)
    out = ops.add(ops.matmul(x, deq, False, False), ops.constant(np.float32(1)))
    path = str(tmp_path / "m.xml")
    ov.save_model(ov.Model([ops.result(out)], [x]), path, compress_to_fp16=False)
    return path, (np.asarray(w.get_data(), np.float32) - 128) * 0.5


def test_constant_subgraph_runs_once(tmp_path, evaluations):
    path, wf = _compressed_matmul(tmp_path)
    model = irexec.read_model(path)
    folded_types = sorted(model.graph.layer(lid).type for lid in model.plan.folded)
    assert folded_types == ["Convert", "Convert", "Multiply", "Subtract"]
    calls = evaluations
    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    for _ in range(3):
        (y,) = model.infer({"x": x}).values()
        np.testing.assert_allclose(y, x @ wf + 1, rtol=1e-6)
    assert calls.count("MatMul") == 3 and calls.count("Add") == 3
    assert calls.count("Convert") == 2 and calls.count("Subtract") == 1 and calls.count("Multiply") == 1


def test_past_the_budget_layers_run_each_time(tmp_path, monkeypatch, evaluations):
    monkeypatch.setattr(executor, "FOLD_BYTES", 16)  # room for one [1, 3] f32 Convert
    path, wf = _compressed_matmul(tmp_path)
    model = irexec.read_model(path)
    assert [model.graph.layer(lid).type for lid in model.plan.folded] == ["Convert"]
    calls = evaluations
    x = np.ones((2, 4), np.float32)
    for _ in range(2):
        (y,) = model.infer({"x": x}).values()
        np.testing.assert_allclose(y, x @ wf + 1, rtol=1e-6)
    assert calls.count("Convert") == 1 + 2 and calls.count("Multiply") == 2


def test_observers_see_folded_layers_every_run(tmp_path):
    path, _ = _compressed_matmul(tmp_path)
    model = irexec.read_model(path)
    for run in range(2):
        seen = []
        model.infer({"x": np.ones((2, 4), np.float32)}, observer=lambda layer, outs, s: seen.append(layer.type))  # noqa: B023 (called within this iteration)
        assert seen[:4] == ["Convert", "Convert", "Subtract", "Multiply"], (run, seen)
        assert seen[4:] == ["MatMul", "Add", "Result"]


def test_folded_values_are_never_written_in_place(tmp_path):
    """Add(folded, 1) could reuse its input's buffer if it were irexec's own: it is not."""
    c = ops.constant(np.arange(6, dtype=np.float16).reshape(2, 3))
    x = ops.parameter([2, 3], ov.Type.f32, name="x")
    out = ops.add(ops.add(ops.convert(c, "f32"), x), ops.constant(np.float32(0)))
    path = str(tmp_path / "c.xml")
    ov.save_model(ov.Model([ops.result(out), ops.result(ops.convert(c, "f32"))], [x]), path, compress_to_fp16=False)
    model = irexec.read_model(path)
    for _ in range(3):
        a, b = model.infer({"x": np.ones((2, 3), np.float32)}).values()
        np.testing.assert_array_equal(b, np.arange(6, dtype=np.float32).reshape(2, 3))
        np.testing.assert_array_equal(a, b + 1)
