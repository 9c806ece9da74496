"""What an op keeps between runs (``Op.memo``: Reshape's output shape, Slice's NumPy key, a
Reduce's, MVN's and Gather's axes, Broadcast's shapes, Interpolate's taps) is keyed by everything
it was worked out from: new shapes or values give new results, and a refusal is never kept."""

from __future__ import annotations

import numpy as np
import pytest

import irexec

ov = pytest.importorskip("openvino")
import openvino.opset13 as ops  # noqa: E402


def _model(tmp_path):
    x = ops.parameter([-1, -1], ov.Type.f32, name="x")
    target = ops.parameter([2], ov.Type.i64, name="target")
    start = ops.parameter([1], ov.Type.i64, name="start")
    axes = ops.parameter([1], ov.Type.i64, name="axes")
    r = ops.reshape(x, target, False)
    s = ops.slice(
        x,
        start,
        ops.constant(np.array([100], np.int64)),
        ops.constant(np.array([1], np.int64)),
        ops.constant(np.array([1], np.int64)),
    )
    m = ops.reduce_mean(x, axes, True)
    path = str(tmp_path / "memo.xml")
    ov.save_model(ov.Model([ops.result(r), ops.result(s), ops.result(m)], [x, target, start, axes]), path)
    return irexec.read_model(path)


def test_each_run_gets_its_own_results(tmp_path):
    model = _model(tmp_path)
    runs = [((2, 6), [3, 4], 1, 0), ((2, 6), [4, 3], 2, 1), ((3, 4), [6, 2], 1, -1), ((2, 6), [3, 4], 1, 0)]
    for shape, target, start, axis in runs:
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        r, s, m = model.infer(
            {"x": x, "target": np.array(target), "start": np.array([start]), "axes": np.array([axis])}
        ).values()
        np.testing.assert_array_equal(r, x.reshape(target))
        np.testing.assert_array_equal(s, x[:, start:])
        np.testing.assert_array_equal(m, x.mean(axis=axis, keepdims=True))


def test_a_refusal_is_not_kept(tmp_path):
    model = _model(tmp_path)
    x = np.zeros((2, 6), np.float32)
    feeds = {"x": x, "start": np.array([0]), "axes": np.array([0])}
    for _ in range(2):
        with pytest.raises(irexec.IRExecError, match="cannot reshape"):
            model.infer(dict(feeds, target=np.array([5, 5])))
        (r, _, _) = model.infer(dict(feeds, target=np.array([6, 2]))).values()
        assert r.shape == (6, 2)


def test_axes_and_targets_given_at_run_time(tmp_path):
    x = ops.parameter([-1, -1], ov.Type.f32, name="x")
    target = ops.parameter([3], ov.Type.i64, name="target")
    axis = ops.parameter([], ov.Type.i64, name="axis")
    axes = ops.parameter([1], ov.Type.i64, name="axes")
    b = ops.broadcast(x, target, broadcast_spec="BIDIRECTIONAL")
    g = ops.gather(x, ops.constant(np.array([1, -1], np.int64)), axis)
    m = ops.mvn(x, axes, True, 1e-5, "inside_sqrt")
    path = str(tmp_path / "memo2.xml")
    ov.save_model(ov.Model([ops.result(b), ops.result(g), ops.result(m)], [x, target, axis, axes]), path)
    model = irexec.read_model(path)
    runs = [((2, 3), [4, 1, 3], 0, 1), ((2, 3), [1, 2, 1], 1, 0), ((3, 2), [2, 3, 2], 0, -1), ((2, 3), [4, 1, 3], 0, 1)]
    for shape, tgt, ax, mvn_axis in runs:
        xv = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) ** 2
        b, g, m = model.infer(
            {"x": xv, "target": np.array(tgt), "axis": np.array(ax), "axes": np.array([mvn_axis])}
        ).values()
        np.testing.assert_array_equal(b, xv * np.ones(tgt, np.float32))
        np.testing.assert_array_equal(g, np.take(xv, [1, -1], axis=ax))
        centred = xv - xv.mean(axis=mvn_axis, keepdims=True)
        np.testing.assert_allclose(
            m, centred / np.sqrt((centred**2).mean(axis=mvn_axis, keepdims=True) + 1e-5), rtol=1e-5
        )


def test_interpolate_taps_follow_the_scales(tmp_path):
    x = ops.parameter([1, 1, -1, -1], ov.Type.f32, name="x")
    scales = ops.parameter([2], ov.Type.f32, name="scales")
    axes = ops.constant(np.array([2, 3], np.int64))
    near = ops.interpolate(
        x, scales, "nearest", "scales", axes=axes, coordinate_transformation_mode="asymmetric", nearest_mode="floor"
    )
    lin = ops.interpolate(x, scales, "linear_onnx", "scales", axes=axes, coordinate_transformation_mode="align_corners")
    path = str(tmp_path / "memo3.xml")
    ov.save_model(ov.Model([ops.result(near), ops.result(lin)], [x, scales]), path)
    model = irexec.read_model(path)
    xv = np.arange(6, dtype=np.float32).reshape(1, 1, 2, 3)
    for s in ((2, 2), (1, 3), (2, 2)):
        n, lin_out = model.infer({"x": xv, "scales": np.array(s, np.float32)}).values()
        np.testing.assert_array_equal(n, xv.repeat(s[0], axis=2).repeat(s[1], axis=3))
        rows = np.linspace(0, 1, 2 * s[0])[:, None] * 3 + np.linspace(0, 2, 3 * s[1])[None, :]
        np.testing.assert_allclose(lin_out[0, 0], rows, rtol=1e-6, atol=1e-6)
