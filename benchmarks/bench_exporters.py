#!/usr/bin/env python3
"""The exporters' corpus (tests/data/exporters: optimum-cli exports of decoders, seq2seq models,
encoders and NNCF int8/int4 variants, with their tokenizer IRs), irexec next to the OpenVINO CPU
plugin (the corpus's settings: f32 inference, f32 KV cache, no dynamic quantization) in one
process:

  cold   read + first result (irexec) against read + compile + first result (the plugin), each
         from a model not read before (best of three)
  warm   one inference on a reused request (a stateful model: its recorded steps, the prompt then
         single tokens, the request reset between rounds), median of interleaved rounds

as ratios irexec / plugin, per model and their geometric mean.

    python benchmarks/bench_exporters.py [--rounds N] [FOLDER ...]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import openvino as ov  # noqa: E402

import irexec  # noqa: E402

DATA = os.path.join(HERE, "..", "tests", "data", "exporters")
CONFIG = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0"}


def _core() -> ov.Core:
    """One Core, the tokenizer IRs' extension added (a Core unloads it when it goes, and the
    models it read crash then)."""
    import importlib.util

    core = ov.Core()
    spec = importlib.util.find_spec("openvino_tokenizers")
    if spec is not None and spec.submodule_search_locations:
        core.add_extension(os.path.join(spec.submodule_search_locations[0], "lib", "libopenvino_tokenizers.so"))
    return core


CORE = _core()


def steps(folder: str, stem: str, n: int) -> list:
    inputs = np.load(os.path.join(DATA, folder, "inputs.npz"))
    out = []
    for k in range(n):
        prefix = f"{stem}/{k}/"
        out.append({key[len(prefix) :]: inputs[key] for key in inputs.files if key.startswith(prefix)})
    return out


def by_position(model_inputs, given: dict) -> dict:
    names = [p.get_any_name() for p in model_inputs]
    return given if set(given) <= set(names) else {0: next(iter(given.values()))}


def cold(path: str, feeds: dict) -> tuple:
    core = CORE
    t0 = time.perf_counter()
    model = irexec.read_model(path)
    model.create_infer_request().infer(by_position(model.inputs, feeds))
    mine = time.perf_counter() - t0
    t0 = time.perf_counter()
    compiled = core.compile_model(core.read_model(path), "CPU", CONFIG)
    compiled.create_infer_request().infer(by_position(compiled.inputs, feeds))
    theirs = time.perf_counter() - t0
    return mine, theirs


def warm(path: str, feeds: list, rounds: int) -> tuple:
    model = irexec.read_model(path)
    core = CORE
    compiled = core.compile_model(core.read_model(path), "CPU", CONFIG)
    mine_req, their_req = model.create_infer_request(), compiled.create_infer_request()
    mine, theirs = [], []
    for _ in range(rounds):
        for request, times, inputs in ((mine_req, mine, model.inputs), (their_req, theirs, compiled.inputs)):
            request.reset_state()
            t0 = time.perf_counter()
            for f in feeds:
                request.infer(by_position(inputs, f))
            times.append((time.perf_counter() - t0) / len(feeds))
    return statistics.median(mine), statistics.median(theirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    folders = args.folders or sorted(os.listdir(DATA))
    print(f"{'model':<44} {'cold ms':>8} {'plugin':>8} {'ratio':>6}   {'warm ms':>8} {'plugin':>8} {'ratio':>6}")
    colds, warms = [], []
    for folder in folders:
        with open(os.path.join(DATA, folder, "metadata.json")) as f:
            meta = json.load(f)
        for xml, entry in meta["models"].items():
            path = os.path.join(DATA, folder, xml)
            feeds = steps(folder, xml[:-4], entry["steps"])
            c = min((cold(path, feeds[0]) for _ in range(3)), key=lambda p: p[0])
            w = warm(path, feeds, args.rounds)
            colds.append(c[0] / c[1])
            warms.append(w[0] / w[1])
            print(
                f"{folder + '/' + xml[:-4]:<44} {c[0] * 1e3:>8.1f} {c[1] * 1e3:>8.1f} {colds[-1]:>6.2f}   "
                f"{w[0] * 1e3:>8.2f} {w[1] * 1e3:>8.2f} {warms[-1]:>6.2f}",
                flush=True,
            )
    gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))  # noqa: E731
    print(f"geometric mean: cold {gm(colds):.2f}x, warm {gm(warms):.2f}x over {len(colds)} models")
    print(f"cold at most 0.3x on {sum(r <= 0.3 for r in colds)} of {len(colds)}; warm worst {max(warms):.2f}x")


if __name__ == "__main__":
    main()
