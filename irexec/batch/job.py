"""A batch job: every sample of ``--inputs`` through one model, each sample's outputs written to
``--outputs DIR/<sample>.npz`` whole or not at all; samples whose outputs are already there and
complete are not run again (so a job stopped by Ctrl-C, or by a lost worker, is resumed by running
it again); a sample that fails is listed with its error line and does not stop the others. With
``compare_dir``, each sample's outputs are compared with ``compare_dir/<sample>.npz`` and the
summary gives the worst sample per output."""

from __future__ import annotations

import hashlib
import os
import sys
import time

from ..errors import UsageError, one_line
from ..io.outputs import npz_member
from .engines import default_jobs, run_all
from .samples import find_samples
from .work import complete, model_for, output_path, run_sample


def run_batch(
    model_path: str,
    weights,
    inputs: str,
    outputs: str,
    jobs=None,
    scheduler=None,
    max_bytes=None,
    compare_dir=None,
    rtol: float = 1e-5,
    atol: float = 1e-8,
    progress=None,
) -> dict:
    """Run the job; returns the summary (what ``irexec run --inputs`` prints as JSON)."""
    from ..ir.reader import default_weights_path

    model_path = os.path.abspath(model_path)
    weights = os.path.abspath(weights) if weights else default_weights_path(model_path)
    local_ref = ("path", model_path, weights, max_bytes)
    model = model_for(local_ref)  # (read here first: a bad model is one error, not one per sample)
    samples = find_samples(inputs)
    _prepare_outputs(outputs)
    if compare_dir is not None and not os.path.isdir(compare_dir):
        raise UsageError(f"--compare-dir '{one_line(compare_dir)}' is not a folder")
    members = [npz_member(info.name) for info in model.outputs]
    tasks = [(s, outputs, compare_dir, rtol, atol, complete(output_path(outputs, s), members)) for s in samples]
    skipped = sum(1 for t in tasks if t[-1])
    if compare_dir is None:
        tasks = [t for t in tasks if not t[-1]]  # (nothing to do for those)

    def ship(local: bool):
        if local:
            return local_ref
        with open(model_path, "rb") as f:
            xml = f.read()
        blob = b""
        if os.path.exists(weights):
            with open(weights, "rb") as f:
                blob = f.read()
        return ("bytes", hashlib.sha256(xml + blob).hexdigest(), xml, blob, max_bytes)

    rows = []
    start = time.perf_counter()
    bar = progress or Progress(len(tasks))

    def done(row):
        rows.append(row)
        bar.update(len(rows))

    def lost(task, message):
        sample = task[0]
        return {"sample": sample.name, "file": sample.path, "status": "failed", "error": message}

    engine = run_all(run_sample, tasks, jobs or default_jobs(), scheduler, ship, done, lost)
    bar.close()
    _remove_leftovers(outputs)  # (a worker killed mid-write leaves its temporary file)
    seconds = time.perf_counter() - start
    return _summary(model, samples, rows, skipped, seconds, engine, compare_dir)


def _prepare_outputs(outputs: str) -> None:
    if os.path.exists(outputs) and not os.path.isdir(outputs):
        raise UsageError(f"--outputs '{one_line(outputs)}' exists and is not a folder")
    try:
        os.makedirs(outputs, exist_ok=True)
        _remove_leftovers(outputs)
    except OSError as e:
        raise UsageError(f"cannot use --outputs '{one_line(outputs)}': {e.strerror or e}") from None


def _remove_leftovers(outputs: str) -> None:
    """What a worker stopped mid-write left: never an output (outputs are renamed into place)."""
    for name in os.listdir(outputs):
        if name.startswith(".irexec-") and name.endswith(".tmp"):
            try:
                os.unlink(os.path.join(outputs, name))
            except FileNotFoundError:
                pass


def _summary(model, samples, rows, skipped, seconds, engine, compare_dir) -> dict:
    ran = [r for r in rows if r["status"] == "ok"]
    failed = [r for r in rows if r["status"] == "failed"]
    finished = {r["sample"] for r in rows if r["status"] != "failed"}
    summary = {
        "model": model.name,
        "samples": len(samples),
        "ran": len(ran),
        "skipped": skipped,
        "failed": len(failed),
        "missing": len(samples) - len(finished) - (0 if compare_dir is not None else skipped),
        "seconds": round(seconds, 3),
        "samples_per_second": round(len(ran) / seconds, 2) if seconds > 0 and ran else 0.0,
        "engine": engine,
        "failures": sorted(
            ({"sample": r["sample"], "file": r["file"], "error": r["error"]} for r in failed), key=lambda r: r["sample"]
        ),
    }
    if compare_dir is not None:
        summary["compare"] = _agreement(model, rows)
    return summary


def _agreement(model, rows) -> dict:
    """Per output: the largest errors over the samples and the sample they occur in; how many
    samples have any output out of tolerance (or no reference)."""
    per_output = {}
    mismatched = []
    for row in rows:
        cmp = row.get("compare")
        if cmp is None:
            continue
        bad = "error" in cmp or any(not v.get("ok") for v in cmp.values())
        if bad:
            mismatched.append(row["sample"])
        for name, v in cmp.items():
            if name == "error" or "max_abs" not in v:
                continue
            best = per_output.setdefault(name, {"max_abs": 0.0, "max_rel": 0.0, "worst_sample": None})
            if v["max_abs"] > best["max_abs"] or best["worst_sample"] is None:
                best.update(max_abs=v["max_abs"], worst_sample=row["sample"])
            best["max_rel"] = max(best["max_rel"], v["max_rel"])
    return {"outputs": per_output, "mismatched_samples": len(mismatched), "mismatched": sorted(mismatched)[:20]}


class Progress:
    """Samples done, rate and time left, on one line of stderr, when stderr is a terminal."""

    def __init__(self, total: int, stream=None):
        self.total = total
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty() and total > 0
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, done: int) -> None:
        if not self.live:
            return
        now = time.perf_counter()
        if now - self.last < 0.1 and done < self.total:
            return
        self.last = now
        rate = done / (now - self.start) if now > self.start else 0.0
        left = (self.total - done) / rate if rate else 0.0
        self.stream.write(f"\r{done}/{self.total} samples  {rate:.1f}/s  ETA {left:.0f}s ")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
