#!/usr/bin/env python3
"""Export the real-model corpus: small random-weight versions of the model families people run
(transformers from small configs, torchvision-style convnets, detectors, OCR and audio models),
converted by ``openvino.convert_model`` from PyTorch and from ONNX, with fp32, fp16-compressed and
int8/int4-compressed weights, LLMs with their KV cache as inputs or (stateful, as optimum-intel makes
them) in variables, and ONNX control flow (If, Loop).

A development-time tool (the tests read the committed IRs and need neither torch, transformers nor
this script). It writes tests/data/corpus/NAME.xml + NAME.bin and tests/data/corpus/corpus.json, which
lists for each model its family, where it came from, its weights, how to invent its inputs, and its op
types (those of If/Loop bodies too); a stateful model's inputs step by step (``steps``), and a control
flow model's input sets that take each path (``cases``).

Usage: pip install torch==2.13.0 transformers nncf onnx, then
python scripts/export_corpus.py [NAME ...]   (all models when none is named; seeds are fixed)
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import warnings

import openvino as ov
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from helpers.corpus import control, hf, nets, stateful  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "corpus")

SOURCES = {
    **{k: ("transformers", v) for k, v in hf.BUILDERS.items()},
    **{k: ("torch.nn", v) for k, v in nets.BUILDERS.items()},
}

# Exported whole by their own builders, which return (ov.Model, the manifest entry but its ops).
WHOLE = {"llama_stateful": stateful.llama_stateful, **control.BUILDERS}

# name -> (source model, how): every model is exported from PyTorch with fp32 weights; these are
# the other variants.
VARIANTS = {
    "gpt2_fp16": ("gpt2", "fp16"),
    "llama_past_fp16": ("llama_past", "fp16"),
    "resnet18_fp16": ("resnet18", "fp16"),
    "mobilenet_v3_fp16": ("mobilenet_v3", "fp16"),
    "bert_fp16": ("bert", "fp16"),
    "llama_past_int8": ("llama_past", "int8"),
    "qwen2_past_int4": ("qwen2_past", "int4"),
    "gpt2_int8": ("gpt2", "int8"),
    "mistral_int4": ("mistral", "int4"),
    "resnet18_onnx": ("resnet18", "onnx"),
    "mobilenet_v3_onnx": ("mobilenet_v3", "onnx"),
    "yolo_onnx": ("yolo", "onnx"),
    "unet_bilinear_onnx": ("unet_bilinear", "onnx"),
    "bert_onnx": ("bert", "onnx"),
    "ocr_rec_onnx": ("ocr_rec", "onnx"),
    "vad_onnx": ("vad", "onnx"),
}


def build(name):
    source, builder = SOURCES[name]
    torch.manual_seed(0)
    model, specs = builder()
    return source, model.eval(), specs


def convert(model, specs, how):
    example = tuple(hf._example(specs).values())
    if how == "onnx":
        with tempfile.TemporaryDirectory() as tmp, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            path = os.path.join(tmp, "model.onnx")
            torch.onnx.export(model, example, path, input_names=list(specs), opset_version=17, dynamo=False)
            return ov.convert_model(path)
    with torch.no_grad():
        ov_model = ov.convert_model(model, example_input=example)
    for port, name in zip(ov_model.inputs, specs):  # named as in the manifest, not args, x, ...
        port.get_tensor().set_names({name})
        port.get_node().set_friendly_name(name)
    if how in ("int8", "int4"):
        import nncf

        mode = nncf.CompressWeightsMode.INT8_ASYM if how == "int8" else nncf.CompressWeightsMode.INT4_ASYM
        kw = {} if how == "int8" else {"group_size": 16, "ratio": 1.0, "all_layers": True}
        ov_model = nncf.compress_weights(ov_model, mode=mode, **kw)
    return ov_model


def output_names(base: str, source: str, n: int) -> list:
    """As exporters of LLMs for OpenVINO name them: logits and present.L.key/value; an encoder's
    last_hidden_state; a convnet's output."""
    if base.endswith("_past"):
        return ["logits"] + [f"present.{i // 2}.{'key' if i % 2 == 0 else 'value'}" for i in range(n - 1)]
    if base in ("gpt2", "llama", "qwen2", "mistral"):
        return ["logits"]
    return ["last_hidden_state"] if source == "transformers" else ["output"] * (n == 1)


def op_types(model) -> set:
    """Type-version of every op, in If/Loop/TensorIterator bodies too."""
    found = set()
    for op in model.get_ordered_ops():
        found.add(f"{op.get_type_name()}-{op.get_type_info().version_id}")
        if op.get_type_name() == "If":
            found |= op_types(op.get_then_body()) | op_types(op.get_else_body())
        elif op.get_type_name() in ("Loop", "TensorIterator"):
            found |= op_types(op.get_function())
    return found


def export(name) -> dict:
    if name in WHOLE:
        ov_model, entry = WHOLE[name]()
        os.makedirs(OUT, exist_ok=True)
        ov.save_model(ov_model, os.path.join(OUT, name + ".xml"), compress_to_fp16=False)
        return {**entry, "ops": sorted(op_types(ov_model))}
    base, how = VARIANTS.get(name, (name, "fp32"))
    source, model, specs = build(base)
    ov_model = convert(model, specs, how)
    for port, tensor_name in zip(ov_model.outputs, output_names(base, source, len(ov_model.outputs))):
        port.get_tensor().set_names({tensor_name})
    os.makedirs(OUT, exist_ok=True)
    ov.save_model(ov_model, os.path.join(OUT, name + ".xml"), compress_to_fp16=(how == "fp16"))
    ops = sorted({f"{o.get_type_name()}-{o.get_type_info().version_id}" for o in ov_model.get_ordered_ops()})
    return {
        "family": base.removesuffix("_past"),
        "source": "onnx" if how == "onnx" else source,
        "weights": "fp32" if how == "onnx" else how,
        "kv_cache": base.endswith("_past"),
        "inputs": specs,
        "ops": ops,
    }


def main(names) -> None:
    path = os.path.join(OUT, "corpus.json")
    manifest = json.load(open(path)) if os.path.exists(path) else {}
    for name in names or [*SOURCES, *VARIANTS, *WHOLE]:
        manifest[name] = export(name)
        size = os.path.getsize(os.path.join(OUT, name + ".bin"))
        print(f"{name}: {size / 1024:.0f} KiB, {len(manifest[name]['ops'])} op types")
    with open(path, "w") as f:
        json.dump(dict(sorted(manifest.items())), f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
