"""The real-model corpus (tests/data/corpus, written by scripts/export_corpus.py): small random-weight
transformers, LLMs with a KV cache, convnets, detectors, OCR and audio models, converted by
openvino.convert_model from PyTorch and from ONNX, with fp32, fp16 and int8/int4 weights. Each runs
in irexec and matches the CPU plugin (f32 inference precision) within rtol 1e-3 / atol 1e-4
(integers exactly), and lints without an error."""

from __future__ import annotations

import os

import numpy as np
import pytest

import irexec
from helpers.corpus import CORPUS, MANIFEST, corpus_inputs, missing_ops
from helpers.oracle import core

RTOL, ATOL = 1e-3, 1e-4


def _model(name: str):
    entry = MANIFEST[name]
    gap = missing_ops(entry)
    if gap:
        pytest.skip(f"needs {', '.join(gap)}")
    return entry, os.path.join(CORPUS, name + ".xml")


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_model_matches_plugin(name):
    entry, path = _model(name)
    feeds = corpus_inputs(entry["inputs"])
    ours = list(irexec.read_model(path).infer(feeds).values())
    compiled = core().compile_model(path, "CPU")  # with f32 inference precision (oracle.core)
    res = compiled(feeds)
    theirs = [np.asarray(res[o]) for o in compiled.outputs]
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs)):
        assert a.shape == b.shape and a.dtype == b.dtype, (i, a.shape, a.dtype, b.shape, b.dtype)
        if a.dtype.kind == "f":
            np.testing.assert_allclose(a, b, rtol=RTOL, atol=ATOL, err_msg=f"{name} output {i}")
        else:
            np.testing.assert_array_equal(a, b, err_msg=f"{name} output {i}")


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_model_lints_clean(name):
    _, path = _model(name)
    errors = [f for f in irexec.lint(path) if f.is_error]
    assert not errors, "\n".join(map(str, errors))


def test_corpus_covers_the_families():
    """Each family the corpus stands for, from PyTorch and ONNX, fp32/fp16/int8/int4 weights, and
    LLMs with their KV cache as inputs."""
    families = {e["family"] for e in MANIFEST.values()}
    assert families >= {
        "gpt2",
        "llama",
        "qwen2",
        "mistral",
        "bert",
        "distilbert",
        "t5",
        "bart",
        "vit",
        "whisper_encoder",
        "resnet18",
        "mobilenet_v3",
        "unet",
        "yolo",
        "ocr_det",
        "ocr_rec",
        "ocr_cls",
        "vad",
        "lstm_gru",
    }
    assert {e["source"] for e in MANIFEST.values()} >= {"transformers", "torch.nn", "onnx"}
    assert {e["weights"] for e in MANIFEST.values()} >= {"fp32", "fp16", "int8", "int4"}
    assert sum(e["kv_cache"] for e in MANIFEST.values()) >= 4


def test_corpus_covers_control_flow_and_state():
    """A stateful LLM (its KV cache in ReadValue/Assign variables, steps listed), and ONNX If and
    Loop models with input sets for each path (tests/models/test_corpus_steps.py runs them)."""
    ops = {op.rsplit("-", 1)[0] for e in MANIFEST.values() for op in e["ops"]}
    assert {"If", "Loop", "ReadValue", "Assign"} <= ops
    stateful = [e for e in MANIFEST.values() if e.get("stateful")]
    assert stateful and all(len(e["steps"]) >= 2 and "beam_idx" in e["steps"][0] for e in stateful)
    assert all(len(e["cases"]) >= 2 for e in MANIFEST.values() if {"If-opset8", "Loop-opset5"} & set(e["ops"]))
