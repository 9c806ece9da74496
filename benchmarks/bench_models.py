#!/usr/bin/env python3
"""The real-model corpus (tests/data/corpus), irexec next to the OpenVINO CPU plugin (f32 inference
precision) in one process, interleaved round by round, medians:

  cold   read + first result, vs read + compile + first result      (target <= 0.5x on every model)
  warm   a reused model's infer, vs a reused infer request's          (target: geometric mean <= 2x)
  rss    irexec's peak RSS over a run, in a fresh process, above what importing it takes, against
         the mapped weights + 2x the largest activation + 64 MiB     (target: within, on every model)

    python benchmarks/bench_models.py [--repeat N] [NAME ...]
"""
from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import irexec  # noqa: E402
from bench_scatter import interleaved  # noqa: E402
from corpus import CORPUS, MANIFEST, corpus_inputs, missing_ops  # noqa: E402

import openvino as ov  # noqa: E402

CONFIG = {"INFERENCE_PRECISION_HINT": "f32"}
MIB = 1 << 20

# Run in a fresh process: VmHWM (not ru_maxrss, which keeps a parent's mark across exec) before
# and after reading and running; the largest activation: the most bytes a layer other than a
# constant (weights stay in the mapped .bin) outputs.
_RSS = """
import sys, irexec
sys.path.insert(0, sys.argv[3])
from corpus import MANIFEST, corpus_inputs
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
    cold = interleaved({
        "irexec": lambda: irexec.read_model(path).infer(feeds),
        "openvino": lambda: core.compile_model(core.read_model(path), "CPU", CONFIG)(feeds),
    }, repeat)
    warm = interleaved({"irexec": lambda: model.infer(feeds), "openvino": lambda: request.infer(feeds)},
                       repeat * 4)
    return cold, warm


def peak_rss(name: str):
    path = os.path.join(CORPUS, name + ".xml")
    out = subprocess.run([sys.executable, "-c", _RSS, path, name, os.path.join(HERE, "..", "tests")],
                         capture_output=True, text=True, check=True).stdout.split()
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
    print(f"{'model':22s} {'cold ms (irexec/ov)':>22s} {'ratio':>6s} {'warm ms (irexec/ov)':>22s} {'ratio':>6s} "
          f"{'peak MiB / allowed':>19s}")
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
        print(f"{name:22s} {cold['irexec'] * 1e3:10.1f} /{cold['openvino'] * 1e3:9.1f} {rc:6.2f}x "
              f"{warm['irexec'] * 1e3:10.2f} /{warm['openvino'] * 1e3:9.2f} {rw:6.2f}x "
              f"{peak / MIB:8.1f} /{allowed / MIB:7.1f}", flush=True)
    if warm_ratios:
        gmean = math.exp(sum(map(math.log, warm_ratios)) / len(warm_ratios))
        print(f"\nwarm geometric mean: {gmean:.2f}x (target <= 2x)")
        print(f"cold over 0.5x: {', '.join(cold_over) or 'none'}")
        print(f"peak RSS over budget: {', '.join(rss_over) or 'none'}")
    if skipped:
        print("not run yet: " + "; ".join(skipped))


if __name__ == "__main__":
    main()
