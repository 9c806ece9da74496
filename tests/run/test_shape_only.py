"""Layers whose values depend on the inputs' shapes alone (ShapeOf and what is computed from it
and constants: attention masks' ranges, RoPE positions) take the values the sizing pass computed
for the input signature; they are computed again for another signature, and an observer still
sees them computed."""

from __future__ import annotations

import numpy as np
import pytest

import irexec

ov = pytest.importorskip("openvino")
import openvino.opset13 as ops  # noqa: E402


def _positions_model(tmp_path):
    """y = x + Convert(Range(0, ShapeOf(x)[1], 1)): a position per column, as RoPE makes them."""
    x = ops.parameter([-1, -1], ov.Type.f32, name="x")
    n = ops.gather(ops.shape_of(x), ops.constant(np.int64(1)), ops.constant(np.int64(0)))
    pos = ops.convert(ops.range(ops.constant(np.int64(0)), n, ops.constant(np.int64(1)), "i64"), "f32")
    path = str(tmp_path / "pos.xml")
    ov.save_model(ov.Model([ops.result(ops.add(x, pos))], [x]), path, compress_to_fp16=False)
    return path


def test_shape_only_layers_are_found(tmp_path):
    model = irexec.read_model(_positions_model(tmp_path))
    kinds = sorted(model.graph.layer(lid).type for lid in model.plan.shape_only)
    assert kinds == ["Convert", "Gather", "Range", "ShapeOf"]


def test_they_take_the_signature_values(tmp_path, evaluations):
    model = irexec.read_model(_positions_model(tmp_path))
    calls = evaluations
    for shape in [(2, 3), (2, 3), (1, 5), (2, 3)]:
        x = np.full(shape, 10, np.float32)
        (y,) = model.infer({"x": x}).values()
        np.testing.assert_array_equal(y, x + np.arange(shape[1], dtype=np.float32))
    assert [c for c in calls if c != "Const"] == ["Add"] * 4  # the sizing pass gave the others
    # Their values are read-only: an op that may write in place never gets them as its target.
    guard, known = model.sizing.check_run({model.plan.parameters[0]: np.zeros((2, 3), np.float32)})
    assert known and all(not v.flags.writeable for outs in known.values() for v in outs)


def test_an_observer_sees_them_computed(tmp_path):
    model = irexec.read_model(_positions_model(tmp_path))
    for _ in range(2):
        seen = []
        model.infer({"x": np.zeros((2, 4), np.float32)}, observer=lambda layer, outs, s: seen.append(layer.type))  # noqa: B023 (called within this iteration)
        assert seen == ["ShapeOf", "Gather", "Range", "Convert", "Add", "Result"]


def test_an_input_value_is_not_shape_only(tmp_path):
    """Range(0, x[0]) depends on x's value: computed every run, even for a known signature."""
    x = ops.parameter([1], ov.Type.i64, name="n")
    r = ops.range(
        ops.constant(np.int64(0)), ops.squeeze(x, ops.constant(np.int64(0))), ops.constant(np.int64(1)), "i64"
    )
    path = str(tmp_path / "r.xml")
    ov.save_model(ov.Model([ops.result(ops.reduce_sum(r, ops.constant(np.int64(0))))], [x]), path)
    model = irexec.read_model(path)
    assert not model.plan.shape_only
    for n in (3, 4, 3):
        (y,) = model.infer({"n": np.array([n], np.int64)}).values()
        assert y == n * (n - 1) // 2
