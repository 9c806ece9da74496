#!/usr/bin/env python3
"""What ``irexec run --profile`` reports as the latency, next to a plain ``infer()`` loop on a reused
model without any observer, and next to the OpenVINO CPU plugin (f32), on the bundled models.

``run --profile --repeat N`` times N runs without the per-layer hooks for its latency (after a cold
first run, as benchmark_app does) and N more with them for each layer's time; the figure it prints
should be the model's latency, not the profiler's: the ratio ``profile / loop`` is the check
(target: within 1.3x). The command runs as a user runs it (a subprocess, its JSON report read back);
the loop and the plugin run here on the same random inputs, interleaved round by round.

    python benchmarks/bench_profile.py [--repeat N] [--rounds R] [MODEL.xml ...]
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402
import openvino as ov  # noqa: E402

import irexec  # noqa: E402
from irexec.io.random_inputs import random_inputs  # noqa: E402

SEED = 0
# The inputs with dynamic dims, by model: a 16-token prompt for the decoder (its state starts empty
# at each run on both sides: irexec's Model.infer runs without carried state, the plugin's request is
# reset).
# Its beam_idx picks a row of the cache: 0, the one row there is.
SHAPES = {"openvino_model.xml": {"input_ids": (1, 16), "attention_mask": (1, 16), "position_ids": (1, 16)}}
GIVEN = {"openvino_model.xml": {"beam_idx": np.zeros(1, np.int32)}}


def bundled() -> list:
    return sorted(glob.glob(os.path.join(ROOT, "models", "*.xml"))) + [
        os.path.join(ROOT, "models", "tiny_llm", "openvino_model.xml")
    ]


def profiled_latency(path: str, repeat: int, where: str) -> dict:
    given = []
    for name, value in GIVEN.get(os.path.basename(path), {}).items():
        np.save(os.path.join(where, name + ".npy"), value)
        given.append(f"-i{name}={os.path.join(where, name + '.npy')}")
    out = subprocess.run(
        [sys.executable, "-m", "irexec", "run", path, "--random", "--seed", str(SEED), "--profile"]
        + ["--repeat", str(repeat), "--report", "json"]
        + [f"--shape={k}={','.join(map(str, v))}" for k, v in _shapes(path).items()]
        + given,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout)["summary"]


def _shapes(path: str) -> dict:
    return SHAPES.get(os.path.basename(path), {})


def loop_latencies(path: str, repeat: int, rounds: int) -> tuple:
    """(irexec's median over rounds of the median of ``repeat`` plain infer() calls, the plugin's)."""
    m = irexec.read_model(path)
    given = dict(GIVEN.get(os.path.basename(path), {}))
    feeds = {**given, **random_inputs(m, given, _shapes(path), SEED)}
    core = ov.Core()
    compiled = core.compile_model(path, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    request = compiled.create_infer_request()
    theirs_feeds = {name: feeds[name] for name in feeds}
    m.infer(feeds)  # (the cold run apart, on both sides)
    stateful = bool(compiled.get_runtime_model().get_sinks())

    def plugin():
        if stateful:
            request.reset_state()
        request.infer(theirs_feeds)

    plugin()
    ours, theirs = [], []
    for _ in range(rounds):
        for side, call in ((ours, lambda: m.infer(feeds)), (theirs, plugin)):
            walls = []
            for _ in range(repeat):
                start = time.perf_counter()
                call()
                walls.append(time.perf_counter() - start)
            side.append(statistics.median(walls) * 1e3)
    return statistics.median(ours), statistics.median(theirs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("models", nargs="*")
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    rows = [("model", "--profile ms", "infer() ms", "ratio", "plugin ms", "profiler cost ms")]
    for path in args.models or bundled():
        with tempfile.TemporaryDirectory() as where:
            summary = profiled_latency(path, args.repeat, where)
        loop, plugin = loop_latencies(path, args.repeat, args.rounds)
        name = os.path.relpath(path, ROOT)
        rows.append(
            (
                name,
                f"{summary['latency_median_ms']:.3f}",
                f"{loop:.3f}",
                f"{summary['latency_median_ms'] / loop:.2f}x",
                f"{plugin:.3f}",
                f"{summary['profiler_cost_ms']:+.3f}",
            )
        )
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))


if __name__ == "__main__":
    main()
