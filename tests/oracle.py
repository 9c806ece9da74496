"""Differential testing against the OpenVINO CPU plugin: save an ov.Model as IR, run it on
both runtimes, compare. Only the test suite imports openvino."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

ov = pytest.importorskip("openvino")

import irexec  # noqa: E402

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
