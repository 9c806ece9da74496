"""irexec compare gives OpenVINO inputs of the types NumPy lacks (bf16, f8, 4-bit) by their bits,
and reads such outputs back by their bits: OpenVINO's Python API would convert the values into
the dtype it shows those tensors through (a bf16 1.5 went in as 0.125, an f8 1.5 as 2**-9)."""

from __future__ import annotations

import numpy as np
import pytest

ov = pytest.importorskip("openvino")
op = pytest.importorskip("openvino.opset13")

import irexec  # noqa: E402
from irexec.compare.tensors import from_device, to_device  # noqa: E402
from irexec.types import BY_NAME  # noqa: E402

VALUES = [1.5, -2.0, 3.0, 7.0, 0.5, -0.25]
TYPES = ["bf16", "f8e4m3", "f8e5m2", "f8e8m0", "i4", "u4", "u1", "nf4", "f4e2m1", "f16", "f32", "i8"]


def _values(name: str) -> np.ndarray:
    etype = BY_NAME[name]
    if name == "u1":
        return np.array([1, 0, 1, 1, 0, 1], np.uint8)
    if name == "nf4":
        from irexec.kernels.packing import NF4

        return NF4[[0, 3, 7, 15, 9, 12]]
    if name in ("u4", "f8e8m0"):
        return np.array([1, 2, 4, 8, 0.5 if name == "f8e8m0" else 3, 1], etype.dtype)
    if name in ("i4", "i8"):
        return np.array([1, -2, 3, 7, -8, 0], etype.dtype)
    return np.array(VALUES, etype.dtype)


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("shape", [(6,), (2, 3), (3, 2, 1)])
def test_a_tensor_holds_the_arrays_bits_and_gives_them_back(name, shape):
    arr = _values(name).reshape(shape)
    ov_type = getattr(ov.Type, name)
    tensor = to_device(ov, arr, ov_type)
    back = from_device(tensor if isinstance(tensor, ov.Tensor) else ov.Tensor(tensor))
    assert back.shape == shape and back.dtype == BY_NAME[name].dtype
    assert back.tobytes() == arr.astype(BY_NAME[name].dtype).tobytes()
    if name in ("f16", "f32", "i8"):
        assert tensor is arr  # (NumPy's own types go as they are)


@pytest.mark.parametrize("name", ["bf16", "f8e4m3", "f8e5m2", "i4", "u4"])
def test_compare_agrees_on_a_model_with_inputs_and_outputs_of_the_type(name, tmp_path):
    ov_type = getattr(ov.Type, name)
    x = op.parameter([6], ov_type, name="x")
    wide = op.convert(x, ov.Type.f32, name="widen")
    scaled = op.multiply(wide, op.constant(np.full(6, 2, np.float32)), name="twice")
    narrow = op.convert(scaled, ov_type, name="narrow")
    path = str(tmp_path / f"{name}.xml")
    ov.save_model(
        ov.Model([op.result(scaled, name="f"), op.result(narrow, name="n")], [x]), path, compress_to_fp16=False
    )
    arr = (
        _values(name)
        if name not in ("i4", "u4")
        else np.array([1, 2, 3, -1 if name == "i4" else 0, 2, 3], BY_NAME[name].dtype)
    )
    # Without the bits given as they are, the device computes on other values.
    compiled = ov.Core().compile_model(path, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    request = compiled.create_infer_request()
    request.infer({0: to_device(ov, arr, ov_type)})
    np.testing.assert_array_equal(from_device(request.get_output_tensor(0)), arr.astype(np.float32) * 2)
    report = irexec.compare(path, {"x": arr})
    assert report.ok and [r.layer for r in report.rows] == ["widen", "twice", "narrow"]
    assert not any(r.differs for r in report.rows)
