#!/usr/bin/env python3
"""Whole-graph benchmarks, irexec next to the OpenVINO CPU plugin in one process (medians):

chain8   8 ScatterNDUpdates on a 64 MiB f32 tensor, alternating none and sum (target <= 1.0x:
         needs in-place execution)
tiny     2000 tiny ScatterUpdates: steady inference (target <= 1.0x) and cold start to first
         result, read + infer vs read + compile + infer (target <= 0.2x)
cli      a new process to first result, imports included: `irexec run --random` on the
         bundled KV-cache model vs a script doing OpenVINO's read + compile + infer
read     reading a 10,000-layer IR (target <= 2x OpenVINO's read_model), and lxml's parse of
         it alone, as the reader has it parsed (the floor under reading)
lint     linting a 10,000-layer IR (irexec lint, all checks) next to OpenVINO reading it (which
         infers its shapes too, but checks no declared port; target <= 2.5x)
         (both: the two sides timed in turn, round after round, medians)
rss      peak RSS of a run (in a fresh process) against inputs + outputs + the largest
         intermediate: the chain8 model, and a 128 MiB constant added to an input (the
         constant stays in the mapped .bin: anonymous memory grows by the output alone)

  python benchmarks/bench_graphs.py [chain8 tiny cli read lint rss]
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import openvino as ov  # noqa: E402
import openvino.opset3 as o3  # noqa: E402
import openvino.opset15 as ops  # noqa: E402
from bench_scatter import interleaved, median_time  # noqa: E402
from lxml import etree  # noqa: E402

import irexec  # noqa: E402
from irexec.ir.plain_ir import _EVENT_OPTIONS, _TAGS, _Pieces, _plan  # noqa: E402

TMP = tempfile.mkdtemp(prefix="irexec-bench-")


def save(model, name):
    path = os.path.join(TMP, name + ".xml")
    ov.save_model(model, path, compress_to_fp16=False)
    return path


def chain8_model():
    shape = [64, 256, 1024]  # 64 MiB of f32
    rng = np.random.default_rng(0)
    d = ops.parameter(shape, ov.Type.f32, name="data")
    node = d
    for k in range(8):
        idx = rng.choice(shape[0] * shape[1], 512, replace=False)
        idx = np.stack(np.unravel_index(idx, shape[:2]), -1).astype(np.int64)
        upd = rng.standard_normal((512, shape[2])).astype(np.float32)
        node = ops.scatter_nd_update(node, ops.constant(idx), ops.constant(upd), "none" if k % 2 == 0 else "sum")
    return save(ov.Model([ops.result(node)], [d]), "chain8"), {"data": rng.standard_normal(shape).astype(np.float32)}


def tiny_model(n=2000):
    p = ops.parameter([16, 8], ov.Type.f32, name="x")
    node = p
    axis = ops.constant(np.array(0, np.int64))
    for k in range(n):
        node = o3.scatter_update(
            node, ops.constant(np.array([k % 16], np.int64)), ops.constant(np.full((1, 8), k, np.float32)), axis
        )
    return save(ov.Model([ops.result(node)], [p]), "tiny"), {"x": np.zeros((16, 8), np.float32)}


def row(name, ir, plugin, note=""):
    print(f"{name:34s} {ir * 1e3:9.1f}ms {plugin * 1e3:9.1f}ms {ir / plugin:7.2f}x  {note}", flush=True)


def bench_chain8():
    path, feeds = chain8_model()
    model = irexec.read_model(path)
    req = ov.Core().compile_model(path, "CPU").create_infer_request()
    t_ir = median_time(lambda: model.infer(feeds))
    t_ov = median_time(lambda: req.infer(feeds, share_inputs=True, share_outputs=True))
    data = feeds["data"]
    t_don = median_time(lambda: model.infer({"data": data}, donate_inputs=True))
    row("chain8 (8 ScatterNDUpdate, 64 MiB)", t_ir, t_ov)
    row("chain8, data donated", t_don, t_ov)


def bench_tiny():
    path, feeds = tiny_model()

    def cold_ir():
        irexec.read_model(path).infer(feeds)

    def cold_ov():
        core = ov.Core()
        core.compile_model(core.read_model(path), "CPU").create_infer_request().infer(feeds)

    # Each call starts from the file: nothing is cached between reads, on either side.
    t_cold_ir, t_cold_ov = median_time(cold_ir, 3), median_time(cold_ov, 3)
    model = irexec.read_model(path)
    req = ov.Core().compile_model(path, "CPU").create_infer_request()
    t_ir = median_time(lambda: model.infer(feeds))
    t_ov = median_time(lambda: req.infer(feeds, share_inputs=True, share_outputs=True))
    row("tiny x2000: steady", t_ir, t_ov, f"({t_ir / 2000 * 1e6:.1f} us a layer)")
    row("tiny x2000: cold start to first result", t_cold_ir, t_cold_ov)


def bench_cli():
    """A fresh process to first result, imports included: ``irexec run`` on the bundled KV-cache
    model next to a script doing OpenVINO's read + compile + infer on it."""
    model = os.path.join(HERE, "..", "models", "kv_cache_update.xml")
    ov_script = (
        "import sys, numpy as np, openvino as ov\n"
        "c = ov.Core(); m = c.compile_model(c.read_model(sys.argv[1]), 'CPU')\n"
        "r = m.create_infer_request(); rng = np.random.default_rng(0)\n"
        "r.infer({p.get_any_name(): rng.random(list(p.get_shape())).astype(p.get_element_type()"
        ".to_dtype()) for p in m.inputs})\n"
    )

    def fresh(cmd):
        return lambda: subprocess.run(cmd, capture_output=True, check=True)

    t_ir = median_time(fresh([sys.executable, "-m", "irexec", "run", model, "--random"]), 5)
    t_ov = median_time(fresh([sys.executable, "-c", ov_script, model]), 5)
    row("new process to first result (CLI)", t_ir, t_ov)


def bench_read():
    path, _ = tiny_model(3333)  # 3333 scatters + their constants = 10,002 layers
    core = ov.Core()
    # Round after round, each side in turn: this shared machine's speed drifts, and a drift then
    # slows both columns alike instead of skewing the ratio.
    with open(path, "rb") as f:
        data = f.read()

    def parse_only():  # lxml's parsing, as the reader has it done (irexec.ir.plain_ir), and nothing more
        pieces = _Pieces(data, _plan(data))
        for _ in etree.iterparse(io.BytesIO(pieces.skeleton), events=("start", "end"), tag=_TAGS, **_EVENT_OPTIONS):
            pass
        for section in ("layers", "edges"):
            for _ in pieces.section(section):
                pass

    t = interleaved({"ir": lambda: irexec.read_model(path), "ov": lambda: core.read_model(path), "xml": parse_only}, 9)
    row("read a 10,002-layer IR", t["ir"], t["ov"])
    row("  of which lxml's parsing alone", t["xml"], t["ov"])


def bench_lint():
    path, _ = tiny_model(3333)
    findings = irexec.lint(path)
    assert findings == [], findings[:3]
    core = ov.Core()
    t = interleaved({"ir": lambda: irexec.lint(path), "ov": lambda: core.read_model(path)}, 9)
    row("lint a 10,002-layer IR", t["ir"], t["ov"])


def _peak_of_run(path, feeds):
    """Run the model in a fresh process: (peak RSS before the run, peak after, anonymous memory
    before, after, file-backed RSS before, after), in bytes."""
    name, arr = next(iter(feeds.items()))
    npy = os.path.join(TMP, name + ".npy")
    np.save(npy, arr)
    # VmHWM, not ru_maxrss: the latter keeps the parent's high-water mark across exec.
    code = (
        "import sys, numpy as np, irexec\n"
        "def status(key):\n"
        "    return next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith(key))\n"
        "def now():\n"
        "    return [status(k) for k in ('VmHWM', 'RssAnon', 'RssFile')]\n"
        "m = irexec.read_model(sys.argv[1]); x = np.load(sys.argv[2]); before = now()\n"
        "y = m.infer({sys.argv[3]: x}); after = now()\n"
        "print(*before, *after)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, path, npy, name], capture_output=True, text=True, check=True
    ).stdout.split()
    hwm0, anon0, file0, hwm1, anon1, file1 = (int(v) * 1024 for v in out)
    return hwm0, hwm1, anon0, anon1, file0, file1


def bench_rss():
    mib = 1 << 20
    path, feeds = chain8_model()
    hwm0, hwm1, *_ = _peak_of_run(path, feeds)
    # The run may add its output and one intermediate (the input is loaded already) + 64 MiB.
    allowed = 2 * feeds["data"].nbytes + 64 * mib
    print(
        f"{'rss: chain8 run':34s} the run added {(hwm1 - hwm0) / mib:.0f} MiB to the peak (model read, "
        f"input loaded: {hwm0 / mib:.0f} MiB); allowed: output + largest intermediate + 64 MiB = "
        f"{allowed / mib:.0f} MiB",
        flush=True,
    )
    # A 128 MiB constant added to a 128 MiB input: the constant is read from the mapped .bin,
    # so anonymous memory grows by the output alone.
    shape = [32, 1024, 1024]
    rng = np.random.default_rng(1)
    x = ops.parameter(shape, ov.Type.f32, name="x")
    c = ops.constant(rng.standard_normal(shape, dtype=np.float32))
    path = save(ov.Model([ops.result(ops.add(x, c))], [x]), "const128")
    hwm0, hwm1, anon0, anon1, file0, file1 = _peak_of_run(path, {"x": np.ones(shape, np.float32)})
    print(
        f"{'rss: 128 MiB constant + input':34s} the run added {(hwm1 - hwm0) / mib:.0f} MiB to the peak: "
        f"+{(anon1 - anon0) / mib:.0f} MiB anonymous (the output; allowed: output + 64 MiB = 192 MiB) "
        f"and +{(file1 - file0) / mib:.0f} MiB of the mapped .bin (the constant, read in place, not copied)",
        flush=True,
    )


CASES = ["chain8", "tiny", "cli", "read", "lint", "rss"]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*", metavar="case", help=f"of {', '.join(CASES)} (default: all)")
    which = ap.parse_args(argv).cases or CASES
    if set(which) - set(CASES):  # (not choices=: argparse refuses an empty list of them)
        ap.error(f"unknown case {sorted(set(which) - set(CASES))[0]!r}")
    print(f"{'case':34s} {'irexec':>11s} {'plugin':>11s} {'ratio':>8s}")
    for name in which:
        globals()["bench_" + name]()


if __name__ == "__main__":
    main(sys.argv[1:])
