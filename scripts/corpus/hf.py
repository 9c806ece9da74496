"""Transformers models from small configs (``from_config``: random weights, nothing downloaded).

Each builder returns (module, example inputs as a dict name -> tensor, input specs). A spec says how
the tests invent an input: {"shape", "dtype", "low", "high"} (integers in [low, high)) or
{"shape", "dtype": "f32"} (floats in [-1, 1)).
"""

from __future__ import annotations

import torch
import transformers as tf

VOCAB = 100
SEQ = 8
PAST = 5


def ids(seq=SEQ):
    return {"shape": [1, seq], "dtype": "i64", "low": 0, "high": VOCAB}


def mask(seq):
    return {"shape": [1, seq], "dtype": "i64", "low": 1, "high": 2}


def _example(specs: dict) -> dict:
    g = torch.Generator().manual_seed(0)
    out = {}
    for name, s in specs.items():
        if s["dtype"] == "i64":
            out[name] = torch.randint(s["low"], s["high"], s["shape"], generator=g)
        else:
            out[name] = torch.rand(s["shape"], generator=g) * 2 - 1
    return out


class Logits(torch.nn.Module):
    """The model's first output only, from keyword inputs in a fixed order."""

    def __init__(self, model, names):
        super().__init__()
        self.model, self.names = model, names

    def forward(self, *args):
        out = self.model(**dict(zip(self.names, args)), use_cache=False, return_dict=True)
        return out[0]


class WithPast(torch.nn.Module):
    """A decoder step with the KV cache as plain inputs and outputs (past_key_values.L.key/value
    in, present.L.key/value out), as exporters of LLMs for OpenVINO lay it out."""

    def __init__(self, model, layers):
        super().__init__()
        self.model, self.layers = model, layers

    def forward(self, input_ids, attention_mask, *past):
        # Layers holding the past as given: DynamicCache((k, v), ...) would concatenate each onto an
        # empty tensor first, which tracing keeps and the converter refuses.
        cache = tf.DynamicCache([(None, None)] * self.layers)
        for i, layer in enumerate(cache.layers):
            layer.keys, layer.values = past[2 * i], past[2 * i + 1]
            layer.device, layer.is_initialized = past[0].device, True
        out = self.model(
            input_ids=input_ids, attention_mask=attention_mask, past_key_values=cache, use_cache=True, return_dict=True
        )
        present = out.past_key_values
        flat = []
        for i in range(self.layers):
            layer = present.layers[i]
            flat += [layer.keys, layer.values]
        return (out.logits, *flat)


def _small(cls, **kw):
    cfg = cls(**kw)
    cfg._attn_implementation = "sdpa"
    return cfg


def _lm(config_cls, model_cls, past=False, heads_kv=None, head_dim=None, **kw):
    torch.manual_seed(0)
    model = model_cls(_small(config_cls, **kw)).eval()
    if not past:
        specs = {"input_ids": ids(), "attention_mask": mask(SEQ)}
        return Logits(model, list(specs)), specs
    layers = model.config.num_hidden_layers
    specs = {"input_ids": ids(1), "attention_mask": mask(PAST + 1)}
    for i in range(layers):
        for kind in ("key", "value"):
            specs[f"past_key_values.{i}.{kind}"] = {"shape": [1, heads_kv, PAST, head_dim], "dtype": "f32"}
    return WithPast(model, layers), specs


def gpt2(past=False):
    return _lm(
        tf.GPT2Config,
        tf.GPT2LMHeadModel,
        past,
        heads_kv=2,
        head_dim=16,
        n_layer=2,
        n_head=2,
        n_embd=32,
        vocab_size=VOCAB,
        n_positions=64,
        bos_token_id=0,
        eos_token_id=0,
    )


def _llama_like(config_cls, model_cls, past, **extra):
    return _lm(
        config_cls,
        model_cls,
        past,
        heads_kv=2,
        head_dim=8,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        vocab_size=VOCAB,
        max_position_embeddings=64,
        **extra,
    )


def llama(past=False):
    return _llama_like(tf.LlamaConfig, tf.LlamaForCausalLM, past)


def qwen2(past=False):
    return _llama_like(tf.Qwen2Config, tf.Qwen2ForCausalLM, past)


def mistral(past=False):
    return _llama_like(tf.MistralConfig, tf.MistralForCausalLM, past, sliding_window=None)


def _encoder(config_cls, model_cls, names=("input_ids", "attention_mask"), **kw):
    torch.manual_seed(0)
    model = model_cls(_small(config_cls, **kw)).eval()
    specs = {n: (ids() if n.endswith("input_ids") else mask(SEQ)) for n in names}
    return Logits(model, list(specs)), specs


def bert():
    return _encoder(
        tf.BertConfig,
        tf.BertModel,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        vocab_size=VOCAB,
        max_position_embeddings=64,
    )


def distilbert():
    return _encoder(
        tf.DistilBertConfig,
        tf.DistilBertModel,
        dim=32,
        n_layers=2,
        n_heads=2,
        hidden_dim=64,
        vocab_size=VOCAB,
        max_position_embeddings=64,
    )


def t5():
    return _encoder(
        tf.T5Config,
        tf.T5Model,
        ("input_ids", "attention_mask", "decoder_input_ids"),
        d_model=32,
        d_ff=64,
        d_kv=16,
        num_layers=2,
        num_decoder_layers=2,
        num_heads=2,
        vocab_size=VOCAB,
        decoder_start_token_id=0,
    )


def bart():
    return _encoder(
        tf.BartConfig,
        tf.BartModel,
        ("input_ids", "attention_mask", "decoder_input_ids"),
        d_model=32,
        encoder_layers=2,
        decoder_layers=2,
        encoder_attention_heads=2,
        decoder_attention_heads=2,
        encoder_ffn_dim=64,
        decoder_ffn_dim=64,
        vocab_size=VOCAB,
        max_position_embeddings=64,
    )


def vit():
    torch.manual_seed(0)
    model = tf.ViTModel(
        _small(
            tf.ViTConfig,
            image_size=32,
            patch_size=8,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=2,
            intermediate_size=64,
        )
    ).eval()
    specs = {"pixel_values": {"shape": [1, 3, 32, 32], "dtype": "f32"}}
    return Logits(model, list(specs)), specs


def whisper_encoder():
    torch.manual_seed(0)
    model = tf.WhisperModel(
        _small(
            tf.WhisperConfig,
            d_model=32,
            encoder_layers=2,
            decoder_layers=1,
            encoder_attention_heads=2,
            decoder_attention_heads=2,
            encoder_ffn_dim=64,
            decoder_ffn_dim=64,
            num_mel_bins=16,
            max_source_positions=16,
            vocab_size=VOCAB,
            pad_token_id=0,
            bos_token_id=0,
            eos_token_id=0,
            decoder_start_token_id=0,
        )
    ).eval()
    specs = {"input_features": {"shape": [1, 16, 32], "dtype": "f32"}}
    return Logits(model.get_encoder(), list(specs)), specs


BUILDERS = {
    "gpt2": gpt2,
    "gpt2_past": lambda: gpt2(past=True),
    "llama": llama,
    "llama_past": lambda: llama(past=True),
    "qwen2": qwen2,
    "qwen2_past": lambda: qwen2(past=True),
    "mistral": mistral,
    "mistral_past": lambda: mistral(past=True),
    "bert": bert,
    "distilbert": distilbert,
    "t5": t5,
    "bart": bart,
    "vit": vit,
    "whisper_encoder": whisper_encoder,
}
