#!/usr/bin/env python3
"""Getting started, and reading at scale, next to OpenVINO (fresh processes):

  imports  what `irexec run` imports before it reads the model (python -X importtime), by package,
           next to `import openvino`; and what compiling those modules from source would add
  process  a new process to the first result on the bundled KV-cache model: the Python API
           (read_model + infer) and `irexec run --random`, each next to a script doing OpenVINO's
           read + compile + infer (target <= 0.8x): the fastest and the median of the rounds,
           then where each one's time goes
  scale    time and peak memory per byte of XML, reading, linting and running large files, a
           plain one (a chain of Relus) and hostile ones (one layer of 60,000 ports, 100,000
           edges the schema refuses): seconds per MiB, and peak RSS above the process's own
           before the call, per XML byte (README, Safety)

The read, lint and cold-start ratios are in bench_graphs.py (read, lint, tiny).

Every child reads cached bytecode, as an installed package runs (pip compiles it at install; a
checkout writes its __pycache__ on its first run): the children's cache is a folder of their own
(PYTHONPYCACHEPREFIX, filled by a first, untimed run of each command), so the checkout is left
as it is and a PYTHONDONTWRITEBYTECODE in the environment does not make every run compile irexec
from source while OpenVINO and NumPy read theirs (`imports` says what that costs).

    python benchmarks/bench_startup.py [imports process scale] [--rounds N]
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
MODEL = os.path.join(ROOT, "models", "kv_cache_update.xml")
TMP = tempfile.mkdtemp(prefix="irexec-bench-")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)
sys.path.insert(0, os.path.join(ROOT, "tests"))
from helpers.big_irs import bad_edges, chain, many_ports  # noqa: E402

ENV = dict(
    os.environ,
    PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
    PYTHONPYCACHEPREFIX=os.path.join(TMP, "bytecode"),
)
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
# The same, but irexec compiled from source in every process (a checkout run with
# PYTHONDONTWRITEBYTECODE set): its own cache, irexec's part removed once filled, written no more.
SOURCE = dict(ENV, PYTHONPYCACHEPREFIX=os.path.join(TMP, "bytecode-but-irexec"))
ROUNDS = [15]


def fresh(args: list, env: dict = ENV) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], capture_output=True, check=True, env=env, cwd=ROOT)
    return time.perf_counter() - start


def interleaved(cases: dict, repeat: int) -> dict:
    """Each command's seconds, run in turn round after round (the machine's speed drifts). A
    case is its arguments, or (arguments, environment)."""
    cases = {name: case if isinstance(case, tuple) else (case, ENV) for name, case in cases.items()}
    times = {name: [] for name in cases}
    for args, env in cases.values():
        fresh(args, env)  # the bytecode cache, and the file cache
    if any(env is SOURCE for _, env in cases.values()):
        shutil.rmtree(SOURCE["PYTHONPYCACHEPREFIX"] + os.path.abspath(ROOT), ignore_errors=True)
        SOURCE["PYTHONDONTWRITEBYTECODE"] = "1"
    for _ in range(repeat):
        for name, (args, env) in cases.items():
            times[name].append(fresh(args, env))
    return times


def import_times(code: str, repeat: int = 5) -> dict:
    """Microseconds each module ``code`` imports took itself, its own imports apart (median of runs)."""
    runs = []
    for _ in range(repeat + 1):
        err = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env=ENV,
            cwd=ROOT,
        ).stderr
        found = {}
        for line in err.splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+\d+ \|( *)(\S+)", line)
            if m:
                found[m.group(3)] = int(m.group(1))
        runs.append(found)
    runs = runs[1:]  # (the first filled the bytecode cache)
    names = set().union(*runs)
    return {n: statistics.median(r.get(n, 0) for r in runs) for n in names}


def by_package(times: dict) -> dict:
    """Milliseconds by top-level package (the standard library as one), whatever imported what."""
    out = {}
    for name, us in times.items():
        top = name.split(".")[0]
        top = (
            top
            if top in ("numpy", "click", "lxml", "ml_dtypes", "irexec", "openvino")
            else "the standard library"
            if top in sys.stdlib_module_names or top.startswith("_")
            else "others"
        )
        out[top] = out.get(top, 0) + us / 1e3
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


_RUN_IMPORTS = "import irexec.cli, irexec.commands.run"
# Compiles what `irexec run` imports of irexec, as a process does that finds no cached bytecode.
_COMPILE = """
import sys, time
import irexec.cli, irexec.commands.run
files = [m.__file__ for n, m in sorted(sys.modules.items())
         if n.split(".")[0] == "irexec" and getattr(m, "__file__", None)]
start = time.perf_counter()
for path in files:
    with open(path, "rb") as f:
        compile(f.read(), path, "exec", dont_inherit=True)
print(len(files), time.perf_counter() - start)
"""


def bench_imports():
    ir, ov = import_times(_RUN_IMPORTS), import_times("import openvino")
    for title, times in (("irexec run's imports (irexec.cli, irexec.commands.run)", ir), ("import openvino", ov)):
        packages = by_package(times)
        print(
            f"{title}: {sum(packages.values()):.0f} ms: "
            + ", ".join(f"{name} {ms:.1f}" for name, ms in packages.items())
        )
    absent = [
        n
        for n in ("networkx", "scipy", "json", "irexec.compare", "irexec.api.core", "irexec.layer", "openvino")
        if n not in ir
    ]
    print(f"  not imported by irexec run: {', '.join(absent)}")
    out = subprocess.run(
        [sys.executable, "-c", _COMPILE], capture_output=True, text=True, check=True, env=ENV, cwd=ROOT
    ).stdout.split()
    print(
        f"compiling those {out[0]} irexec modules from source (no cached bytecode): "
        f"+{float(out[1]) * 1e3:.0f} ms a process"
    )


_IR_API = (
    "import sys, numpy as np, irexec\n"
    "m = irexec.read_model(sys.argv[1]); rng = np.random.default_rng(0)\n"
    "m.infer({t.get_any_name(): rng.random(list(t.get_shape())).astype(t.element_type.dtype)\n"
    "         for t in m.inputs})\n"
)
_OV_API = (
    "import sys, numpy as np, openvino as ov\n"
    "c = ov.Core(); m = c.compile_model(c.read_model(sys.argv[1]), 'CPU')\n"
    "r = m.create_infer_request(); rng = np.random.default_rng(0)\n"
    "r.infer({p.get_any_name(): rng.random(list(p.get_shape())).astype(p.get_element_type()"
    ".to_dtype()) for p in m.inputs})\n"
)

# The same three, timed step by step in the process (NumPy first, so that each step's imports
# are its own): where the time goes.
_STEPS = """
import json, sys, time
marks = [("start", time.perf_counter())]
def mark(name):
    marks.append((name, time.perf_counter()))
import numpy as np
mark("import numpy")
"""
_IR_API_STEPS = (
    _STEPS
    + """
import irexec
irexec.read_model
mark("import irexec (read_model's modules)")
m = irexec.read_model(sys.argv[1])
mark("read_model")
rng = np.random.default_rng(0)
feeds = {t.get_any_name(): rng.random(list(t.get_shape())).astype(t.element_type.dtype) for t in m.inputs}
mark("random inputs (numpy.random)")
m.infer(feeds)
mark("infer")
"""
)
_IR_CLI_STEPS = (
    _STEPS
    + """
import contextlib, io
import irexec.api.model
mark("import irexec (read_model's modules)")
import irexec.cli, irexec.commands.run as run
mark("import click, irexec.cli, the run command")
def timed(name, label):
    f = getattr(run, name)
    def step(*a, **k):
        t = time.perf_counter()
        try:
            return f(*a, **k)
        finally:
            took[label] = took.get(label, 0) + time.perf_counter() - t
    setattr(run, name, step)
took = {}
for name, label in (("read_model", "read_model"), ("random_inputs", "random inputs (numpy.random)"),
                    ("_run", "infer"), ("format_table", "the table")):
    timed(name, label)
start = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()):
    try:
        irexec.cli.main(["run", sys.argv[1], "--random"])
    except SystemExit:
        pass
took["click and the rest of the command"] = time.perf_counter() - start - sum(took.values())
for label, seconds in took.items():
    marks.append((label, marks[-1][1] + seconds))
"""
)
_OV_API_STEPS = (
    _STEPS
    + """
import openvino as ov
mark("import openvino")
c = ov.Core(); model = c.read_model(sys.argv[1])
mark("read_model")
m = c.compile_model(model, "CPU")
mark("compile_model")
r = m.create_infer_request(); rng = np.random.default_rng(0)
feeds = {p.get_any_name(): rng.random(list(p.get_shape())).astype(p.get_element_type().to_dtype()) for p in m.inputs}
mark("random inputs (numpy.random)")
r.infer(feeds)
mark("infer")
"""
)
_STEPS_END = """
print(json.dumps([(name, t - marks[k][1]) for k, (name, t) in enumerate(marks[1:])]))
"""


def bench_process():
    rounds = ROUNDS[0]
    api, cli = ["-c", _IR_API, MODEL], ["-m", "irexec", "run", MODEL, "--random"]
    t = interleaved(
        {
            "ir api": api,
            "ir cli": cli,
            "ov api": ["-c", _OV_API, MODEL],
            "python": ["-c", "pass"],
            "ir api, irexec from source": (api, SOURCE),
            "ir cli, irexec from source": (cli, SOURCE),
        },
        rounds,
    )
    ov = t["ov api"]
    print(
        f"a new process to the first result ({rounds} rounds; fastest, median): OpenVINO "
        f"{min(ov) * 1e3:4.0f}, {statistics.median(ov) * 1e3:4.0f} ms",
        flush=True,
    )
    for name in ("ir api", "ir cli", "ir api, irexec from source", "ir cli, irexec from source"):
        mine = t[name]
        print(
            f"  irexec {name[3:]:26s} {min(mine) * 1e3:4.0f}, {statistics.median(mine) * 1e3:4.0f} ms: "
            f"{min(mine) / min(ov):.2f}x, {statistics.median(mine) / statistics.median(ov):.2f}x",
            flush=True,
        )
    steps = {name: [] for name in ("irexec api", "irexec run", "OpenVINO")}
    scripts = {"irexec api": _IR_API_STEPS, "irexec run": _IR_CLI_STEPS, "OpenVINO": _OV_API_STEPS}
    for _ in range(max(rounds // 2, 3)):
        for name, script in scripts.items():
            start = time.perf_counter()
            out = subprocess.run(
                [sys.executable, "-c", script + _STEPS_END, MODEL],
                capture_output=True,
                text=True,
                check=True,
                env=ENV,
                cwd=ROOT,
            ).stdout
            wall = time.perf_counter() - start
            parts = json.loads(out.strip().splitlines()[-1])
            rest = wall - sum(seconds for _, seconds in parts)
            steps[name].append(parts + [("the interpreter's start and exit, the rest", rest)])
    print(
        f"where the time goes (medians of {max(rounds // 2, 3)} runs, ms; `python -c pass` takes "
        f"{statistics.median(t['python']) * 1e3:.0f} ms):"
    )
    for name, runs in steps.items():
        parts = [(label, statistics.median(run[k][1] for run in runs)) for k, (label, _) in enumerate(runs[0])]
        print(f"  {name:10s} " + ", ".join(f"{label} {p * 1e3:.1f}" for label, p in parts), flush=True)


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
    cases = [
        ("chain of 80,000 Relus", chain(80_000), ("read", "run", "lint")),
        ("60,000 ports, 10,000 edges", many_ports(60_000), ("read", "lint")),
        ("100,000 edges the schema refuses", bad_edges(100_000), ("read", "lint")),
    ]
    for title, text, whats in cases:
        path = os.path.join(TMP, "scale.xml")
        with open(path, "w") as f:
            f.write(text)
        mib = len(text) / (1 << 20)
        for what in whats:
            out = subprocess.run(
                [sys.executable, "-c", _CHILD, path, what],
                capture_output=True,
                text=True,
                check=True,
                env=ENV,
                cwd=ROOT,
            ).stdout
            m = json.loads(out.strip().splitlines()[-1])
            print(
                f"{title:34s} {mib:5.1f} MiB {what:5s}: {m['seconds']:6.2f} s, {m['seconds'] / mib:5.2f} s/MiB, "
                f"peak +{m['peak'] / (1 << 20):5.0f} MiB = {m['peak'] / len(text):4.1f} bytes per XML byte",
                flush=True,
            )


def main(argv):
    cases = ["imports", "process", "scale"]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*", metavar="case", help=f"of {', '.join(cases)} (default: all)")
    ap.add_argument("--rounds", type=int, default=ROUNDS[0], help="rounds of the process case")
    args = ap.parse_args(argv)
    if set(args.cases) - set(cases):  # (not choices=: argparse refuses an empty list of them)
        ap.error(f"unknown case {sorted(set(args.cases) - set(cases))[0]!r}")
    ROUNDS[0] = args.rounds
    for name in args.cases or cases:
        globals()["bench_" + name]()


if __name__ == "__main__":
    main(sys.argv[1:])
