"""The sizing pass on a new input signature reuses the last one's facts where a layer's inputs
are as they were (a decoder's next token: only the attention's shapes grow), and only inputs whose
values can steer shapes (reach an input a rule reads the value of) take part in the signature:
a token id feeding an embedding's Gather does not."""
from __future__ import annotations

import numpy as np
import pytest

import irexec
import irexec.shape_inference as shape_inference

ov = pytest.importorskip("openvino")
import openvino.opset13 as ops  # noqa: E402

RNG = np.random.default_rng(0)
E = RNG.standard_normal((10, 8)).astype(np.float32)
W = (RNG.standard_normal((8, 8)) / 8).astype(np.float32)


def _decoder(tmp_path):
    """h = relu(E[ids] @ W); attention of h over concat(past, h); out = context + h."""
    ids = ops.parameter([1, 1], ov.Type.i64, name="ids")
    past = ops.parameter([1, -1, 8], ov.Type.f32, name="past")
    h = ops.relu(ops.matmul(ops.gather(ops.constant(E), ids, ops.constant(np.int64(0))), ops.constant(W), False, False))
    cat = ops.concat([past, h], 1)
    scores = ops.softmax(ops.matmul(h, cat, False, True), -1)
    out = ops.add(ops.matmul(scores, cat, False, False), h)
    path = str(tmp_path / "decoder.xml")
    ov.save_model(ov.Model([ops.result(out)], [ids, past]), path, compress_to_fp16=False)
    return irexec.read_model(path)


def _expected(ids, past):
    h = np.maximum(E[ids] @ W, 0)
    cat = np.concatenate([past, h], axis=1)
    s = h @ cat.transpose(0, 2, 1)
    s = np.exp(s - s.max(-1, keepdims=True))
    return (s / s.sum(-1, keepdims=True)) @ cat + h


def test_a_token_id_is_not_part_of_the_signature(tmp_path):
    model = _decoder(tmp_path)
    past = (RNG.standard_normal((1, 3, 8)) / 4).astype(np.float32)
    for token in (3, 7, 3):
        ids = np.array([[token]])
        (out,) = model.infer({"ids": ids, "past": past}).values()
        np.testing.assert_allclose(out, _expected(ids, past), rtol=1e-5, atol=1e-6)
    assert len(model.sizing._signatures) == 1


def test_a_longer_past_walks_only_the_attention_again(tmp_path, monkeypatch):
    model = _decoder(tmp_path)
    ids = np.array([[4]])
    walked = []
    real = shape_inference.layer_facts
    monkeypatch.setattr(shape_inference, "layer_facts", lambda op, ins, context=None: (
        walked.append(op.type), real(op, ins, context))[1])
    for n in (2, 3, 4):
        walked.clear()
        past = (RNG.standard_normal((1, n, 8)) / 4).astype(np.float32)
        (out,) = model.infer({"ids": ids, "past": past}).values()
        np.testing.assert_allclose(out, _expected(ids, past), rtol=1e-5, atol=1e-6)
        if n > 2:  # (the first pass walks everything)
            assert "Concat" in walked and "Relu" not in walked and "Gather" not in walked and "Const" not in walked
            # The attention's output has the shape it had: what follows it is reused too.
            assert "Add" not in walked and "Result" not in walked
