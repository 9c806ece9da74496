"""The sizing pass on a new input signature reuses the last one's facts where a layer's inputs
are as they were (a decoder's next token: only the attention's shapes grow), and only inputs whose
values can steer shapes (reach an input a rule reads the value of) take part in the signature:
a token id feeding an embedding's Gather does not."""

from __future__ import annotations

import numpy as np
import pytest

import irexec
import irexec.check.shape_inference as shape_inference
from irexec.ops.op import Fact
from irexec.shapes import static
from irexec.types import from_dtype

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
    monkeypatch.setattr(
        shape_inference,
        "layer_facts",
        lambda op, ins, context=None: (walked.append(op.type), real(op, ins, context))[1],
    )
    for n in (2, 3, 4):
        walked.clear()
        past = (RNG.standard_normal((1, n, 8)) / 4).astype(np.float32)
        (out,) = model.infer({"ids": ids, "past": past}).values()
        np.testing.assert_allclose(out, _expected(ids, past), rtol=1e-5, atol=1e-6)
        if n == 3:  # (the first pass walks everything; this one, and the symbolic one after it, the attention)
            assert "Concat" in walked and "Relu" not in walked and "Gather" not in walked and "Const" not in walked
            # The attention's output has the shape it had: what follows it is reused too.
            assert "Add" not in walked and "Result" not in walked
        if n == 4:  # (the past's length moved by one twice: the symbolic pass sized this one)
            assert walked == []


def _growing_cache(tmp_path):
    """A stateful KV-cache-like model: cache = concat(ReadValue(cache), x) along axis 0; out =
    the cache's column sums (so its length is in no output's shape)."""
    import openvino.opset6 as ops6
    from openvino.op.util import Variable, VariableInfo

    x = ops.parameter([1, 4], ov.Type.f32, name="x")
    info = VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape([-1, 4]), ov.Type.f32, "cache"
    var = Variable(info)
    read = ops6.read_value(ops.constant(np.zeros((0, 4), np.float32)), var)
    cat = ops.concat([read, x], 0)
    out = ops.reduce_sum(cat, ops.constant(np.int64(0)), False)
    assign = ops6.assign(cat, var)
    path = str(tmp_path / "cache.xml")
    ov.save_model(ov.Model([ops.result(out)], [assign], [x]), path, compress_to_fp16=False)
    return path


def test_a_variables_length_is_sized_ahead_and_walked_alone(tmp_path, monkeypatch):
    model = irexec.read_model(_growing_cache(tmp_path))
    walked = []
    real = shape_inference.layer_facts
    monkeypatch.setattr(
        shape_inference,
        "layer_facts",
        lambda op, ins, context=None: (walked.append(op.type), real(op, ins, context))[1],
    )
    for step in range(1, 5):
        walked.clear()
        (out,) = model.infer({"x": np.full((1, 4), step, np.float32)}).values()
        np.testing.assert_array_equal(out, np.full(4, step * (step + 1) / 2, np.float32))
        if step == 3:
            # The variable's value is a fact of the pass: the concat is sized from it ahead of the
            # run (no layer is left to the run-time guard), and the sum's output, the same shape
            # each step, stops the walk.
            assert model.sizing._last[1] == {}
            assert "Concat" in walked and "Result" not in walked
        if step == 4:  # (the variable grew by a row twice: the symbolic pass of step 3 sized it)
            assert walked == []
    # Facts kept from pass to pass are what a full pass over the same inputs gives (the last
    # concrete pass, step 3's, saw the variable with 2 rows).
    (cache,) = model.default_request()._variables.values()
    assert cache.shape[0] == 4
    given = {i.layer_id: Fact(i.element_type, static((1, 4))) for i in model.inputs}
    given.update((lid, Fact(from_dtype(cache.dtype), static((2, 4)))) for lid in model.sizing._readers)
    full = shape_inference.infer_shapes(model.graph, model.sizing.order, given)
    assert {k: (f.etype, f.shape) for k, f in model.sizing._last[0].items()} == {
        k: (f.etype, f.shape) for k, f in full.items()
    }


def test_a_variable_that_would_pass_the_budget_is_refused_before_the_run(tmp_path):
    # 4 f32 a row: the concat's output passes 64 bytes at its 5th row.
    model = irexec.read_model(_growing_cache(tmp_path), max_tensor_bytes=64)
    for _step in range(1, 5):
        model.infer({"x": np.ones((1, 4), np.float32)})
    ran = []
    with pytest.raises(irexec.ExecutionError, match="over the budget"):
        model.infer({"x": np.ones((1, 4), np.float32)}, observer=lambda *a: ran.append(a[0].type))
    assert ran == []  # (refused by the sizing pass, before any layer ran)
    (var,) = model.query_state()
    assert var.state.shape == (4, 4)  # (the refused inference kept nothing)
    model.reset_state()
    (out,) = model.infer({"x": np.full((1, 4), 2, np.float32)}).values()
    np.testing.assert_array_equal(out, np.full(4, 2, np.float32))  # the reset variable is walked again
