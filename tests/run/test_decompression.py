"""Compressed weights (irexec.run.decompression): each decompression chain is computed in f32 as the
CPU plugin computes it (INFERENCE_PRECISION_HINT f32), decompressed once per Plan within the
budget and on every run past it. Each comparison with the plugin is exact (one-hot inputs read the
weights out) or tight enough that irexec's old per-op f16 computation (the chains not recognised)
fails it, and each test shows the old value measurably off.

The NNCF models (tests/data/nncf, written by scripts/make_nncf_models.py) carry the plugin's logits:
those tests need neither OpenVINO, torch, transformers nor nncf."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

import irexec
from irexec.run import decompression, executor

try:
    import openvino as ov
    import openvino.opset13 as ops
except ImportError:  # (the NNCF models' tests read committed files)
    ov = None

needs_openvino = pytest.mark.skipif(ov is None, reason="needs OpenVINO")
NNCF = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "nncf")
CONFIG = {"INFERENCE_PRECISION_HINT": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0"}
N, K = 48, 64  # a weight's [out, in]
RANGE = {"u8": (0, 256), "i8": (-128, 128), "u4": (0, 16), "i4": (-8, 8)}


def _chain(rng, wt="u8", zp="u8", group=None, trailing=True, scale_from_f32=False, n=N, k=K):
    """Const(wt) -> Convert(f16) -> [Subtract(zp)] -> Multiply(scale f16) -> [Reshape] -> [Convert(f32)],
    as NNCF writes it: ``zp`` u8/u4 (through a Convert), "f16" (a Const, not an integer) or None;
    ``group``: grouped weights [N, K / group, group], reshaped to [N, K]."""
    shape = (n, k // group, group) if group else (n, k)
    if wt == "nf4":  # (its 16 codes span [-1, 1])
        values = rng.uniform(-1, 1, shape)
    elif wt == "f4e2m1":
        values = rng.choice([0, 0.5, 1, 1.5, 2, 3, 4, 6], shape) * rng.choice([-1, 1], shape)
    else:
        values = rng.integers(*RANGE[wt], shape)
    v = ops.convert(ops.constant(values.astype(np.float32), dtype=getattr(ov.Type, wt)), "f16")
    vector = shape[:-1] + (1,)
    if zp in ("u8", "u4"):
        zero = ops.constant(rng.integers(0, RANGE[zp][1], vector).astype(np.float32), dtype=getattr(ov.Type, zp))
        v = ops.subtract(v, ops.convert(zero, "f16"))
    elif zp == "f16":
        v = ops.subtract(v, ops.constant((rng.random(vector) * 10 + 0.3).astype(np.float16)))
    scale = rng.random(vector) * 0.02 + 0.001
    if scale_from_f32:
        v = ops.multiply(ops.convert(ops.constant(scale.astype(np.float32)), "f16"), v)
    else:
        v = ops.multiply(v, ops.constant(scale.astype(np.float16)))
    if group:
        v = ops.reshape(v, ops.constant(np.array([n, k], np.int64)), False)
    return ops.convert(v, "f32") if trailing else v


def _save(tmp_path, outputs, params, name="m"):
    path = str(tmp_path / f"{name}.xml")
    ov.save_model(ov.Model([ops.result(o) for o in outputs], params), path, compress_to_fp16=False)
    return path


def _runs(path, feeds, monkeypatch):
    """(irexec's outputs, its outputs with no chain recognised (the old per-op computation), the plugin's)."""
    new = list(irexec.read_model(path).infer(feeds).values())
    with monkeypatch.context() as m:
        m.setattr(executor, "find_chains", lambda graph, order: [])
        old = list(irexec.read_model(path).infer(feeds).values())
    ref = ov.Core().compile_model(path, "CPU", CONFIG)(feeds)
    return new, old, [ref[k] for k in range(len(new))]


def _probe(consumer, chain, dtype=np.float32):
    """A model reading the chain's [N, K] value out exactly: one-hot rows through MatMul (either
    layout) or a 1x1 Convolution, every row through Gather (an embedding), or added to zeros."""
    et = ov.Type.f16 if dtype == np.float16 else ov.Type.f32
    if consumer == "matmul":  # x [K, K] @ W^T, as a Linear layer
        x = ops.parameter([K, K], et, name="x")
        return ops.matmul(x, chain, False, True), x, {"x": np.eye(K, dtype=dtype)}, lambda y: y.T
    if consumer == "matmul_nt":  # x [N, N] @ W
        x = ops.parameter([N, N], et, name="x")
        return ops.matmul(x, chain, False, False), x, {"x": np.eye(N, dtype=dtype)}, lambda y: y
    if consumer == "gather":
        x = ops.parameter([N], ov.Type.i64, name="ids")
        return ops.gather(chain, x, ops.constant(np.int64(0))), x, {"ids": np.arange(N)}, lambda y: y
    if consumer == "conv":
        w = ops.reshape(chain, ops.constant(np.array([N, K, 1, 1], np.int64)), False)
        x = ops.parameter([K, K, 1, 1], et, name="x")
        out = ops.convolution(x, w, [1, 1], [0, 0], [0, 0], [1, 1])
        return out, x, {"x": np.eye(K, dtype=dtype).reshape(K, K, 1, 1)}, lambda y: y.reshape(K, N).T
    x = ops.parameter([N, K], et, name="x")
    return ops.add(x, chain), x, {"x": np.zeros((N, K), dtype)}, lambda y: y


CHAINS = {
    "int8 asym per-channel": dict(wt="u8", zp="u8"),
    "int8 sym per-channel": dict(wt="i8", zp=None),
    "int4 asym per-channel": dict(wt="u4", zp="u4"),
    "int4 sym per-channel": dict(wt="i4", zp=None),
    "int4 asym group 8": dict(wt="u4", zp="u4", group=8),
    "int4 asym group 32": dict(wt="u4", zp="u4", group=32),
    "int4 sym group 16": dict(wt="i4", zp=None, group=16),
    "int4 sym group 64": dict(wt="i4", zp=None, group=64),
    "int8 asym group 16": dict(wt="u8", zp="u8", group=16),
    "int8, f16 zero point": dict(wt="u8", zp="f16"),
    "int8, scale from f32, first": dict(wt="u8", zp="u8", scale_from_f32=True),
    "nf4 group 16": dict(wt="nf4", zp=None, group=16),
    "f4e2m1 group 32": dict(wt="f4e2m1", zp=None, group=32),
}


# Every chain under every consumer, but a grouped or 4-bit weight read untransposed (scaled along
# the reduced dim): the plugin refuses the grouped one, and a 4-bit one stops its process with a
# floating-point exception.
PAIRS = [
    (kind, consumer)
    for kind in CHAINS
    for consumer in ("matmul", "matmul_nt", "gather", "conv", "add")
    if not (consumer == "matmul_nt" and (CHAINS[kind].get("group") or "4" in CHAINS[kind]["wt"]))
]


@needs_openvino
@pytest.mark.parametrize("kind,consumer", PAIRS)
def test_chains_compute_as_the_plugin(tmp_path, monkeypatch, kind, consumer):
    out, x, feeds, weights = _probe(consumer, _chain(np.random.default_rng(len(kind)), **CHAINS[kind]))
    path = _save(tmp_path, [out], [x])
    assert len(irexec.read_model(path).plan.decompressions.chains) == 1
    (new,), (old,), (ref,) = _runs(path, feeds, monkeypatch)
    np.testing.assert_array_equal(weights(new), weights(ref))  # exactly the plugin's weights
    # (the per-op f16 rounding: up to half an f16 ulp of a weight, 2^-12 of it)
    assert np.abs(old - ref).max() > 5e-5 * np.abs(ref).max()


@needs_openvino
def test_mixed_precision_matmuls(tmp_path, monkeypatch):
    """An int8 and an int4 grouped weight in one model (NNCF's mixed precision), random activations:
    outputs up to 30, the plugin's sums in another order 1e-5 apart, the old f16 weights' 8e-3. (As NNCF writes them,
    [out, in] read transposed: read untransposed with fewer than 16 rows of activations, the plugin
    computes another product, tens off.)"""
    rng = np.random.default_rng(1)
    x = ops.parameter([3, K], ov.Type.f32, name="x")
    h = ops.matmul(x, _chain(rng, "u4", "u4", group=16), False, True)
    h = ops.matmul(h, _chain(rng, "u8", "u8", n=K, k=N), False, True)
    path = _save(tmp_path, [h], [x])
    feeds = {"x": rng.standard_normal((3, K)).astype(np.float32)}
    (new,), (old,), (ref,) = _runs(path, feeds, monkeypatch)
    assert len(irexec.read_model(path).plan.decompressions.chains) == 2
    np.testing.assert_allclose(new, ref, rtol=1e-5, atol=2e-5)
    assert np.abs(old - ref).max() > 20 * np.abs(new - ref).max()
    with pytest.raises(AssertionError):
        np.testing.assert_allclose(old, ref, rtol=1e-5, atol=2e-5)


@needs_openvino
def test_an_f16_chain_gives_its_f32_value_rounded_once(tmp_path, monkeypatch):
    """No trailing Convert, read by an f16 Add: the plugin gives the f32 value rounded to f16 once
    (with a non-integer zero point, per-op f16 rounds the difference too, and is off)."""
    out, x, feeds, _ = _probe("add", _chain(np.random.default_rng(2), "u8", "f16", trailing=False), np.float16)
    path = _save(tmp_path, [ops.convert(out, "f32")], [x])
    (new,), (old,), (ref,) = _runs(path, feeds, monkeypatch)
    np.testing.assert_array_equal(new, ref)
    assert np.abs(old - ref).max() > 1e-4


@needs_openvino
def test_chains_already_in_f32_and_plain_f16_constants_are_left_alone(tmp_path):
    """A chain in f32 computes as the plugin does step by step (left to folding); an f16 Const
    times an f16 scale is no chain: it keeps the spec's per-op rounding."""
    w = ops.constant(np.random.default_rng(3).integers(0, 255, (N, K)).astype(np.uint8))
    f32_chain = ops.multiply(ops.convert(w, "f32"), ops.constant(np.full((N, 1), 0.01, np.float32)))
    half = ops.convert(
        ops.multiply(ops.constant(np.full((N, K), 3.3, np.float16)), ops.constant(np.float16(0.7))), "f32"
    )
    x = ops.parameter([K, K], ov.Type.f32, name="x")
    path = _save(tmp_path, [ops.matmul(x, f32_chain, False, True), half], [x])
    model = irexec.read_model(path)
    assert model.plan.decompressions is None
    _, y = model.infer({"x": np.eye(K, dtype=np.float32)}).values()
    np.testing.assert_array_equal(y, np.full((N, K), np.float16(3.3) * np.float16(0.7), np.float16).astype(np.float32))


def _two_chain_model(tmp_path):
    rng = np.random.default_rng(4)
    x = ops.parameter([K, K], ov.Type.f32, name="x")
    a = ops.matmul(x, _chain(rng, "i4", None, group=16), False, True)
    b = ops.matmul(x, _chain(rng, "u8", "u8"), False, True)
    return _save(tmp_path, [ops.add(a, b)], [x]), {"x": np.eye(K, dtype=np.float32)}


@needs_openvino
def test_chains_decompress_once(tmp_path, monkeypatch):
    path, feeds = _two_chain_model(tmp_path)
    calls, real = [], decompression.decompress
    monkeypatch.setattr(decompression, "decompress", lambda *a, **k: calls.append(1) or real(*a, **k))
    model = irexec.read_model(path)
    first = list(model.infer(feeds).values())[0]
    for _ in range(3):
        np.testing.assert_array_equal(list(model.infer(feeds).values())[0], first)
    assert len(calls) == 2  # once per chain, on the first run
    ref = ov.Core().compile_model(path, "CPU", CONFIG)(feeds)[0]
    np.testing.assert_array_equal(first, ref)


@needs_openvino
@pytest.mark.parametrize("room", [0, N * K * 4])  # none cached; the first chain only
def test_past_the_budget_chains_run_each_time(tmp_path, monkeypatch, room):
    path, feeds = _two_chain_model(tmp_path)
    expected = list(irexec.read_model(path).infer(feeds).values())[0]
    monkeypatch.setattr(decompression, "CACHE_BYTES", room)
    calls, real = [], decompression.decompress
    monkeypatch.setattr(decompression, "decompress", lambda *a, **k: calls.append(1) or real(*a, **k))
    model = irexec.read_model(path)
    for _ in range(3):
        np.testing.assert_array_equal(list(model.infer(feeds).values())[0], expected)
    cached = room // (N * K * 4)
    assert len(model.plan.decompressions.cached) == cached
    assert len(calls) == cached + 3 * (2 - cached)


@needs_openvino
@pytest.mark.parametrize("room", [0, 1 << 30])  # none cached; both
def test_an_observed_run_decompresses_each_chain_once(tmp_path, monkeypatch, room):
    """The value an observer's trace computes is the one the run uses (and caches)."""
    path, feeds = _two_chain_model(tmp_path)
    expected = list(irexec.read_model(path).infer(feeds).values())[0]
    monkeypatch.setattr(decompression, "CACHE_BYTES", room)
    calls, real = [], decompression.decompress
    monkeypatch.setattr(decompression, "decompress", lambda *a, **k: calls.append(1) or real(*a, **k))
    model = irexec.read_model(path)
    seen: list = []
    got = model.infer(feeds, observer=lambda layer, outs, seconds: seen.append(layer.type))
    np.testing.assert_array_equal(list(got.values())[0], expected)
    assert len(calls) == 2 and seen.count("Multiply") == 2  # (once a chain, its steps all shown)
    np.testing.assert_array_equal(list(model.infer(feeds).values())[0], expected)
    assert len(calls) == (2 if room else 4)  # (cached by the observed run, or computed again)


def test_the_budget_from_the_environment(monkeypatch):
    monkeypatch.setattr(decompression, "CACHE_BYTES", None)
    for text, value in [("1K", 1024), ("512M", 512 << 20), ("1.5G", 3 << 29), ("0", 0), ("4096", 4096)]:
        monkeypatch.setenv("IREXEC_DECOMPRESS_CACHE", text)
        assert decompression.budget() == value
    monkeypatch.setenv("IREXEC_DECOMPRESS_CACHE", "lots")
    with pytest.raises(ValueError, match="IREXEC_DECOMPRESS_CACHE"):
        decompression.budget()
    monkeypatch.delenv("IREXEC_DECOMPRESS_CACHE")
    assert decompression.budget() > 0  # (a quarter of the physical memory)


@needs_openvino
def test_observers_see_every_layer_of_a_chain(tmp_path):
    out, x, feeds, _ = _probe("matmul", _chain(np.random.default_rng(5), "u4", "u4", group=16))
    model = irexec.read_model(_save(tmp_path, [out], [x]))
    for _ in range(2):  # (computed, then cached: seen alike)
        seen: list = []

        def observer(layer, outs, seconds, seen=seen):
            seen.append((layer.type, outs[0].dtype, outs[0].shape) if outs else (layer.type,))

        model.infer(feeds, observer=observer)
        assert seen[:6] == [
            ("Convert", np.float16, (N, K // 16, 1)),  # the zero point's
            ("Convert", np.float16, (N, K // 16, 16)),
            ("Subtract", np.float16, (N, K // 16, 16)),
            ("Multiply", np.float16, (N, K // 16, 16)),
            ("Reshape", np.float16, (N, K)),
            ("Convert", np.float32, (N, K)),
        ]
        assert [t for t, *_ in seen[6:]] == ["MatMul", "Result"]


# Before (irexec's per-op f16 chains) and after, max |logits - the plugin's| (logits up to 0.64):
# int8_asym 2.4e-4 -> 2.1e-7, int4_sym_g16 2.4e-4 -> 2.1e-7, int4_asym_g32_r08 2.3e-4 -> 2.7e-7.
@pytest.mark.parametrize("name", ["int8_asym", "int4_sym_g16", "int4_asym_g32_r08"])
def test_nncf_models_match_the_plugin(monkeypatch, name):
    folder = os.path.join(NNCF, name)
    with open(os.path.join(folder, "metadata.json")) as f:
        meta = json.load(f)
    assert meta["plugin"]["config"]["INFERENCE_PRECISION_HINT"] == "f32"
    expected = np.load(os.path.join(folder, "expected.npz"))
    feeds = {k: expected[k] for k in expected.files if k != "logits"}
    ref = expected["logits"]
    model = irexec.read_model(os.path.join(folder, "model.xml"))
    (new,) = model.infer(feeds).values()
    with monkeypatch.context() as m:
        m.setattr(executor, "find_chains", lambda graph, order: [])
        (old,) = irexec.read_model(os.path.join(folder, "model.xml")).infer(feeds).values()
    np.testing.assert_allclose(new, ref, rtol=1e-3, atol=1e-4)
    assert np.abs(new - ref).max() < 1e-6
    assert np.abs(old - ref).max() > 100 * np.abs(new - ref).max()
    # every weight is a chain: each MatMul's and the embedding Gather's
    readers = {
        model.graph.layer(c).type for end in model.plan.decompressions.chains for c in model.graph.consumers(end)
    }
    assert readers == {"MatMul", "Gather"}
