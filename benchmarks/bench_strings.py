#!/usr/bin/env python3
"""String tensors: StringTensorUnpack-15 and StringTensorPack-15 on 100k short strings, irexec vs
the OpenVINO CPU plugin (same IR, same process, a reused infer request), whole models through
``model.infer``. Prints median times and ir/plugin.

Each string is one Python object in irexec (irexec.strings), so Pack makes one per element and
costs more than the plugin's copy; Unpack joins and encodes them once.

    python benchmarks/bench_strings.py            # 100k strings
    python benchmarks/bench_strings.py --quick    # 10k, for a smoke run
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import openvino as ov  # noqa: E402
import openvino.opset15 as ops  # noqa: E402

import irexec  # noqa: E402
from irexec.io.random_inputs import random_strings  # noqa: E402


def median_time(fn, repeat: int = 7) -> float:
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def saved(model, folder: str, name: str) -> str:
    path = os.path.join(folder, name + ".xml")
    ov.save_model(model, path)
    return path


def compare(name: str, path: str, feeds: list) -> None:
    mine = irexec.read_model(path)
    compiled = ov.Core().compile_model(path, "CPU")
    request = compiled.create_infer_request()
    tensors = [ov.Tensor(f.astype(str)) if f.dtype == object else ov.Tensor(f) for f in feeds]
    t_ir = median_time(lambda: mine.infer(feeds))
    t_ov = median_time(lambda: request.infer(tensors))
    print(f"{name:<28} {t_ir * 1e3:9.2f} {t_ov * 1e3:9.2f} {t_ir / t_ov:9.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    n = 10_000 if ap.parse_args().quick else 100_000
    rng = np.random.default_rng(0)
    ascii_ = random_strings(rng, (n,))
    texts = {"ascii": ascii_, "utf-8": np.array([s + "é日" for s in ascii_.tolist()], dtype=object)}
    print(f"{n} strings{'':<17} {'irexec ms':>9} {'plugin ms':>9} {'ir/plugin':>9}")
    with tempfile.TemporaryDirectory() as folder:
        data = ops.parameter([n], ov.Type.string, name="data")
        unpack = ops.string_tensor_unpack(data)
        unpack_path = saved(ov.Model([ops.result(unpack.output(k)) for k in range(3)], [data]), folder, "unpack")
        for kind, strings in texts.items():
            compare(f"StringTensorUnpack {kind}", unpack_path, [strings])
            begins, ends, symbols = irexec.read_model(unpack_path).infer([strings]).values()
            params = [
                ops.parameter([n], ov.Type.i32, name="begins"),
                ops.parameter([n], ov.Type.i32, name="ends"),
                ops.parameter([symbols.size], ov.Type.u8, name="symbols"),
            ]
            pack = ov.Model([ops.result(ops.string_tensor_pack(*params))], params)
            compare(f"StringTensorPack {kind}", saved(pack, folder, f"pack_{kind}"), [begins, ends, symbols])


if __name__ == "__main__":
    main()
