"""What `optimum-cli export openvino` writes today (tests/data/exporters, written by
scripts/make_exporters_corpus.py from small random-weight configs): stateful decoders of eleven
families (GPT-2 with its tokenizer and detokenizer, Qwen2, Qwen3, Qwen3-MoE, Phi, Phi-3, Mistral,
StableLM, GPT-NeoX, Falcon, BLOOM) and a Granite hybrid of Mamba-2, attention and experts; T5, BART and
Whisper as an encoder IR and a stateful decoder IR; BERT (with its WordPiece tokenizer) and DeBERTa-v2
feature extractors; and NNCF int8, int4 asym (group 16, ratio 0.8) and int4 sym (group 32) weights made
by optimum-cli's --weight-format. Each IR lints without an error, and irexec gives the CPU plugin's
outputs (recorded in expected.npz under metadata.json's plugin settings: f32 inference precision, f32
KV cache, no dynamic quantization) for the inputs in inputs.npz within rtol 1e-3 / atol 1e-4, integers
and strings exactly; stateful models run their three steps (the prompt, then two single tokens) on
one request, as generation runs them. Needs neither torch, transformers, optimum nor openvino."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

import irexec

RTOL, ATOL = 1e-3, 1e-4
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data", "exporters")
FOLDERS = sorted(d for d in os.listdir(DATA) if os.path.exists(os.path.join(DATA, d, "metadata.json")))
XMLS = [(d, x) for d in FOLDERS for x in sorted(os.listdir(os.path.join(DATA, d))) if x.endswith(".xml")]


def _meta(folder: str) -> dict:
    with open(os.path.join(DATA, folder, "metadata.json")) as f:
        return json.load(f)


def _step(npz, stem: str, k: int) -> dict:
    prefix = f"{stem}/{k}/"
    return {key[len(prefix) :]: npz[key] for key in npz.files if key.startswith(prefix)}


def _feeds(model, given: dict) -> dict:
    """The step's inputs by the model's input names; a tokenizer's unnamed string input by its position
    (the recorded key is its Parameter's friendly name)."""
    names = [p.get_any_name() for p in model.inputs]
    if set(given) <= set(names):
        return given
    assert len(given) == len(names) == 1, (sorted(given), names)
    return {0: next(iter(given.values()))}


def _outputs(model, results) -> dict:
    """The outputs by the names the plugin recorded them under (a tensor name, else the Result's)."""
    out = {}
    for i, port in enumerate(model.outputs):
        names = sorted(port.get_names()) or [model.get_results()[i].get_friendly_name()]
        value = np.asarray(results[i])
        for name in names:
            out[name] = value
    return out


def test_every_exporter_folder_is_here():
    assert {"gpt2_stateful", "qwen2_stateful", "phi3_stateful", "mistral_stateful", "t5_seq2seq"} <= set(FOLDERS)
    assert {"bert_features", "qwen2_int8", "qwen2_int4"} <= set(FOLDERS)
    steps = [e["steps"] for d in FOLDERS for e in _meta(d)["models"].values() if e["stateful"]]
    assert len(steps) >= 10 and set(steps) == {3}
    plugin = {json.dumps(_meta(d)["plugin"]["config"], sort_keys=True) for d in FOLDERS}
    assert plugin == {
        json.dumps(
            {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0"},
            sort_keys=True,
        )
    }


@pytest.mark.parametrize("folder,xml", XMLS)
def test_lints_clean(folder, xml):
    errors = [f for f in irexec.lint(os.path.join(DATA, folder, xml)) if f.is_error]
    assert not errors, "\n".join(map(str, errors))


@pytest.mark.parametrize("folder", FOLDERS)
def test_matches_plugin(folder):
    meta = _meta(folder)
    inputs = np.load(os.path.join(DATA, folder, "inputs.npz"))
    expected = np.load(os.path.join(DATA, folder, "expected.npz"))
    for xml, entry in meta["models"].items():
        stem = xml[:-4]
        model = irexec.read_model(os.path.join(DATA, folder, xml))
        assert model.stateful or not entry["stateful"], xml
        request = model.create_infer_request()
        for k in range(entry["steps"]):
            results = request.infer(_feeds(model, _step(inputs, stem, k)))
            ours = _outputs(model, results)
            theirs = _step(expected, stem, k)
            assert theirs, (xml, k)
            for name, b in theirs.items():
                what = f"{folder}/{xml} step {k}: {name}"
                assert name in ours, (what, sorted(ours))
                a = ours[name]
                assert a.shape == b.shape, (what, a.shape, b.shape)
                if b.dtype.kind == "f":
                    assert a.dtype == b.dtype, (what, a.dtype, b.dtype)
                    np.testing.assert_allclose(a, b, rtol=RTOL, atol=ATOL, err_msg=what)
                elif b.dtype.kind == "U":
                    assert [str(s) for s in a.ravel()] == b.ravel().tolist(), what
                else:
                    assert a.dtype == b.dtype, (what, a.dtype, b.dtype)
                    np.testing.assert_array_equal(a, b, err_msg=what)
