"""Writes the small NNCF-compressed decoders under tests/data/nncf/ that tests/run/test_decompression.py
reads: a random-weight Llama (hidden size 64, 2 layers, vocabulary 512) converted with
optimum-intel (no KV cache), then compressed by nncf.compress_weights three ways (int8 asym; int4 sym in
groups of 16; int4 asym in groups of 32 for 80% of the layers, the rest int8: mixed precision),
and beside each IR the CPU plugin's logits for one fixed input (expected.npz) with the settings
they were computed under (metadata.json). Needs torch, transformers and nncf (the tests do not):

    python scripts/make_nncf_models.py
"""

import json
import os
import shutil
import tempfile

import nncf
import numpy as np
import openvino as ov
import torch
from optimum.intel import OVModelForCausalLM
from transformers import LlamaConfig, LlamaForCausalLM

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "data", "nncf")
# The plugin as the tests compare with it: f32 throughout, no dynamic quantization of the activations
# (which would round them to int8 before the compressed MatMuls).
CONFIG = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0"}
MODES = {
    "int8_asym": dict(mode=nncf.CompressWeightsMode.INT8_ASYM),
    "int4_sym_g16": dict(mode=nncf.CompressWeightsMode.INT4_SYM, group_size=16),
    "int4_asym_g32_r08": dict(mode=nncf.CompressWeightsMode.INT4_ASYM, group_size=32, ratio=0.8),
}
SEQ = 7


def decoder() -> LlamaForCausalLM:
    config = LlamaConfig(
        vocab_size=512,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
        tie_word_embeddings=False,
    )
    torch.manual_seed(0)
    return LlamaForCausalLM(config).eval()


def feeds() -> dict:
    ids = np.random.default_rng(0).integers(0, 512, (1, SEQ)).astype(np.int64)
    return {"input_ids": ids, "attention_mask": np.ones((1, SEQ), np.int64)}


def main() -> None:
    core = ov.Core()
    with tempfile.TemporaryDirectory() as hf:
        decoder().save_pretrained(hf)
        converted = OVModelForCausalLM.from_pretrained(hf, export=True, compile=False, use_cache=False).model
    names = {n for p in converted.inputs for n in p.names}
    inputs = {k: v for k, v in feeds().items() if k in names}
    if "position_ids" in names:
        inputs["position_ids"] = np.arange(SEQ, dtype=np.int64)[None]
    for name, options in MODES.items():
        # (compress_weights rewrites the model it is given: each mode compresses a copy)
        compressed = nncf.compress_weights(converted.clone(), **options)
        target = os.path.join(OUT, name)
        shutil.rmtree(target, ignore_errors=True)
        os.makedirs(target)
        xml = os.path.join(target, "model.xml")
        ov.save_model(compressed, xml, compress_to_fp16=False)
        logits = core.compile_model(xml, "CPU", CONFIG)(inputs)[0]
        np.savez(os.path.join(target, "expected.npz"), logits=logits, **inputs)
        meta = {
            "compression": {k: str(v) for k, v in options.items()},
            "plugin": {"device": "CPU", "config": CONFIG, "openvino": ov.__version__, "nncf": nncf.__version__},
            "source": "LlamaConfig(vocab_size=512, hidden_size=64, intermediate_size=128, num_hidden_layers=2, "
            "num_attention_heads=4, num_key_value_heads=2), torch.manual_seed(0), random weights",
        }
        with open(os.path.join(target, "metadata.json"), "w") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")
        print(name, logits.shape)


if __name__ == "__main__":
    main()
