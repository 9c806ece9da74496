"""Differential testing against the OpenVINO CPU plugin: save an ov.Model as IR, run it on
both runtimes, compare. Only the test suite imports openvino."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

ov = pytest.importorskip("openvino")

import ml_dtypes  # noqa: E402

import irexec  # noqa: E402

BF16 = np.dtype(ml_dtypes.bfloat16)

_counter = itertools.count()
_core = None


def core():
    global _core
    if _core is None:
        _core = ov.Core()
    return _core


def save(model, directory) -> str:
    path = str(directory / f"model_{next(_counter)}.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    return path


def run_openvino(path: str, inputs: dict) -> list:
    compiled = core().compile_model(path, "CPU")
    res = compiled(inputs)
    return [np.asarray(res[o]) for o in compiled.outputs]


def as_comparable(arr: np.ndarray) -> np.ndarray:
    """OpenVINO's Python API returns bf16 tensors as their raw bits in a float16 view."""
    if arr.dtype.name == "bfloat16":
        return arr.view(np.uint16)
    if arr.dtype.kind == "V" or arr.dtype.name in ("int4", "uint4"):
        return arr.astype(np.float64)
    return arr


def assert_same(ov_out: np.ndarray, ir_out: np.ndarray, exact=True, rtol=1e-6, atol=0.0, ov_type=None):
    assert ir_out.shape == ov_out.shape, (ir_out.shape, ov_out.shape)
    if ir_out.dtype.name == "bfloat16" and ov_out.dtype == np.float16:
        ov_out = ov_out.view(np.uint16)
    else:
        assert ir_out.dtype == ov_out.dtype, (ir_out.dtype, ov_out.dtype)
    a, b = as_comparable(ir_out), as_comparable(ov_out)
    if exact:
        np.testing.assert_array_equal(a, b)
    else:
        np.testing.assert_allclose(ir_out.astype(np.float64), ov_out.astype(np.float64) if
                                   ov_out.dtype != np.uint16 else ov_out.view(np.float16).astype(np.float64),
                                   rtol=rtol, atol=atol)


def compare(model, inputs: dict, tmp_path, exact=True, **tol) -> list:
    """Run ``model`` (an ov.Model) on both runtimes; assert equal outputs; return irexec's."""
    path = save(model, tmp_path)
    ir_model = irexec.read_model(path)
    ir_outs = list(ir_model.infer(inputs).values())
    ov_outs = run_openvino(path, inputs)
    assert len(ir_outs) == len(ov_outs)
    for a, b in zip(ov_outs, ir_outs):
        assert_same(a, b, exact, **tol)
    return ir_outs


def to_ov_tensor(value) -> "ov.Tensor":
    """OpenVINO's Python API takes no ml_dtypes arrays: bf16 goes in as its bits."""
    arr = np.array(value, order="C")  # not ascontiguousarray, which makes scalars 1-D
    if arr.dtype == BF16:
        tensor = ov.Tensor(ov.Type.bf16, list(arr.shape))
        tensor.data.view(np.uint16)[...] = arr.view(np.uint16)
        return tensor
    return ov.Tensor(arr)


def from_ov_tensor(tensor) -> np.ndarray:
    """OpenVINO shows a bf16 tensor as float16 holding bf16 bits."""
    data = np.array(tensor.data, copy=True)
    return data.view(BF16) if tensor.element_type == ov.Type.bf16 else data


def exact_sample(rng, shape, dtype):
    """Values every runtime represents alike (the plugin narrows 64-bit types to 32): small
    integers, or floats that are multiples of 1/8."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, size=shape).astype(bool)
    if dtype.kind == "u":
        return rng.integers(0, 200, size=shape).astype(dtype)
    if dtype.kind == "i":
        return rng.integers(-100, 100, size=shape).astype(dtype)
    return (rng.integers(-512, 512, size=shape) / 8).astype(dtype)


def cpu_has(flag: str) -> bool:
    """Whether this CPU has an instruction-set flag: some plugin kernels differ with it."""
    try:
        with open("/proc/cpuinfo") as f:
            return flag in f.read().split()
    except OSError:
        return False
