"""A stateful LLaMA-style decoder, as optimum-intel exports LLMs for OpenVINO: the model is converted with
its KV cache as inputs and outputs (input_ids, attention_mask, position_ids, past_key_values.L.key/value
in; logits, present.L.key/value out), then

  1. a ``beam_idx`` input (i32, one row index per batch row) and a Gather of every past key/value on
     the batch axis by it, so that beam search can reorder the cache without touching the state;
  2. OpenVINO's make-stateful transformation: each past/present pair becomes a variable, read by a
     ReadValue and written by an Assign, and leaves the model's inputs and outputs;
  3. each ReadValue's initial value: zeros shaped [batch of input_ids, kv heads, 0, head dim], so
     the first step (the prompt) starts from an empty cache.

The manifest lists the inputs step by step: the prompt, then one token per step with the attention
mask growing by one and the positions following on.
"""

from __future__ import annotations

import numpy as np
import openvino as ov
import torch
import transformers as tf
from openvino import opset13 as ops
from openvino._offline_transformations import apply_make_stateful_transformation

from . import hf

PROMPT, TOKENS = 4, 3  # the manifest's steps: a prompt of 4 tokens, then 3 one-token steps


class WithPastPositions(torch.nn.Module):
    """``hf.WithPast`` with position_ids as an input too (as optimum-intel's LLM exports have)."""

    def __init__(self, model, layers):
        super().__init__()
        self.model, self.layers = model, layers

    def forward(self, input_ids, attention_mask, position_ids, *past):
        cache = tf.DynamicCache([(None, None)] * self.layers)
        for i, layer in enumerate(cache.layers):
            layer.keys, layer.values = past[2 * i], past[2 * i + 1]
            layer.device, layer.is_initialized = past[0].device, True
        out = self.model(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            past_key_values=cache,
            use_cache=True,
            return_dict=True,
        )
        flat = []
        for layer in out.past_key_values.layers[: self.layers]:
            flat += [layer.keys, layer.values]
        return (out.logits, *flat)


def step_specs(past: int, seq: int) -> dict:
    """One step's inputs: ``seq`` new tokens after ``past`` cached ones."""
    return {
        "input_ids": hf.ids(seq),
        "attention_mask": hf.mask(past + seq),
        "position_ids": {"shape": [1, seq], "dtype": "i64", "start": past},
        "beam_idx": {"shape": [1], "dtype": "i32", "low": 0, "high": 1},
    }


def steps() -> list:
    return [step_specs(0, PROMPT)] + [step_specs(PROMPT + i, 1) for i in range(TOKENS)]


def _fuse_cache_reorder(model: ov.Model, past_names: list) -> None:
    batch = model.input("input_ids").get_partial_shape()[0]
    beam_idx = ops.parameter(ov.PartialShape([batch]), ov.Type.i32, name="beam_idx")
    beam_idx.output(0).get_tensor().set_names({"beam_idx"})
    model.add_parameters([beam_idx])
    for name in past_names:
        port = model.input(name)
        consumers = port.get_target_inputs()
        gather = ops.gather(port, beam_idx, ops.constant(np.int64(0)))
        for consumer in consumers:
            consumer.replace_source_output(gather.output(0))
    model.validate_nodes_and_infer_types()


def _zero_initial_states(model: ov.Model) -> None:
    """Every ReadValue starts from zeros [batch, heads, 0, head dim], the batch taken from input_ids."""
    batch = ops.gather(
        ops.shape_of(model.input("input_ids"), "i64"), ops.constant(np.array([0], np.int64)), ops.constant(np.int64(0))
    )
    for op in model.get_ops():
        if op.get_type_name() != "ReadValue":
            continue
        dims = [batch] + [
            ops.constant(np.array([max(d.get_min_length(), 0)], np.int64))
            for d in list(op.get_output_partial_shape(0))[1:]
        ]
        zeros = ops.broadcast(ops.constant(np.float32(0)), ops.concat(dims, 0))
        op.set_arguments([zeros])
    model.validate_nodes_and_infer_types()


def llama_stateful():
    """(ov.Model, manifest fields): the tiny ``hf.llama`` config, converted and made stateful."""
    torch.manual_seed(0)
    model = tf.LlamaForCausalLM(
        hf._small(
            tf.LlamaConfig,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            vocab_size=hf.VOCAB,
            max_position_embeddings=64,
        )
    ).eval()
    layers, heads_kv, head_dim = 2, 2, 8
    # Traced on a 3-token step after 2 cached ones: neither a one-token step nor an empty cache,
    # so the trace keeps the general causal mask.
    g = torch.Generator().manual_seed(0)
    past_names = [f"past_key_values.{i}.{k}" for i in range(layers) for k in ("key", "value")]
    example = {
        "input_ids": torch.randint(0, hf.VOCAB, (1, 3), generator=g),
        "attention_mask": torch.ones(1, 5, dtype=torch.int64),
        "position_ids": torch.arange(2, 5).reshape(1, 3),
        **{n: torch.rand(1, heads_kv, 2, head_dim, generator=g) for n in past_names},
    }
    with torch.no_grad():
        ov_model = ov.convert_model(WithPastPositions(model, layers), example_input=tuple(example.values()))
    for port, name in zip(ov_model.inputs, example):
        port.get_tensor().set_names({name})
        port.get_node().set_friendly_name(name)
    # The cache's heads and head size static, as optimum-intel's exports declare them: the initial
    # state is then [batch, 2, 0, 8], not [batch, 0, 0, 8] (a Concat with the new keys on axis 2
    # that only the CPU plugin lets through).
    for name in past_names:
        ov_model.input(name).get_node().set_partial_shape(ov.PartialShape([-1, heads_kv, -1, head_dim]))
    ov_model.validate_nodes_and_infer_types()
    present = [n.replace("past_key_values", "present") for n in past_names]
    for port, name in zip(ov_model.outputs, ["logits"] + present):
        port.get_tensor().set_names({name})
    _fuse_cache_reorder(ov_model, past_names)
    apply_make_stateful_transformation(ov_model, dict(zip(past_names, present)))
    _zero_initial_states(ov_model)
    return ov_model, {
        "family": "llm",
        "source": "transformers",
        "weights": "fp32",
        "kv_cache": True,
        "stateful": True,
        "inputs": steps()[0],
        "steps": steps(),
    }
