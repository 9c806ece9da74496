"""The real-model corpus's manifest (tests/data/corpus/corpus.json), and the inputs it describes:
shared by tests/test_corpus.py and benchmarks/bench_models.py."""
from __future__ import annotations

import json
import os

import numpy as np

CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "data", "corpus")
MANIFEST = json.load(open(os.path.join(CORPUS, "corpus.json")))


def corpus_inputs(specs: dict, seed: int = 0) -> dict:
    """Inputs as the manifest describes them: integers in [low, high), floats in [-1, 1)."""
    rng = np.random.default_rng(seed)
    out = {}
    for name, s in specs.items():
        if s["dtype"] == "i64":
            out[name] = rng.integers(s["low"], s["high"], s["shape"], dtype=np.int64)
        else:
            out[name] = rng.uniform(-1, 1, s["shape"]).astype(np.float32)
    return out


def missing_ops(entry: dict) -> list:
    """The (type, version) pairs of the model that irexec does not know yet."""
    from irexec.errors import IRExecError
    from irexec.ops import registry

    missing = []
    for op in entry["ops"]:
        kind, version = op.rsplit("-", 1)
        try:
            registry.lookup({"Constant": "Const"}.get(kind, kind), version)
        except IRExecError:
            missing.append(op)
    return missing
