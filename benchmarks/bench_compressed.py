#!/usr/bin/env python3
"""The NNCF-compressed decoders (tests/data/nncf), irexec next to the OpenVINO CPU plugin (f32
inference precision, as the models' metadata.json says) in one process, interleaved round by
round, medians of a warm inference (a reused model, a reused infer request):

  cached     irexec, each decompression chain computed once and kept (irexec.run.decompression)
  each run   irexec past the cache's budget (CACHE_BYTES = 0): every chain decompressed each run
  per-op     irexec before the chains were recognised: each layer by the spec, f16 rounded after
             Subtract and Multiply (small weights folded within executor.FOLD_BYTES)

and the first run's decompression (seconds, bytes kept) and each one's max |logits - the plugin's|.

    python benchmarks/bench_compressed.py [--repeat N] [NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from contextlib import contextmanager

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import openvino as ov  # noqa: E402
from bench_scatter import interleaved  # noqa: E402

import irexec  # noqa: E402
from irexec.run import decompression, executor  # noqa: E402

NNCF = os.path.join(HERE, "..", "tests", "data", "nncf")
KIB = 1 << 10


@contextmanager
def patched(module, name, value):
    old = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, old)


def first_run(model, feeds) -> tuple:
    """(The first run's seconds in decompression, the bytes the cache keeps after it.)"""
    spent, real = [], decompression.decompress

    def timed(*a, **k):
        start = time.perf_counter()
        try:
            return real(*a, **k)
        finally:
            spent.append(time.perf_counter() - start)

    with patched(decompression, "decompress", timed):
        model.infer(feeds)
    kept = sum(v.nbytes for v in model.plan.decompressions.values.values())
    return sum(spent), kept


def bench(core, name: str, repeat: int) -> None:
    folder = os.path.join(NNCF, name)
    xml = os.path.join(folder, "model.xml")
    with open(os.path.join(folder, "metadata.json")) as f:
        config = json.load(f)["plugin"]["config"]
    expected = np.load(os.path.join(folder, "expected.npz"))
    feeds = {k: expected[k] for k in expected.files if k != "logits"}
    cached = irexec.read_model(xml)
    seconds, kept = first_run(cached, feeds)
    with patched(decompression, "CACHE_BYTES", 0):
        each_run = irexec.read_model(xml)
        assert not each_run.plan.decompressions.cached  # (the budget is read as the plan is made)
    with patched(executor, "find_chains", lambda graph, order: []):
        per_op = irexec.read_model(xml)
        assert per_op.plan.decompressions is None
    request = core.compile_model(xml, "CPU", config).create_infer_request()
    runs = {"cached": cached, "each run": each_run, "per-op": per_op}
    times = interleaved(
        {**{k: (lambda m=m: m.infer(feeds)) for k, m in runs.items()}, "openvino": lambda: request.infer(feeds)},
        repeat,
    )
    ref = request.infer(feeds)[0]
    diffs = {k: float(np.abs(next(iter(m.infer(feeds).values())) - ref).max()) for k, m in runs.items()}
    ov_ms = times["openvino"] * 1e3
    print(
        f"{name:18s} {len(cached.plan.decompressions.chains):3d} {seconds * 1e3:8.2f} {kept / KIB:8.0f} {ov_ms:7.2f} "
        + " ".join(f"{times[k] * 1e3:7.2f} {times[k] * 1e3 / ov_ms:5.2f}x {diffs[k]:8.1e}" for k in runs),
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    names = args.names or sorted(n for n in os.listdir(NNCF) if os.path.isdir(os.path.join(NNCF, n)))
    core = ov.Core()
    heads = " ".join(f"{k + ' ms':>7s} {'ratio':>6s} {'max diff':>8s}" for k in ("cached", "each run", "per-op"))
    print(f"{'model':18s} {'chains':>3s} {'decomp ms':>8s} {'kept KiB':>8s} {'ov ms':>7s} {heads}")
    for name in names:
        bench(core, name, args.repeat)


if __name__ == "__main__":
    main()
