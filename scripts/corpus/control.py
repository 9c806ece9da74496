"""Control flow from ONNX, written with ``onnx.helper`` (small random weights, fixed seeds) and converted by
``openvino.convert_model``, which keeps ONNX If as If and ONNX Loop as Loop, each with its bodies:

  vad_if        voice activity on raw audio: frame energies, and an If on whether the loudest frame
                passes a threshold (a run-time condition): a small per-frame MLP when it does, a cheap
                energy detector when it does not. The manifest's ``cases`` take both branches.
  loop_decoder  a greedy RNN decoder: a Loop of at most ``max_len`` steps (a run-time trip count) that
                embeds the previous token, updates a tanh RNN state, and picks the next token by
                ArgMax, stopping early at the end token (a run-time condition); it outputs the
                tokens, every step's logits, and the last state.

Each builder returns (ov.Model, manifest fields); input specs as in ``hf.py`` (floats may give their
own low/high).
"""

from __future__ import annotations

import os
import tempfile

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto, helper

OPSET = 17
F32, I64, BOOL = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL


def _const(name: str, value: np.ndarray):
    return helper.make_node("Constant", [], [name], value=onnx.numpy_helper.from_array(value, name))


def _convert(graph) -> ov.Model:
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    onnx.checker.check_model(model, full_check=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.onnx")
        onnx.save(model, path)
        return ov.convert_model(path)


def vad_if():
    rng = np.random.default_rng(0)
    frames, width, hidden = 32, 32, 16
    w = {
        "w1": rng.normal(0, 0.3, (width, hidden)),
        "b1": rng.normal(0, 0.1, hidden),
        "w2": rng.normal(0, 0.3, (hidden, 1)),
        "b2": rng.normal(0, 0.1, 1),
        "gain": np.array(100.0),
        "bias": np.array(-5.0),
        "threshold": np.array(0.01),
    }
    inits = [onnx.numpy_helper.from_array(v.astype(np.float32), k) for k, v in w.items()]
    inits.append(onnx.numpy_helper.from_array(np.array([1, frames, width], np.int64), "frame_shape"))
    inits.append(onnx.numpy_helper.from_array(np.array([2], np.int64), "last_axis"))
    out = [1, frames]
    then = helper.make_graph(
        [  # the MLP, on the outer graph's frames
            helper.make_node("MatMul", ["frames", "w1"], ["h0"]),
            helper.make_node("Add", ["h0", "b1"], ["h1"]),
            helper.make_node("Relu", ["h1"], ["h2"]),
            helper.make_node("MatMul", ["h2", "w2"], ["p0"]),
            helper.make_node("Add", ["p0", "b2"], ["p1"]),
            helper.make_node("Sigmoid", ["p1"], ["p2"]),
            helper.make_node("Squeeze", ["p2", "last_axis"], ["then_prob"]),
        ],
        "speech_mlp",
        [],
        [helper.make_tensor_value_info("then_prob", F32, out)],
    )
    other = helper.make_graph(
        [  # sigmoid(gain * energy + bias)
            helper.make_node("Mul", ["energy", "gain"], ["e0"]),
            helper.make_node("Add", ["e0", "bias"], ["e1"]),
            helper.make_node("Sigmoid", ["e1"], ["else_prob"]),
        ],
        "energy_detector",
        [],
        [helper.make_tensor_value_info("else_prob", F32, out)],
    )
    graph = helper.make_graph(
        [
            helper.make_node("Reshape", ["audio", "frame_shape"], ["frames"]),
            helper.make_node("Mul", ["frames", "frames"], ["power"]),
            helper.make_node("ReduceMean", ["power"], ["energy"], axes=[2], keepdims=0),
            helper.make_node("ReduceMax", ["energy"], ["loudest"], keepdims=0),
            helper.make_node("Greater", ["loudest", "threshold"], ["loud"]),
            helper.make_node("If", ["loud"], ["speech_prob"], then_branch=then, else_branch=other),
        ],
        "vad_if",
        [helper.make_tensor_value_info("audio", F32, [1, frames * width])],
        [helper.make_tensor_value_info("speech_prob", F32, out)],
        inits,
    )
    loud = {"audio": {"shape": [1, frames * width], "dtype": "f32"}}
    quiet = {"audio": {"shape": [1, frames * width], "dtype": "f32", "low": -0.05, "high": 0.05}}
    return _convert(graph), {
        "family": "vad",
        "source": "onnx",
        "weights": "fp32",
        "kv_cache": False,
        "inputs": loud,
        "cases": [loud, quiet],
    }


def loop_decoder():
    rng = np.random.default_rng(1)
    vocab, hidden, bos, eos = 20, 16, 1, 10
    w = {
        "embed": rng.normal(0, 1.0, (vocab, hidden)),
        "wx": rng.normal(0, 0.4, (hidden, hidden)),
        "wh": rng.normal(0, 0.4, (hidden, hidden)),
        "b": rng.normal(0, 0.1, hidden),
        "wo": rng.normal(0, 0.5, (hidden, vocab)),
    }
    inits = [onnx.numpy_helper.from_array(v.astype(np.float32), k) for k, v in w.items()]
    inits += [
        onnx.numpy_helper.from_array(np.array(True), "go"),
        onnx.numpy_helper.from_array(np.array([bos], np.int64), "bos"),
    ]
    body = helper.make_graph(
        [
            helper.make_node("Gather", ["embed", "token_in"], ["x"], axis=0),
            helper.make_node("MatMul", ["x", "wx"], ["xw"]),
            helper.make_node("MatMul", ["state_in", "wh"], ["hw"]),
            helper.make_node("Add", ["xw", "hw"], ["s0"]),
            helper.make_node("Add", ["s0", "b"], ["s1"]),
            helper.make_node("Tanh", ["s1"], ["state_out"]),
            helper.make_node("MatMul", ["state_out", "wo"], ["step_logits"]),
            helper.make_node("ArgMax", ["step_logits"], ["token_out"], axis=1, keepdims=0),
            _const("eos", np.array([eos], np.int64)),
            helper.make_node("Equal", ["token_out", "eos"], ["ended"]),
            _const("axis0", np.array([0], np.int64)),
            helper.make_node("Squeeze", ["ended", "axis0"], ["ended_scalar"]),
            helper.make_node("Not", ["ended_scalar"], ["cond_out"]),
            helper.make_node("Identity", ["token_out"], ["step_token"]),
        ],
        "decode_step",
        [
            helper.make_tensor_value_info("i", I64, []),
            helper.make_tensor_value_info("cond_in", BOOL, []),
            helper.make_tensor_value_info("state_in", F32, [1, hidden]),
            helper.make_tensor_value_info("token_in", I64, [1]),
        ],
        [
            helper.make_tensor_value_info("cond_out", BOOL, []),
            helper.make_tensor_value_info("state_out", F32, [1, hidden]),
            helper.make_tensor_value_info("token_out", I64, [1]),
            helper.make_tensor_value_info("step_token", I64, [1]),
            helper.make_tensor_value_info("step_logits", F32, [1, vocab]),
        ],
    )
    graph = helper.make_graph(
        [
            helper.make_node(
                "Loop",
                ["max_len", "go", "encoder_state", "bos"],
                ["hidden", "last_token", "token_steps", "logit_steps"],
                body=body,
            ),
            helper.make_node("Transpose", ["token_steps"], ["tokens"], perm=[1, 0]),
            helper.make_node("Transpose", ["logit_steps"], ["logits"], perm=[1, 0, 2]),
        ],
        "loop_decoder",
        [
            helper.make_tensor_value_info("encoder_state", F32, [1, hidden]),
            helper.make_tensor_value_info("max_len", I64, []),
        ],
        [
            helper.make_tensor_value_info("tokens", I64, [1, "steps"]),
            helper.make_tensor_value_info("logits", F32, [1, "steps", vocab]),
            helper.make_tensor_value_info("hidden", F32, [1, hidden]),
        ],
        inits,
    )
    state = {"shape": [1, hidden], "dtype": "f32"}
    # With seed 0 the decoder says 13 1 9 5 10: the first case stops at the end token (10) after 5 of
    # at most 8 steps, the second after its 3 steps.
    full = {"encoder_state": state, "max_len": {"shape": [], "dtype": "i64", "low": 8, "high": 9}}
    short = {"encoder_state": state, "max_len": {"shape": [], "dtype": "i64", "low": 3, "high": 4}}
    return _convert(graph), {
        "family": "loop_decoder",
        "source": "onnx",
        "weights": "fp32",
        "kv_cache": False,
        "inputs": full,
        "cases": [full, short],
    }


BUILDERS = {"vad_if": vad_if, "loop_decoder": loop_decoder}
