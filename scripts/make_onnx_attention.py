"""Write tests/data/onnx_gqa/: a small ONNX model of onnxruntime's com.microsoft
GroupQueryAttention (packed QKV, rotary, a KV cache of dynamic length), converted by OpenVINO's
ONNX frontend and saved as IR (the op as ``GroupQueryAttention`` version "extension", its absent
inputs as empty Consts of type dynamic), with the CPU plugin's outputs for fixed inputs (a decode
step: 3 past tokens, 2 new). OpenVINO's reader refuses the saved IR, so the plugin runs the ONNX
model the IR came from. Needs onnx and openvino; the test reading the data needs neither.

    python scripts/make_onnx_attention.py
"""

from __future__ import annotations

import json
import os

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto, helper, numpy_helper

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "data", "onnx_gqa")
HEADS, KV_HEADS, HEAD, HIDDEN, MAX_POS = 4, 2, 8, 32, 32
SETTINGS = {"INFERENCE_PRECISION_HINT": "f32"}


def build() -> onnx.ModelProto:
    """hidden [1, S, 32] -> packed QKV projection -> GroupQueryAttention (rotary) -> output projection."""
    rng = np.random.default_rng(7)
    qkv_w = (rng.standard_normal((HIDDEN, (HEADS + 2 * KV_HEADS) * HEAD)) * 0.2).astype(np.float32)
    out_w = (rng.standard_normal((HEADS * HEAD, HIDDEN)) * 0.2).astype(np.float32)
    angles = np.arange(MAX_POS)[:, None] * 10000.0 ** (-np.arange(HEAD // 2) / (HEAD // 2))
    inits = [
        numpy_helper.from_array(qkv_w, "qkv_w"),
        numpy_helper.from_array(out_w, "out_w"),
        numpy_helper.from_array(np.cos(angles).astype(np.float32), "cos_cache"),
        numpy_helper.from_array(np.sin(angles).astype(np.float32), "sin_cache"),
    ]
    nodes = [
        helper.make_node("MatMul", ["hidden", "qkv_w"], ["qkv"]),
        helper.make_node(
            "GroupQueryAttention",
            ["qkv", "", "", "past_key", "past_value", "seqlens_k", "total_sequence_length", "cos_cache", "sin_cache"],
            ["attn", "present_key", "present_value"],
            domain="com.microsoft",
            num_heads=HEADS,
            kv_num_heads=KV_HEADS,
            do_rotary=1,
        ),
        helper.make_node("MatMul", ["attn", "out_w"], ["output"]),
    ]
    f = TensorProto.FLOAT
    inputs = [
        helper.make_tensor_value_info("hidden", f, [1, "seq", HIDDEN]),
        helper.make_tensor_value_info("past_key", f, [1, KV_HEADS, "past", HEAD]),
        helper.make_tensor_value_info("past_value", f, [1, KV_HEADS, "past", HEAD]),
        helper.make_tensor_value_info("seqlens_k", TensorProto.INT32, [1]),
        helper.make_tensor_value_info("total_sequence_length", TensorProto.INT32, []),
    ]
    outputs = [
        helper.make_tensor_value_info("output", f, None),
        helper.make_tensor_value_info("present_key", f, None),
        helper.make_tensor_value_info("present_value", f, None),
    ]
    graph = helper.make_graph(nodes, "onnx_gqa", inputs, outputs, initializer=inits)
    opsets = [helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    return helper.make_model(graph, opset_imports=opsets)


def feeds() -> dict:
    rng = np.random.default_rng(11)
    past, steps = 3, 2
    return {
        "hidden": rng.uniform(-1, 1, (1, steps, HIDDEN)).astype(np.float32),
        "past_key": rng.uniform(-1, 1, (1, KV_HEADS, past, HEAD)).astype(np.float32),
        "past_value": rng.uniform(-1, 1, (1, KV_HEADS, past, HEAD)).astype(np.float32),
        "seqlens_k": np.array([past + steps - 1], np.int32),
        "total_sequence_length": np.array(past + steps, np.int32),
    }


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    model = build()
    core = ov.Core()
    converted = core.read_model(model.SerializeToString())
    ov.save_model(converted, os.path.join(OUT, "model.xml"), compress_to_fp16=False)
    compiled = core.compile_model(converted, "CPU", SETTINGS)
    given = feeds()
    result = compiled(given)
    expected = {port.get_any_name(): np.asarray(result[port]) for port in compiled.outputs}
    np.savez(os.path.join(OUT, "inputs.npz"), **given)
    np.savez(os.path.join(OUT, "expected.npz"), **expected)
    meta = {
        "source": "scripts/make_onnx_attention.py",
        "openvino": ov.__version__.split("-")[0],
        "onnx": onnx.__version__,
        "settings": SETTINGS,
        "op": {"type": "GroupQueryAttention", "version": "extension"},
        "inputs": {k: list(v.shape) for k, v in given.items()},
        "outputs": {k: list(v.shape) for k, v in expected.items()},
    }
    with open(os.path.join(OUT, "meta.json"), "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
