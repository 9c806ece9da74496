"""Reduce*-1/-4 and SoftMax-1/-8 against the CPU plugin."""

import numpy as np
import pytest

import irexec.ops
from helpers.oracle import compare, ov

ops = pytest.importorskip("openvino.opset15")
o1 = pytest.importorskip("openvino.opset1")

REDUCERS = {
    "ReduceSum": ops.reduce_sum,
    "ReduceProd": ops.reduce_prod,
    "ReduceMax": ops.reduce_max,
    "ReduceMin": ops.reduce_min,
    "ReduceMean": ops.reduce_mean,
    "ReduceL1": ops.reduce_l1,
    "ReduceL2": ops.reduce_l2,
}
AXES = [[0], [-1], [0, 2], [1, -1], []]


def values(rng, dtype, shape, op):
    if np.dtype(dtype).kind == "f":
        v = rng.uniform(0.5, 1.5, shape) if op == "ReduceProd" else rng.standard_normal(shape)
        return v.astype(dtype)
    hi = 3 if op == "ReduceProd" else 50
    lo = 0 if op in ("ReduceL2",) else -hi
    return rng.integers(lo, hi, shape).astype(dtype)


# (L2 of integers is left out: a square root truncated in an order the spec does not fix.)
@pytest.mark.parametrize(
    "op, dtype",
    [
        (op, dtype)
        for op in sorted(REDUCERS)
        for dtype in (np.float32, np.float16, np.int32)
        if not (op == "ReduceL2" and dtype == np.int32)
    ],
)
@pytest.mark.parametrize("keep", [False, True])
def test_reduce_matches_plugin(tmp_path, op, dtype, keep):
    rng = np.random.default_rng(len(op) * 7 + keep)
    x = values(rng, dtype, (3, 4, 5), op)
    # The plugin refuses empty axes without keep_dims (a rank check in its Reduce node).
    for axes in AXES if keep else AXES[:-1]:
        p = ops.parameter([3, 4, 5], ov.Type(np.dtype(dtype)), name="x")
        node = REDUCERS[op](p, ops.constant(np.array(axes, np.int64)), keep)
        exact = np.dtype(dtype).kind != "f" or op in ("ReduceMax", "ReduceMin")
        compare(ov.Model([ops.result(node)], [p]), {"x": x}, tmp_path, exact=exact, rtol=2e-3, atol=1e-5)


def test_integer_mean_truncates_like_plugin(tmp_path):
    x = np.array([[-3, -4], [3, 4], [-1, 0]], np.int32)
    p = ops.parameter([3, 2], ov.Type.i32, name="x")
    node = ops.reduce_mean(p, ops.constant(np.array([1], np.int64)), False)
    (out,) = compare(ov.Model([ops.result(node)], [p]), {"x": x}, tmp_path)
    np.testing.assert_array_equal(out, [-3, 3, 0])


@pytest.mark.parametrize("logical", ["and", "or"])
def test_logical_reductions(tmp_path, logical):
    x = np.random.default_rng(1).random((4, 3)) < 0.5
    p = ops.parameter([4, 3], ov.Type.boolean, name="x")
    fn = ops.reduce_logical_and if logical == "and" else ops.reduce_logical_or
    compare(ov.Model([ops.result(fn(p, ops.constant(np.array([1], np.int64)), False))], [p]), {"x": x}, tmp_path)


@pytest.mark.parametrize("version, axis", [(1, 0), (1, 2), (8, -1), (8, -3), (8, 1)])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_softmax_matches_plugin(tmp_path, version, axis, dtype):
    x = (np.random.default_rng(axis + 5).standard_normal((2, 3, 4)) * 5).astype(dtype)
    p = ops.parameter([2, 3, 4], ov.Type(np.dtype(dtype)), name="x")
    node = ops.softmax(p, axis) if version == 8 else o1.softmax(p, axis)
    (out,) = compare(
        ov.Model([ops.result(node)], [p]),
        {"x": x},
        tmp_path,
        exact=False,
        rtol=1e-3 if dtype == np.float16 else 1e-6,
        atol=1e-3 if dtype == np.float16 else 1e-7,
    )
    np.testing.assert_allclose(out.astype(np.float64).sum(axis=axis), 1.0, rtol=1e-2)


def test_empty_axes_reduce_nothing():
    """The plugin refuses this case (see above); the spec: no axes, no reduction."""
    ReduceSum = irexec.ops.lookup("ReduceSum", "opset1")
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (out,) = ReduceSum({"keep_dims": "false"}).evaluate([x, np.array([], np.int64)])
    np.testing.assert_array_equal(out, x)
