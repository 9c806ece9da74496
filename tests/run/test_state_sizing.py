"""A request's variables back at their initial values (reset_state, a new request) size the
model from their initializers again, not from the values an earlier run held."""

from __future__ import annotations

import os

import numpy as np

from irexec.api.model import read_model

MODEL = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "models",
    "tiny_llm",
    "openvino_model.xml",
)


def _step(request, ids, past):
    n = ids.shape[1]
    feeds = {
        "input_ids": ids,
        "attention_mask": np.ones((1, past + n), np.int64),
        "position_ids": np.arange(past, past + n)[None],
        "beam_idx": np.zeros(1, np.int32),
    }
    return request.infer(feeds)["logits"]


def test_after_reset_and_in_a_new_request_a_prompt_is_sized_from_an_empty_cache():
    prompt = np.arange(3, 13)[None]
    want = _step(read_model(MODEL).create_infer_request(), prompt, 0)
    model = read_model(MODEL)
    first = model.create_infer_request()
    _step(first, np.arange(1, 8)[None], 0)
    _step(first, np.array([[5]]), 7)  # (the cache now holds 8: the sizing pass saw 7 then 8)
    first.reset_state()
    np.testing.assert_array_equal(_step(first, prompt, 0), want)
    _step(first, np.array([[5]]), 10)
    second = model.create_infer_request()
    np.testing.assert_array_equal(_step(second, prompt, 0), want)
