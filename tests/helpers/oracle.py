"""Differential testing against the OpenVINO CPU plugin: save an ov.Model as IR, run it on
both runtimes, compare. Only the test suite imports openvino.

Some of the plugin's departures from the specification depend on the CPU's instruction sets
(bf16 rounding, NaN in Greater). A test of such a departure asserts irexec's spec value
exactly and accepts from the plugin the spec value or one of the departures measured on each
kind of x86 CPU (``assert_plugin_gives_one_of``); it never asks which CPU it runs on. The
plugin asks oneDNN which instructions it may use, and oneDNN caps them at ONEDNN_MAX_CPU_ISA,
so the differential tests can be run here as other machines would run them:

    ONEDNN_MAX_CPU_ISA=AVX2 python3 -m pytest -q -p no:cacheprovider tests/ops/test_diff_*.py
    ONEDNN_MAX_CPU_ISA=AVX512_CORE python3 -m pytest ...   # AVX-512 without AVX512-BF16

(AVX2 stands for the CPUs without AVX-512: Haswell to Alder Lake, AMD Zen 1 to 3, such as the
EPYC 7763 of many hosted CI runners; AVX512_CORE for Skylake-SP to Ice Lake; no cap for CPUs
with AVX512-BF16, such as Cooper Lake, Sapphire Rapids and AMD Zen 4, and the machine these
tests were written on. Caps below AVX2 are not faithful: the plugin crashes on bf16 there.
/proc/cpuinfo still shows the real flags under a cap, which is one reason no test reads it.)"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

ov = pytest.importorskip("openvino")

import ml_dtypes  # noqa: E402

import irexec  # noqa: E402
from helpers.bf16_rounding import (  # noqa: E402,F401
    bf16_departures,
    bf16_flushing_subnormals,
    bf16_nearest_even,
    bf16_rounding_up_from_odd,
)

BF16 = np.dtype(ml_dtypes.bfloat16)

_counter = itertools.count()
_core = None


def core():
    global _core
    if _core is None:
        _core = ov.Core()
        # The plugin may compute f32 models in bf16 on CPUs that have it (AMX, AVX512-BF16):
        # every differential test compares with f32 inference. And it quantizes the activations
        # of MatMuls with int8/int4 weights to 8 bits on the fly (off 2e-3 on the corpus's
        # compressed LLMs): the spec's Convert/Subtract/Multiply then MatMul has no such step. A
        # stateful model's KV cache it keeps in u8 (states off 1e-3); the spec's variables hold f32.
        _core.set_property(
            "CPU",
            {"INFERENCE_PRECISION_HINT": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0", "KV_CACHE_PRECISION": "f32"},
        )
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
        np.testing.assert_allclose(
            ir_out.astype(np.float64),
            ov_out.astype(np.float64) if ov_out.dtype != np.uint16 else ov_out.view(np.float16).astype(np.float64),
            rtol=rtol,
            atol=atol,
        )


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


def to_ov_tensor(value) -> ov.Tensor:
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
    if tensor.element_type == ov.Type.bf16:
        return data.view(BF16)
    # ... and an 8-bit float tensor as uint8 holding its bits.
    f8 = {
        ov.Type.f8e4m3: ml_dtypes.float8_e4m3fn,
        ov.Type.f8e5m2: ml_dtypes.float8_e5m2,
        ov.Type.f8e8m0: ml_dtypes.float8_e8m0fnu,
    }.get(tensor.element_type)
    return data.view(f8) if f8 is not None else data


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


# ---- departures that depend on the CPU -------------------------------------------------------


def _bits(arr: np.ndarray) -> np.ndarray:
    """Floats as their bits (NaN equals NaN, -0 differs from +0); other types as they are."""
    arr = np.asarray(arr)
    if arr.dtype == BF16 or arr.dtype.kind == "f":
        return arr.view(f"u{arr.dtype.itemsize}")
    return arr


def assert_plugin_gives_one_of(ov_value, spec, departures: dict, why: str) -> str:
    """Where the plugin departs from the specification in a way that depends on the CPU: assert
    that its value is ``spec`` or one of ``departures`` ({which CPUs: value}), each a whole
    array (one CPU gives one of them throughout). Returns the key that matched ("spec" if the
    plugin followed the specification). ``why`` says what the departure is, for the failure."""
    spec = np.asarray(spec)
    ov_value = np.asarray(ov_value)
    if spec.dtype == BF16 and ov_value.dtype == np.float16:  # bf16 bits in a float16 view
        ov_value = ov_value.view(BF16)
    assert ov_value.shape == spec.shape, (ov_value.shape, spec.shape)
    assert ov_value.dtype == spec.dtype, (ov_value.dtype, spec.dtype)
    candidates = {"spec": spec, **{k: np.asarray(v, spec.dtype) for k, v in departures.items()}}
    for name, value in candidates.items():
        assert value.shape == spec.shape, (name, value.shape, spec.shape)
        if np.array_equal(_bits(ov_value), _bits(value)):
            return name
    shown = "\n".join(f"  {name}: {value.tolist()}" for name, value in candidates.items())
    raise AssertionError(f"the plugin gave {ov_value.tolist()}, none of the values known for it ({why}):\n{shown}")


# How the plugin rounds f32 to bf16 depends on the CPU: see bf16_rounding.py.
