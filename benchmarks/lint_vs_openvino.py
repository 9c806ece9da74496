#!/usr/bin/env python3
"""How often each tool names the broken layer: the linter's test corpus (valid models broken one
way at one known layer, tests/helpers/lintcorpus.py) given to ``irexec lint`` and to OpenVINO
(``Core.read_model`` then ``compile_model`` on the CPU plugin, in a child process, since some
broken IRs crash it).

A tool "names the layer" when it reports an error whose text holds the broken layer's name.

    python benchmarks/lint_vs_openvino.py [--per-mutation N]
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

import irexec  # noqa: E402
from helpers import lintcorpus  # noqa: E402

_WORKER = r"""
import json, sys
import openvino as ov
core = ov.Core()
for line in sys.stdin:
    path = line.strip()
    try:
        core.compile_model(core.read_model(path), "CPU")
        out = {"error": None}
    except Exception as e:
        out = {"error": str(e)}
    print(json.dumps(out), flush=True)
"""


class OpenVINO:
    """A child process running OpenVINO on one path at a time; restarted when it dies."""

    def __init__(self):
        self.proc = None

    def check(self, path: str) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _WORKER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        try:
            self.proc.stdin.write(path + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.proc = None
            return {"crash": True}
        return json.loads(line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-mutation", type=int, default=1)
    args = ap.parse_args()
    models = sorted(
        glob.glob(os.path.join(ROOT, "models", "*.xml"))
        + glob.glob(os.path.join(ROOT, "tests", "data", "torch", "*.xml"))
    )
    tmp = tempfile.mkdtemp(prefix="irexec-lint-vs-ov-")
    ov_ = OpenVINO()
    rows = []
    for path in models:
        xml, blob = lintcorpus.load(path)
        for v in lintcorpus.variants(os.path.basename(path), xml, blob, per_mutation=args.per_mutation):
            vpath = lintcorpus.write(tmp, v, len(rows))
            findings = [f for f in irexec.lint(vpath) if f.is_error]
            ir_names = any(f.layer_name == v.layer_name or f"'{v.layer_name}'" in f.message for f in findings)
            res = ov_.check(vpath)
            err = res.get("error")
            rows.append(
                {
                    "code": v.code,
                    "irexec_error": bool(findings),
                    "irexec_names": ir_names,
                    "ov_error": bool(err) or res.get("crash", False),
                    "ov_crash": res.get("crash", False),
                    "ov_names": bool(err) and v.layer_name in err,
                }
            )
    n = len(rows)
    total = {k: sum(r[k] for r in rows) for k in rows[0] if k != "code"}
    print(f"{n} broken variants of {len(models)} models")
    print(f"irexec lint: an error in {total['irexec_error']}, naming the layer in {total['irexec_names']}")
    print(
        f"OpenVINO read + compile: an error in {total['ov_error']} (crashed on {total['ov_crash']}), "
        f"naming the layer in {total['ov_names']}"
    )
    print(f"\n{'rule':6s} {'variants':>8s} {'irexec names':>13s} {'OpenVINO errs':>14s} {'OpenVINO names':>15s}")
    for code in sorted({r["code"] for r in rows}):
        sub = [r for r in rows if r["code"] == code]
        print(
            f"{code:6s} {len(sub):8d} {sum(r['irexec_names'] for r in sub):13d} "
            f"{sum(r['ov_error'] for r in sub):14d} {sum(r['ov_names'] for r in sub):15d}"
        )


if __name__ == "__main__":
    main()
