"""Writes tests/data/exporters/<name>/: what `optimum-cli export openvino` writes today for small
random-weight models from small configs (no model hub; tokenizers trained on this script's
sentences by scripts/make_tokenizers.py's builders), with, beside each folder, the inputs used
(inputs.npz), the CPU plugin's outputs (expected.npz) and how they were made (metadata.json), which
tests/models/test_exporters.py holds irexec to. Needs torch, transformers, optimum-intel, nncf,
openvino and openvino_tokenizers (the test needs none of them):

    python scripts/make_exporters_corpus.py [NAME ...]

Stateful decoders run three steps on one request (the prompt, then two single tokens, each the
plugin's greedy choice); a seq2seq export runs its encoder once and its decoder three steps on the
encoder's output; stateless models (an encoder, a tokenizer) run once. Keys in the .npz files are
``<xml stem>/<step>/<port name>``. A model the exporter refuses is reported and skipped: Gemma 3 with
optimum-intel 2.2 and transformers 5.5.4 (Gemma's export config allows transformers up to 5.0; LFM2's,
left out, up to 5.4)."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import openvino as ov
import openvino_tokenizers  # noqa: F401  (registers the tokenizer ops with the plugin)
import torch
import transformers as tf
from make_tokenizers import bpe_bytelevel, wordpiece

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "exporters")
# The plugin as the tests compare with it: f32 throughout, an f32 KV cache (u8 by default), no dynamic
# quantization of the activations before compressed MatMuls.
CONFIG = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0"}
PROMPT = 6  # the prompt's length in tokens
TEXTS = ["Hello world, this is a test.", "The quick brown fox jumps"]

CORPUS = [
    "Hello world, this is a test.",
    "The quick brown fox jumps over the lazy dog!",
    "numbers 12345 and symbols #$% & tabs\tand\nnewlines",
    "Don't stop: it's 3.14, we'll see; they've gone.",
] * 40


DECODER = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4)
SMALL = dict(max_position_embeddings=64, bos_token_id=1, eos_token_id=2, pad_token_id=0)


def gpt2():
    tok = bpe_bytelevel(300, CORPUS)
    config = tf.GPT2Config(
        vocab_size=len(tok), n_embd=32, n_layer=2, n_head=4, n_positions=64, bos_token_id=0, eos_token_id=0
    )
    return tf.GPT2LMHeadModel(config), tok


def qwen2(hidden: int = 32):
    config = tf.Qwen2Config(
        vocab_size=256,
        **dict(DECODER, hidden_size=hidden, intermediate_size=2 * hidden),
        num_key_value_heads=2,
        **SMALL,
    )
    return tf.Qwen2ForCausalLM(config), None


def bert():
    tok = wordpiece(200, ["input_ids", "token_type_ids", "attention_mask"], CORPUS)
    config = tf.BertConfig(
        vocab_size=len(tok),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        max_position_embeddings=64,
    )
    return tf.BertModel(config), tok


def causal(config: str, model: str, **options):
    """A causal LM of transformers' classes ``config`` and ``model`` with a vocabulary of 256."""

    def make():
        return getattr(tf, model)(getattr(tf, config)(vocab_size=256, **options)), None

    return make


def model_of(config: str, model: str, **options):
    """A model of transformers' classes ``config`` and ``model``."""

    def make():
        return getattr(tf, model)(getattr(tf, config)(**options)), None

    return make


LLAMA_LIKE = dict(DECODER, num_key_value_heads=2, **SMALL)
BART = dict(d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=4, decoder_attention_heads=4)
BART.update(encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=64)
# optimum traces Whisper with 3000 frames whatever the config: 1500 positions, but 8 mel bins, width 16
WHISPER = dict(BART, d_model=16, max_source_positions=1500, max_target_positions=64, num_mel_bins=8, vocab_size=256)
WHISPER.update(decoder_start_token_id=1, pad_token_id=0, bos_token_id=1, eos_token_id=2)
WHISPER.update(suppress_tokens=[], begin_suppress_tokens=[])
T5 = dict(vocab_size=256, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_decoder_layers=2, num_heads=4)
T5.update(decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
ENCODER = dict(DECODER, max_position_embeddings=64)
DEBERTA = dict(relative_attention=True, pos_att_type=["p2c", "c2p"], max_relative_positions=-1)
GEN = "text-generation-with-past"
FP32 = ["--weight-format", "fp32"]
# name: (model maker, task, extra optimum-cli options)
MODELS = {
    "gpt2_stateful": (gpt2, GEN, FP32),
    "qwen2_stateful": (qwen2, GEN, FP32),
    "phi3_stateful": (causal("Phi3Config", "Phi3ForCausalLM", **LLAMA_LIKE), GEN, FP32),
    "mistral_stateful": (causal("MistralConfig", "MistralForCausalLM", sliding_window=None, **LLAMA_LIKE), GEN, FP32),
    "t5_seq2seq": (model_of("T5Config", "T5ForConditionalGeneration", **T5), "text2text-generation-with-past", FP32),
    "bert_features": (bert, "feature-extraction", FP32),
    "gemma3_stateful": (  # refused today (see above): kept to be tried again on newer exporters
        causal(
            "Gemma3TextConfig",
            "Gemma3ForCausalLM",
            head_dim=8,
            sliding_window=4,
            layer_types=["sliding_attention", "full_attention"],
            **LLAMA_LIKE,
        ),
        GEN,
        FP32,
    ),
    "phi_stateful": (causal("PhiConfig", "PhiForCausalLM", partial_rotary_factor=0.5, **DECODER, **SMALL), GEN, FP32),
    "qwen3_stateful": (causal("Qwen3Config", "Qwen3ForCausalLM", head_dim=8, **LLAMA_LIKE), GEN, FP32),
    "stablelm_stateful": (causal("StableLmConfig", "StableLmForCausalLM", **LLAMA_LIKE), GEN, FP32),
    "gpt_neox_stateful": (
        causal("GPTNeoXConfig", "GPTNeoXForCausalLM", rotary_pct=0.25, **DECODER, **SMALL),
        GEN,
        FP32,
    ),
    "falcon_stateful": (
        causal("FalconConfig", "FalconForCausalLM", hidden_size=32, num_hidden_layers=2, num_attention_heads=4),
        GEN,
        FP32,
    ),
    "bloom_stateful": (causal("BloomConfig", "BloomForCausalLM", hidden_size=32, n_layer=2, n_head=4), GEN, FP32),
    "qwen3_moe_stateful": (
        causal(
            "Qwen3MoeConfig",
            "Qwen3MoeForCausalLM",
            head_dim=8,
            moe_intermediate_size=32,
            num_experts=4,
            num_experts_per_tok=2,
            **LLAMA_LIKE,
        ),
        GEN,
        FP32,
    ),
    "granitemoehybrid_stateful": (
        causal(
            "GraniteMoeHybridConfig",
            "GraniteMoeHybridForCausalLM",
            layer_types=["mamba", "attention"],
            num_local_experts=4,
            shared_intermediate_size=64,
            mamba_n_heads=4,
            mamba_d_state=16,
            mamba_chunk_size=4,
            **LLAMA_LIKE,
        ),
        GEN,
        FP32,
    ),
    "deberta_v2_features": (
        model_of("DebertaV2Config", "DebertaV2Model", vocab_size=256, **ENCODER, position_buckets=16, **DEBERTA),
        "feature-extraction",
        FP32,
    ),
    "bart_seq2seq": (
        model_of("BartConfig", "BartForConditionalGeneration", vocab_size=256, **BART),
        "text2text-generation-with-past",
        FP32,
    ),
    "whisper_seq2seq": (
        model_of("WhisperConfig", "WhisperForConditionalGeneration", **WHISPER),
        "automatic-speech-recognition-with-past",
        FP32,
    ),
    "qwen2_int8": (lambda: qwen2(64), GEN, ["--weight-format", "int8"]),
    "qwen2_int4": (
        lambda: qwen2(64),
        GEN,
        ["--weight-format", "int4", "--group-size", "16", "--ratio", "0.8", "--backup-precision", "int8_asym"],
    ),
    "qwen2_int4_sym": (
        lambda: qwen2(64),
        GEN,
        ["--weight-format", "int4", "--sym", "--group-size", "32", "--ratio", "1.0"],
    ),
}


def export(name: str) -> list:
    make, task, options = MODELS[name]
    torch.manual_seed(0)
    model, tok = make()
    target = os.path.join(OUT, name)
    shutil.rmtree(target, ignore_errors=True)
    with tempfile.TemporaryDirectory() as hf:
        model.eval().save_pretrained(hf)
        if tok is not None:
            tok.save_pretrained(hf)
        command = ["optimum-cli", "export", "openvino", "--model", hf, "--task", task, *options, target]
        subprocess.run(command, check=True)
    command[4], command[-1] = "<folder of save_pretrained>", os.path.relpath(target, ROOT)
    return command


class Recorder:
    """Feeds and outputs by key ``<stem>/<step>/<port>``, and the steps' names per model."""

    def __init__(self, folder: str):
        self.folder, self.inputs, self.expected, self.models = folder, {}, {}, {}
        self.core = ov.Core()

    def request(self, xml: str, stateful: bool):
        compiled = self.core.compile_model(os.path.join(self.folder, xml), "CPU", CONFIG)
        self.models[xml] = {"stateful": stateful, "steps": 0}
        return compiled, compiled.create_infer_request()

    def step(self, xml: str, compiled, request, feeds: dict) -> dict:
        stem, k = xml[:-4], self.models[xml]["steps"]
        res = request.infer(feeds)
        outs = {o.get_any_name(): np.asarray(res[i]).copy() for i, o in enumerate(compiled.outputs)}
        for key, value in feeds.items():
            self.inputs[f"{stem}/{k}/{key}"] = np.asarray(value)
        for key, value in outs.items():
            self.expected[f"{stem}/{k}/{key}"] = value
        self.models[xml]["steps"] = k + 1
        return outs


def decoder_feeds(names: set, ids: np.ndarray, past: int, extra: dict) -> dict:
    """A decoder step's inputs by their names as optimum writes them."""
    n = ids.shape[1]
    made = {
        "input_ids": ids,
        "decoder_input_ids": ids,
        "attention_mask": np.ones((1, past + n), np.int64),
        "position_ids": np.arange(past, past + n, dtype=np.int64)[None],
        "cache_position": np.arange(past, past + n, dtype=np.int64),
        "beam_idx": np.zeros(1, np.int32),
        "decoder_attention_mask": np.ones((1, past + n), np.int64),
        **extra,
    }
    missing = names - set(made)
    assert not missing, f"no feed for {missing}"
    return {k: made[k] for k in names}


def run_decoder(rec: Recorder, xml: str, prompt: np.ndarray, extra: dict) -> None:
    compiled, request = rec.request(xml, stateful=True)
    names = {n for p in compiled.inputs for n in [p.get_any_name()]}
    ids, past = prompt, 0
    for _ in range(3):
        outs = rec.step(xml, compiled, request, decoder_feeds(names, ids, past, extra))
        logits = outs["logits"]
        past += ids.shape[1]
        ids = np.array([[int(logits[0, -1].argmax())]], np.int64)


def run_stateless(rec: Recorder, xml: str, feeds_for) -> dict:
    compiled, request = rec.request(xml, stateful=False)
    names = [p.get_any_name() for p in compiled.inputs]
    return rec.step(xml, compiled, request, feeds_for(names))


def record(name: str, command: list) -> None:
    folder = os.path.join(OUT, name)
    rec = Recorder(folder)
    rng = np.random.default_rng(0)
    config = json.load(open(os.path.join(folder, "config.json")))
    vocab = config["vocab_size"]
    prompt = rng.integers(3, vocab, (1, PROMPT)).astype(np.int64)
    if os.path.exists(os.path.join(folder, "openvino_tokenizer.xml")):
        texts = TEXTS[:1] if name != "bert_features" else TEXTS
        tokens = run_stateless(rec, "openvino_tokenizer.xml", lambda names: {names[0]: np.array(texts)})
        if os.path.exists(os.path.join(folder, "openvino_detokenizer.xml")):
            run_stateless(rec, "openvino_detokenizer.xml", lambda names: {names[0]: tokens["input_ids"]})
        if name == "gpt2_stateful":
            prompt = tokens["input_ids"].astype(np.int64)
    if os.path.exists(os.path.join(folder, "openvino_model.xml")):
        if MODELS[name][1] == "feature-extraction":
            # the texts through the folder's tokenizer (a padded batch of two), or, without one, two rows
            # of ids, the second padded
            ids = np.concatenate([prompt, prompt[:, ::-1]])
            mask = np.array([[1] * PROMPT, [1] * (PROMPT - 2) + [0] * 2], np.int64)
            own = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            given = tokens if name == "bert_features" else own

            def feeds(names):
                return {k: given[k].astype(np.int64) for k in names}

            run_stateless(rec, "openvino_model.xml", feeds)
        else:
            run_decoder(rec, "openvino_model.xml", prompt, {})
    if os.path.exists(os.path.join(folder, "openvino_encoder_model.xml")):
        mask = np.ones_like(prompt)
        frames = (1, config.get("num_mel_bins", 80), 2 * config.get("max_source_positions", 0))
        features = rng.standard_normal(frames).astype(np.float32)

        def enc_feeds(names):
            return {k: {"input_ids": prompt, "attention_mask": mask, "input_features": features}[k] for k in names}

        hidden = run_stateless(rec, "openvino_encoder_model.xml", enc_feeds)["last_hidden_state"]
        start = np.array([[config.get("decoder_start_token_id", 0)]], np.int64)
        extra = {"encoder_hidden_states": hidden, "encoder_attention_mask": mask}
        run_decoder(rec, "openvino_decoder_model.xml", start, extra)
    np.savez_compressed(os.path.join(folder, "inputs.npz"), **rec.inputs)
    np.savez_compressed(os.path.join(folder, "expected.npz"), **rec.expected)
    versions = {"openvino": ov.get_version()}
    for package in ("openvino-tokenizers", "optimum", "optimum-intel", "nncf", "transformers", "torch", "tokenizers"):
        versions[package] = importlib.metadata.version(package)
    meta = {
        "made_by": "scripts/make_exporters_corpus.py",
        "export": command,
        "source": "random weights (torch.manual_seed(0)) from the small config in config.json; tokenizer, if any, "
        "trained by the script",
        "plugin": {"device": "CPU", "config": CONFIG},
        "versions": versions,
        "keys": "inputs.npz / expected.npz: <xml stem>/<step>/<port name>",
        "models": rec.models,
        "steps": "stateful: the prompt, then two single tokens (each the plugin's argmax of the last logits)",
    }
    with open(os.path.join(folder, "metadata.json"), "w") as f:
        json.dump(meta, f, indent=1)


def _scrub(path: str) -> None:
    """optimum writes the temporary folder it saved the tokenizer in into openvino_config.json:
    named as the metadata names the source folder, not where it was."""
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(re.sub(r'"/[^"]*tmp[^"]*"', '"<folder of save_pretrained>"', text))


def main(names: list) -> None:
    for name in names or list(MODELS):
        try:
            command = export(name)
        except subprocess.CalledProcessError as error:  # the exporter refuses it: say so, write nothing
            shutil.rmtree(os.path.join(OUT, name), ignore_errors=True)
            print(f"{name}: not exported ({error})", flush=True)
            continue
        record(name, command)
        _scrub(os.path.join(OUT, name, "openvino_config.json"))
        size = sum(os.path.getsize(os.path.join(OUT, name, f)) for f in os.listdir(os.path.join(OUT, name)))
        print(f"{name}: {size / 1024:.0f} KiB", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
