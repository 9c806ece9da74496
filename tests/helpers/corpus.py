"""The real-model corpus's manifest (tests/data/corpus/corpus.json), and the inputs it describes:
shared by tests/models/test_corpus.py, tests/models/test_corpus_steps.py and benchmarks/bench_models.py."""

from __future__ import annotations

import inspect
import json
import os

import numpy as np

CORPUS = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tests", "data", "corpus"
)
MANIFEST = json.load(open(os.path.join(CORPUS, "corpus.json")))


def corpus_inputs(specs: dict, seed: int = 0) -> dict:
    """Inputs as the manifest describes them: integers in [low, high), or counting up from ``start``
    along the last axis (positions); floats in [low, high), [-1, 1) unless given."""
    rng = np.random.default_rng(seed)
    out = {}
    for name, s in specs.items():
        if s["dtype"] in ("i64", "i32"):
            dtype = np.int64 if s["dtype"] == "i64" else np.int32
            if "start" in s:
                count = s["shape"][-1]
                out[name] = np.broadcast_to(np.arange(s["start"], s["start"] + count, dtype=dtype), s["shape"]).copy()
            else:
                out[name] = rng.integers(s["low"], s["high"], s["shape"], dtype=dtype)
        else:
            out[name] = rng.uniform(s.get("low", -1), s.get("high", 1), s["shape"]).astype(np.float32)
    return out


def steps_inputs(entry: dict, seed: int = 0) -> list:
    """A stateful model's inputs step by step (the manifest's ``steps``), each step from its own seed."""
    return [corpus_inputs(specs, seed + i) for i, specs in enumerate(entry["steps"])]


def missing_ops(entry: dict) -> list:
    """The (type, version) pairs of the model that irexec does not know yet, or knows but cannot run:
    an op with bodies (If, Loop, TensorIterator) runs them once its compute takes the ``context``
    that runs a body."""
    from irexec.errors import IRExecError
    from irexec.ops import registry

    missing = []
    for op in entry["ops"]:
        kind, version = op.rsplit("-", 1)
        try:
            cls = registry.lookup({"Constant": "Const"}.get(kind, kind), version)
        except IRExecError:
            missing.append(op)
            continue
        if getattr(cls, "body_names", None) and "context" not in inspect.signature(cls.compute).parameters:
            missing.append(f"{op} (bodies not run)")
    return missing


def greedy(infer, prompt: np.ndarray, n: int) -> list:
    """``n`` token ids by greedy decoding with a stateful LLM, from a fresh state: ``infer(feeds)``
    runs one step on a request and returns its logits [1, tokens, vocab]; the prompt first, then
    each chosen token, with the attention mask growing and the positions following on."""
    tokens, feed, past = [], np.asarray(prompt, np.int64), 0
    for _ in range(n):
        seq = feed.shape[1]
        logits = infer(
            {
                "input_ids": feed,
                "attention_mask": np.ones((1, past + seq), np.int64),
                "position_ids": np.arange(past, past + seq, dtype=np.int64)[None],
                "beam_idx": np.zeros(1, np.int32),
            }
        )
        past += seq
        tokens.append(int(np.argmax(logits[0, -1])))
        feed = np.array([[tokens[-1]]], np.int64)
    return tokens
