#!/usr/bin/env python3
"""Asynchronous inference: inferences per second of one request in a loop against an
AsyncInferQueue of 2 jobs, on irexec and on OpenVINO side by side in one process, for a model whose
kernels release the GIL: one large MatMul (``--model matmul``), or elementwise Sin, Exp and Tanh
over a long vector (``--model elementwise``, single-threaded NumPy kernels). The ratio is the
queue's rate over the loop's (ideal: 2 on two idle cores). BLAS's own threads already use both
cores in the MatMul's loop, which leaves the queue nothing to gain there (run with
OPENBLAS_NUM_THREADS=1 to see it gain); the elementwise kernels use one core each.

    python benchmarks/bench_async.py [--model matmul|elementwise] [--size 1024] [--inferences 40]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import irexec  # noqa: E402
from irexec.api.async_queue import AsyncInferQueue  # noqa: E402


def write_model(path: str, size: int, kind: str) -> None:
    """matmul: x [size, size] @ a constant [size, size], the MatMul the whole inference;
    elementwise: tanh(exp(sin(x))) of x [size * size]."""
    import openvino as ov
    import openvino.opset13 as opset

    if kind == "elementwise":
        x = opset.parameter([size * size], np.float32, name="x")
        out = opset.tanh(opset.exp(opset.sin(x)))
    else:
        x = opset.parameter([size, size], np.float32, name="x")
        w = opset.constant(np.random.default_rng(0).standard_normal((size, size)).astype(np.float32))
        out = opset.matmul(x, w, False, False, name="mm")
    ov.save_model(ov.Model([out], [x], kind), path)


def loop_rate(compiled, feeds: list) -> float:
    request = compiled.create_infer_request()
    request.infer({0: feeds[0]})  # (warm: the first inference plans and allocates)
    start = time.perf_counter()
    for x in feeds:
        request.infer({0: x})
    return len(feeds) / (time.perf_counter() - start)


def queue_rate(compiled, queue_class, feeds: list) -> float:
    queue = queue_class(compiled, 2)
    for request in queue:
        request.infer({0: feeds[0]})
    start = time.perf_counter()
    for i, x in enumerate(feeds):
        queue.start_async({0: x}, userdata=i)
    queue.wait_all()
    return len(feeds) / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=("matmul", "elementwise"), default="matmul")
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--inferences", type=int, default=40)
    args = ap.parse_args()
    rng = np.random.default_rng(1)
    shape = (args.size * args.size,) if args.model == "elementwise" else (args.size, args.size)
    feeds = [rng.standard_normal(shape).astype(np.float32) for _ in range(args.inferences)]
    with tempfile.TemporaryDirectory(prefix="bench-async-") as work:
        path = os.path.join(work, "model.xml")
        write_model(path, args.size, args.model)
        import openvino as ov

        sides = [
            ("irexec", irexec.Core().compile_model(path, "CPU"), AsyncInferQueue),
            ("openvino", ov.Core().compile_model(path, "CPU"), ov.AsyncInferQueue),
        ]
        what = (
            f"Sin, Exp, Tanh of [{args.size * args.size}]"
            if args.model == "elementwise"
            else f"MatMul [{args.size},{args.size}]^2"
        )
        print(f"{what}, {args.inferences} inferences")
        print(f"{'':10} {'loop (inf/s)':>14} {'queue of 2 (inf/s)':>20} {'ratio':>7}")
        for name, compiled, queue_class in sides:
            loop = loop_rate(compiled, feeds)
            queue = queue_rate(compiled, queue_class, feeds)
            print(f"{name:10} {loop:14.1f} {queue:20.1f} {queue / loop:7.2f}")


if __name__ == "__main__":
    main()
