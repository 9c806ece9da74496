"""irexec.kernels.scatter_elements against onnx.reference, opset by opset."""

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

from irexec.kernels import scatter_elements  # noqa: E402

OPSET_REDUCTIONS = {11: ["none"], 13: ["none"], 16: ["none", "add", "mul"], 18: ["none", "add", "mul", "max", "min"]}
CASES = [(opset, red) for opset, reds in OPSET_REDUCTIONS.items() for red in reds]
TYPES = {
    np.float32: TensorProto.FLOAT,
    np.float64: TensorProto.DOUBLE,
    np.int32: TensorProto.INT32,
    np.int64: TensorProto.INT64,
    np.float16: TensorProto.FLOAT16,
    np.int8: TensorProto.INT8,
}


def onnx_scatter(data, idx, upd, axis, reduction, opset):
    attrs = {"axis": axis}
    if opset >= 16:
        attrs["reduction"] = reduction
    node = helper.make_node("ScatterElements", ["d", "i", "u"], ["y"], **attrs)
    t = TYPES[data.dtype.type]
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("d", t, data.shape),
            helper.make_tensor_value_info("i", TensorProto.INT64, idx.shape),
            helper.make_tensor_value_info("u", t, upd.shape),
        ],
        [helper.make_tensor_value_info("y", t, data.shape)],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    return ReferenceEvaluator(model).run(None, {"d": data, "i": idx, "u": upd})[0]


def case(rng, dtype, reduction):
    rank = int(rng.integers(1, 4))
    shape = tuple(int(x) for x in rng.integers(2, 5, rank))
    axis = int(rng.integers(-rank, rank))
    ax = axis % rank
    ishape = tuple(int(rng.integers(1, shape[d] + 1)) for d in range(rank))
    if reduction == "none":
        # ONNX forbids duplicates under "none": a distinct target per entry along the axis
        idx = np.argsort(rng.random(shape), axis=ax)[tuple(slice(0, n) for n in ishape)]
    else:
        idx = rng.integers(0, shape[ax], ishape)
    idx = np.where(rng.random(idx.shape) < 0.3, idx - shape[ax], idx).astype(np.int64)
    vals = lambda s: (
        (rng.standard_normal(s) * 4).astype(dtype)
        if np.dtype(dtype).kind == "f"
        else rng.integers(-5, 6, s).astype(dtype)
    )
    return vals(shape), idx, vals(ishape), axis


@pytest.mark.parametrize("opset, reduction", CASES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64, np.int8])
def test_matches_onnx_reference(opset, reduction, dtype):
    rng = np.random.default_rng(opset * 100 + len(reduction) + np.dtype(dtype).itemsize)
    for _ in range(15):
        data, idx, upd, axis = case(rng, dtype, reduction)
        want = onnx_scatter(data, idx, upd, axis, reduction, opset)
        got = scatter_elements(data, idx, upd, axis=axis, reduction=reduction)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_defaults_are_onnx_defaults():
    data = np.zeros((2, 2), np.float32)
    got = scatter_elements(data, np.array([[1, 0]]), np.array([[5.0, 6.0]], np.float32))
    np.testing.assert_array_equal(
        got, onnx_scatter(data, np.array([[1, 0]]), np.array([[5.0, 6.0]], np.float32), 0, "none", 18)
    )
    with pytest.raises(ValueError, match="reduction must be one of"):
        scatter_elements(data, np.array([[1, 0]]), np.array([[5.0, 6.0]]), reduction="sum")
