#!/usr/bin/env python3
"""Getting started, and reading at scale, next to OpenVINO (medians of fresh processes):

  imports  what `import irexec` costs, by package (python -X importtime), next to `import openvino`
  process  a new process to the first result on the bundled KV-cache model: the Python API
           (read_model + infer) and `irexec run --random`, each next to a script doing OpenVINO's
           read + compile + infer (target <= 0.8x)
  scale    time and peak memory per byte of XML, reading, linting and running large files, a
           plain one (a chain of Relus) and hostile ones (one layer of 60,000 ports, 100,000
           edges the schema refuses): seconds per MiB, and peak RSS above the process's own
           before the call, per XML byte (README, Safety)

The read, lint and cold-start ratios are in bench_graphs.py (read, lint, tiny).

    python benchmarks/bench_startup.py [imports process scale]
"""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
MODEL = os.path.join(ROOT, "models", "kv_cache_update.xml")
TMP = tempfile.mkdtemp(prefix="irexec-bench-")
sys.path.insert(0, os.path.join(ROOT, "tests"))
from big_irs import bad_edges, chain, many_ports  # noqa: E402

ENV = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))


def fresh(args: list) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], capture_output=True, check=True, env=ENV, cwd=ROOT)
    return time.perf_counter() - start


def interleaved(cases: dict, repeat: int) -> dict:
    """Median seconds of each command, run in turn round after round (the machine's speed drifts)."""
    times = {name: [] for name in cases}
    for name, args in cases.items():
        fresh(args)  # warm the file cache
    for _ in range(repeat):
        for name, args in cases.items():
            times[name].append(fresh(args))
    return {name: statistics.median(t) for name, t in times.items()}


def import_times(module: str, repeat: int = 5) -> dict:
    """Cumulative microseconds of each top-level import under ``module`` (median of runs)."""
    runs = []
    for _ in range(repeat):
        err = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"], capture_output=True,
                             text=True, check=True, env=ENV, cwd=ROOT).stderr
        found = {}
        for line in err.splitlines():
            m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
            if m:
                found[m.group(3)] = int(m.group(1))
        runs.append(found)
    names = set().union(*runs)
    return {n: statistics.median(r.get(n, 0) for r in runs) for n in names}


def bench_imports():
    ir, ov = import_times("irexec"), import_times("openvino")
    print(f"import irexec:   {ir['irexec'] / 1e3:6.0f} ms   import openvino: {ov['openvino'] / 1e3:6.0f} ms")
    shown = ("numpy", "lxml.etree", "irexec.ops", "irexec.kernels", "networkx", "click", "scipy", "irexec.compare")
    for name in shown:
        if name in ir:
            print(f"  {name:22s} {ir[name] / 1e3:6.0f} ms (with what it imports)")
        else:
            print(f"  {name:22s}   not imported")


_IR_API = ("import sys, numpy as np, irexec\n"
           "m = irexec.read_model(sys.argv[1]); rng = np.random.default_rng(0)\n"
           "m.infer({t.get_any_name(): rng.random(list(t.get_shape())).astype(t.element_type.dtype)\n"
           "         for t in m.inputs})\n")
_OV_API = ("import sys, numpy as np, openvino as ov\n"
           "c = ov.Core(); m = c.compile_model(c.read_model(sys.argv[1]), 'CPU')\n"
           "r = m.create_infer_request(); rng = np.random.default_rng(0)\n"
           "r.infer({p.get_any_name(): rng.random(list(p.get_shape())).astype(p.get_element_type()"
           ".to_dtype()) for p in m.inputs})\n")


def bench_process():
    t = interleaved({"ir api": ["-c", _IR_API, MODEL], "ir cli": ["-m", "irexec", "run", MODEL, "--random"],
                     "ov api": ["-c", _OV_API, MODEL]}, 7)
    for name in ("ir api", "ir cli"):
        print(f"new process to first result, {name[3:]:3s}: irexec {t[name] * 1e3:6.0f} ms, OpenVINO "
              f"{t['ov api'] * 1e3:6.0f} ms: {t[name] / t['ov api']:.2f}x", flush=True)


# ---- scale ---------------------------------------------------------------------------------------

_CHILD = """
import json, sys, time
import numpy as np
import irexec

def status(key):
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) << 10 for line in f if line.startswith(key))

path, what = sys.argv[1], sys.argv[2]
base = status("VmRSS:")
start = time.perf_counter()
if what == "lint":
    irexec.lint(path)
else:
    try:
        model = irexec.read_model(path)
        if what == "run":
            model.infer({"x": np.ones((1, 8), np.float32)})
    except irexec.IRExecError:
        pass
print(json.dumps({"seconds": time.perf_counter() - start, "peak": status("VmHWM:") - base}))
"""


def bench_scale():
    cases = [("chain of 80,000 Relus", chain(80_000), ("read", "run", "lint")),
             ("60,000 ports, 10,000 edges", many_ports(60_000), ("read", "lint")),
             ("100,000 edges the schema refuses", bad_edges(100_000), ("read", "lint"))]
    for title, text, whats in cases:
        path = os.path.join(TMP, "scale.xml")
        with open(path, "w") as f:
            f.write(text)
        mib = len(text) / (1 << 20)
        for what in whats:
            out = subprocess.run([sys.executable, "-c", _CHILD, path, what], capture_output=True, text=True,
                                 check=True, env=ENV, cwd=ROOT).stdout
            m = json.loads(out.strip().splitlines()[-1])
            print(f"{title:34s} {mib:5.1f} MiB {what:5s}: {m['seconds']:6.2f} s, {m['seconds'] / mib:5.2f} s/MiB, "
                  f"peak +{m['peak'] / (1 << 20):5.0f} MiB = {m['peak'] / len(text):4.1f} bytes per XML byte",
                  flush=True)


def main(argv):
    for name in argv or ["imports", "process", "scale"]:
        globals()["bench_" + name]()


if __name__ == "__main__":
    main(sys.argv[1:])
