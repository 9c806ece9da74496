#!/usr/bin/env python3
"""Batches: samples per second of ``irexec run --inputs`` (irexec.batch.run_batch) against the
number of workers, beside a plain loop (read the model once, infer and save each sample) in this
process. The scaling ratio is the 2-worker rate over the 1-worker rate (ideal: the worker count,
on a machine with that many idle cores).

    python benchmarks/bench_batch.py [--model resnet18] [--samples 200]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import irexec  # noqa: E402
from helpers.corpus import CORPUS, MANIFEST, corpus_inputs  # noqa: E402
from irexec.batch import engines, run_batch  # noqa: E402


class Quiet:
    def update(self, done):
        pass

    def close(self):
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="resnet18")
    ap.add_argument("--samples", type=int, default=200)
    args = ap.parse_args()
    path = os.path.join(CORPUS, args.model + ".xml")
    specs = MANIFEST[args.model]["inputs"]
    work = tempfile.mkdtemp(prefix="bench-batch-")
    try:
        rows = [corpus_inputs(specs, seed) for seed in range(args.samples)]
        dataset = os.path.join(work, "data.npz")
        np.savez(dataset, **{name: np.stack([r[name][0] for r in rows]) for name in specs})

        def fresh(name):
            out = os.path.join(work, name)
            shutil.rmtree(out, ignore_errors=True)
            return out

        results = []
        t = time.perf_counter()
        model = irexec.read_model(path)
        out = fresh("loop")
        os.makedirs(out)
        for i, r in enumerate(rows):
            np.savez(os.path.join(out, f"{i}.npz"), **model.infer(r))
        results.append(("plain loop, this process", args.samples / (time.perf_counter() - t)))
        for label, jobs, dask in [
            ("run_batch, 1 worker (in process)", 1, True),
            ("run_batch, 2 workers (process pool)", 2, False),
            ("run_batch, 2 workers (local Dask cluster, incl. its start)", 2, True),
        ]:
            engines_dask = engines.dask_available
            if not dask:
                engines.dask_available = lambda: False
            try:
                t = time.perf_counter()
                summary = run_batch(path, None, dataset, fresh(label[:12]), jobs=jobs, progress=Quiet())
                assert summary["ran"] == args.samples, summary
                results.append((label, args.samples / (time.perf_counter() - t)))
            finally:
                engines.dask_available = engines_dask
        if engines.dask_available():
            from distributed import LocalCluster

            with LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
            ) as cluster:
                run_batch(path, None, dataset, fresh("warmup"), scheduler=cluster.scheduler_address, progress=Quiet())
                t = time.perf_counter()
                summary = run_batch(
                    path, None, dataset, fresh("dask-running"), scheduler=cluster.scheduler_address, progress=Quiet()
                )
                assert summary["ran"] == args.samples, summary
                results.append(
                    ("run_batch, 2 workers (a Dask cluster already running)", args.samples / (time.perf_counter() - t))
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{args.model}, {args.samples} samples, {os.cpu_count()} CPUs")
    print(f"{'engine':<62} {'samples/s':>10}")
    for label, rate in results:
        print(f"{label:<62} {rate:>10.1f}")
    one = results[1][1]
    print(
        f"scaling (2 workers / 1): process pool {results[2][1] / one:.2f}x, Dask {results[3][1] / one:.2f}x"
        + (f" (a running cluster: {results[4][1] / one:.2f}x)" if len(results) > 4 else "")
    )


if __name__ == "__main__":
    main()
