"""A program written for OpenVINO's Python API, as its throughput benchmark measures: the
requests of an AsyncInferQueue are filled through their own tensors, then kept busy for a number
of iterations; it reports their latencies and the throughput. Run as it is on OpenVINO, or on
irexec with ``python -m irexec.openvino benchmark.py MODEL.xml [ITERATIONS]``."""

import statistics
import sys
from time import perf_counter

import numpy as np
import openvino as ov
from openvino.utils.types import get_dtype


def main() -> int:
    path, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40
    core = ov.Core()
    compiled = core.compile_model(path, "CPU", {"PERFORMANCE_HINT": "THROUGHPUT"})
    queue = ov.AsyncInferQueue(compiled)
    rng = np.random.default_rng(0)
    for request in queue:
        for port in compiled.inputs:
            tensor = request.get_tensor(port)
            tensor.data[:] = rng.uniform(0, 1, list(tensor.shape)).astype(get_dtype(tensor.element_type))
    for _ in range(len(queue)):  # (warm-up)
        queue.start_async()
    queue.wait_all()
    latencies, started = [], set()
    start = perf_counter()
    for _ in range(count):
        idle = queue.get_idle_request_id()
        if idle in started:
            latencies.append(queue[idle].latency)
        started.add(idle)
        queue.start_async()
    queue.wait_all()
    duration = perf_counter() - start
    latencies += [queue[i].latency for i in started]
    print(f"Requests:   {len(queue)}")
    print(f"Count:      {count} iterations")
    print(f"Median:     {statistics.median(latencies):.2f} ms")
    print(f"Throughput: {count / duration:.2f} FPS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
