#!/usr/bin/env python3
"""`irexec generate` next to openvino-genai's LLMPipeline on the same folder, in one process:
time to the first token (prompt tokenized, read through, first token chosen), tokens per second
after it, and the memory each holds (resident set growth while it loads and generates, measured
in a child process of its own each, so one's caches do not count for the other).

    python benchmarks/bench_generate.py [FOLDER ...] [--tokens N] [--big DIR]

FOLDER defaults to models/tiny_llm. ``--big DIR`` first writes there (once) a ~100M-parameter
Llama-style decoder with random weights, compressed to int4 (group 64) by NNCF, with the tiny
folder's tokenizer: an LLM of a real size (needs torch, transformers, optimum-intel and nncf).
Both run greedy with genai's f32 settings (INFERENCE_PRECISION_HINT, KV_CACHE_PRECISION,
DYNAMIC_QUANTIZATION_GROUP_SIZE=0)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
PLUGIN = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0"}
PROMPT = "Once upon a time there was a small model that ran in pure Python."

CHILD = r"""
import json, resource, sys, time
folder, which, tokens = sys.argv[1], sys.argv[2], int(sys.argv[3])
plugin = json.loads(sys.argv[4])
prompt = sys.argv[5]
def rss():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) * 1024 for l in f if l.startswith("VmRSS"))
before = rss()
t0 = time.perf_counter()
if which == "irexec":
    sys.path.insert(0, sys.argv[6])
    from irexec.pipeline.llm import LLMPipeline
    pipe = LLMPipeline(folder)
else:
    import openvino_genai
    pipe = openvino_genai.LLMPipeline(folder, "CPU", plugin)
loaded = time.perf_counter() - t0
first = []
def streamer(text):
    if not first:
        first.append(time.perf_counter())
    return False
results = []
for _ in range(3):
    first.clear()
    t0 = time.perf_counter()
    out = pipe.generate([prompt], streamer=streamer, max_new_tokens=tokens, ignore_eos=True)
    if which == "irexec":
        n = out.perf_metrics.generated
        ttft = out.perf_metrics.ttft
    else:
        pm = out.perf_metrics
        n = pm.get_num_generated_tokens()
        ttft = pm.get_ttft().mean / 1000.0
    seconds = time.perf_counter() - t0
    results.append((ttft, (n - 1) / max(seconds - ttft, 1e-9), out.texts[0]))
best = min(results)
print(json.dumps({"load_s": loaded, "ttft_s": best[0], "tokens_per_s": max(r[1] for r in results),
                  "rss_mb": (rss() - before) / 2**20, "text": best[2]}))
"""


def measure(folder: str, which: str, tokens: int) -> dict:
    args = [sys.executable, "-c", CHILD, folder, which, str(tokens), json.dumps(PLUGIN), PROMPT, ROOT]
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def make_big(out: str) -> str:
    """A ~100M-parameter Llama-style decoder, int4-compressed, with the tiny folder's tokenizer."""
    if os.path.isfile(os.path.join(out, "openvino_model.xml")):
        return out
    import shutil
    import tempfile

    import nncf
    import openvino as ov
    import torch
    from optimum.exporters.openvino import main_export
    from transformers import GenerationConfig, LlamaConfig, LlamaForCausalLM

    tiny = os.path.join(ROOT, "models", "tiny_llm")
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as src:
        config = LlamaConfig(
            vocab_size=32000,
            hidden_size=768,
            intermediate_size=2048,
            num_hidden_layers=12,
            num_attention_heads=12,
            num_key_value_heads=4,
            max_position_embeddings=512,
            bos_token_id=1,
            eos_token_id=2,
            pad_token_id=0,
        )
        LlamaForCausalLM(config).eval().save_pretrained(src)
        GenerationConfig(bos_token_id=1, eos_token_id=2, pad_token_id=0).save_pretrained(src)
        main_export(src, out, task="text-generation-with-past", convert_tokenizer=False)
    model = ov.Core().read_model(os.path.join(out, "openvino_model.xml"))
    model = nncf.compress_weights(model, mode=nncf.CompressWeightsMode.INT4_ASYM, group_size=64, ratio=1.0)
    ov.save_model(model, os.path.join(out, "compressed.xml"))
    os.replace(os.path.join(out, "compressed.xml"), os.path.join(out, "openvino_model.xml"))
    os.replace(os.path.join(out, "compressed.bin"), os.path.join(out, "openvino_model.bin"))
    for name in os.listdir(tiny):
        if "tokenizer" in name or name == "chat_template.jinja":
            shutil.copy(os.path.join(tiny, name), os.path.join(out, name))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", default=[os.path.join(ROOT, "models", "tiny_llm")])
    parser.add_argument("--tokens", type=int, default=32)
    parser.add_argument("--big", metavar="DIR", help="also an int4 decoder of ~100M parameters, made in DIR once")
    args = parser.parse_args()
    folders = list(args.folders) + ([make_big(args.big)] if args.big else [])
    print(f"{'folder':<14} {'':<8} {'load s':>7} {'ttft ms':>8} {'tok/s':>7} {'RSS MB':>7}  same text")
    for folder in folders:
        rows = {which: measure(folder, which, args.tokens) for which in ("genai", "irexec")}
        same = rows["genai"]["text"] == rows["irexec"]["text"]
        for which, r in rows.items():
            print(
                f"{os.path.basename(os.path.normpath(folder)):<14} {which:<8} {r['load_s']:>7.2f} "
                f"{r['ttft_s'] * 1000:>8.1f} {r['tokens_per_s']:>7.1f} {r['rss_mb']:>7.0f}  {same}"
            )


if __name__ == "__main__":
    main()
