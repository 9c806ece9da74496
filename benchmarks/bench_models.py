#!/usr/bin/env python3
"""The real-model corpus (tests/data/corpus), irexec next to the OpenVINO CPU plugin (f32 inference
precision) in one process, interleaved round by round, medians:

  cold   read + first result, vs read + compile + first result      (target <= 0.5x on every model)
  warm   a reused model's infer, vs a reused infer request's          (target: geometric mean <= 2x)
  rss    irexec's peak RSS over a run, in a fresh process, above what importing it takes, against
         the mapped weights + 2x the largest activation + 64 MiB     (target: within, on every model)

and for the stateful LLMs (KV cache in variables), per token:

  token  a one-token step on a reused request (the cache growing from the prompt's length), vs the
         plugin's reused request                                     (target <= 2x)
  first  read + the prompt's step, vs read + compile + the prompt's step   (target <= 0.5x)

    python benchmarks/bench_models.py [--repeat N] [NAME ...]
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import openvino as ov  # noqa: E402
from bench_scatter import interleaved  # noqa: E402

import irexec  # noqa: E402
from helpers.corpus import CORPUS, MANIFEST, corpus_inputs, missing_ops, steps_inputs  # noqa: E402

CONFIG = {"INFERENCE_PRECISION_HINT": "f32"}
MIB = 1 << 20

# Run in a fresh process: VmHWM (not ru_maxrss, which keeps a parent's mark across exec) before
# and after reading and running; the largest activation: the most bytes a layer other than a
# constant (weights stay in the mapped .bin) outputs.
_RSS = """
import sys, irexec
sys.path.insert(0, sys.argv[3])
from helpers.corpus import MANIFEST, corpus_inputs
def kib(key):
    return next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith(key)) * 1024
feeds = corpus_inputs(MANIFEST[sys.argv[2]]["inputs"])
base = kib('VmRSS')
prof = irexec.Profiler()
irexec.read_model(sys.argv[1]).infer(feeds, observer=prof)
largest = max(p.nbytes for p in prof.get_profiling_info() if p.node_type != 'Const')
print(base, kib('VmHWM'), int(largest))
"""


def cold_and_warm(core, name: str, repeat: int):
    path = os.path.join(CORPUS, name + ".xml")
    feeds = corpus_inputs(MANIFEST[name]["inputs"])
    model = irexec.read_model(path)
    request = core.compile_model(path, "CPU", CONFIG).create_infer_request()
    cold = interleaved(
        {
            "irexec": lambda: irexec.read_model(path).infer(feeds),
            "openvino": lambda: core.compile_model(core.read_model(path), "CPU", CONFIG)(feeds),
        },
        repeat,
    )
    warm = interleaved({"irexec": lambda: model.infer(feeds), "openvino": lambda: request.infer(feeds)}, repeat * 4)
    return cold, warm


class Decoder:
    """One-token steps on a reused request, after the prompt: each call feeds one more token (the
    same id), with the attention mask and the position following on."""

    def __init__(self, request, prompt: dict):
        self.request, self.prompt = request, prompt
        self.request.reset_state()
        self.request.infer(prompt)
        self.past = prompt["attention_mask"].shape[1]

    def step(self):
        self.past += 1
        self.request.infer(
            {
                "input_ids": np.ones((1, 1), np.int64),
                "attention_mask": np.ones((1, self.past), np.int64),
                "position_ids": np.array([[self.past - 1]], np.int64),
                "beam_idx": np.zeros(1, np.int32),
            }
        )


def per_token(core, name: str, repeat: int):
    path = os.path.join(CORPUS, name + ".xml")
    prompt = steps_inputs(MANIFEST[name])[0]
    ours = Decoder(irexec.read_model(path).create_infer_request(), prompt)
    config = {**CONFIG, "KV_CACHE_PRECISION": "f32"}  # the plugin's default is u8; irexec keeps f32
    theirs = Decoder(core.compile_model(path, "CPU", config).create_infer_request(), prompt)
    # Both caches grow alike, a token per call, round after round.
    warm = interleaved({"irexec": ours.step, "openvino": theirs.step}, repeat * 4)
    first = interleaved(
        {
            "irexec": lambda: irexec.read_model(path).create_infer_request().infer(prompt),
            "openvino": lambda: (
                core.compile_model(core.read_model(path), "CPU", config).create_infer_request().infer(prompt)
            ),
        },
        repeat,
    )
    return warm, first


def peak_rss(name: str):
    path = os.path.join(CORPUS, name + ".xml")
    out = subprocess.run(
        [sys.executable, "-c", _RSS, path, name, os.path.join(HERE, "..", "tests")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    base, hwm, largest = map(int, out)
    weights = os.path.getsize(path[:-4] + ".bin")
    return hwm - base, weights + 2 * largest + 64 * MIB


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    core = ov.Core()
    names = args.names or sorted(MANIFEST)
    stateful = [n for n in names if MANIFEST[n].get("stateful")]
    names = [n for n in names if n not in stateful]  # one inference is not how they run
    if names:
        print(
            f"{'model':22s} {'cold ms (irexec/ov)':>22s} {'ratio':>6s} {'warm ms (irexec/ov)':>22s} {'ratio':>6s} "
            f"{'peak MiB / allowed':>19s}"
        )
    warm_ratios, cold_over, rss_over, skipped = [], [], [], []
    for name in names:
        gap = missing_ops(MANIFEST[name])
        if gap:
            skipped.append(f"{name} (needs {', '.join(gap)})")
            continue
        cold, warm = cold_and_warm(core, name, args.repeat)
        peak, allowed = peak_rss(name)
        rc, rw = cold["irexec"] / cold["openvino"], warm["irexec"] / warm["openvino"]
        warm_ratios.append(rw)
        cold_over += [name] if rc > 0.5 else []
        rss_over += [name] if peak > allowed else []
        print(
            f"{name:22s} {cold['irexec'] * 1e3:10.1f} /{cold['openvino'] * 1e3:9.1f} {rc:6.2f}x "
            f"{warm['irexec'] * 1e3:10.2f} /{warm['openvino'] * 1e3:9.2f} {rw:6.2f}x "
            f"{peak / MIB:8.1f} /{allowed / MIB:7.1f}",
            flush=True,
        )
    if warm_ratios:
        gmean = math.exp(sum(map(math.log, warm_ratios)) / len(warm_ratios))
        print(f"\nwarm geometric mean: {gmean:.2f}x (target <= 2x)")
        print(f"cold over 0.5x: {', '.join(cold_over) or 'none'}")
        print(f"peak RSS over budget: {', '.join(rss_over) or 'none'}")
    if stateful:
        skipped += per_token_section(core, stateful, args.repeat)
    if skipped:
        print("not run yet: " + "; ".join(skipped))


def per_token_section(core, names: list, repeat: int) -> list:
    """The stateful LLMs' time per token; returns those skipped."""
    print(
        f"\n{'stateful model':22s} {'token ms (irexec/ov)':>22s} {'ratio':>6s} {'first token ms (irexec/ov)':>28s} "
        f"{'ratio':>6s}"
    )
    warm_over, first_over, skipped = [], [], []
    for name in names:
        gap = missing_ops(MANIFEST[name]) or ["Model.create_infer_request"] * (
            not hasattr(irexec.Model, "create_infer_request")
        )
        if gap:
            skipped.append(f"{name} (needs {', '.join(gap)})")
            continue
        warm, first = per_token(core, name, repeat)
        rw, rf = warm["irexec"] / warm["openvino"], first["irexec"] / first["openvino"]
        warm_over += [name] if rw > 2 else []
        first_over += [name] if rf > 0.5 else []
        print(
            f"{name:22s} {warm['irexec'] * 1e3:10.2f} /{warm['openvino'] * 1e3:9.2f} {rw:6.2f}x "
            f"{first['irexec'] * 1e3:16.1f} /{first['openvino'] * 1e3:9.1f} {rf:6.2f}x",
            flush=True,
        )
    if len(skipped) < len(names):
        print(f"\nper token over 2x: {', '.join(warm_over) or 'none'}")
        print(f"first token over 0.5x: {', '.join(first_over) or 'none'}")
    return skipped


if __name__ == "__main__":
    main()
