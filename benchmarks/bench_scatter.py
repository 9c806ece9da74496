#!/usr/bin/env python3
"""Scatter ops on the seed specs' shapes: irexec vs the OpenVINO CPU plugin (same IR, same process,
the plugin's fastest call: a reused infer request with shared inputs) and vs onnx.reference.

Prints median times and the ratios
  ir/plugin   irexec over the plugin (target <= 0.7)
  ir/data     irexec over one copy of the data, timed in the "copy data" column (target <= 1.3):
              the stricter floor, since every out-of-place scatter writes an output of data's size
  ir/largest  irexec over one copy of its largest input, a looser floor: the same as ir/data
              except for ScatterUpdate, whose updates are the largest
  don/plug    irexec with the data donated (written in place: model.infer(...,
              donate_inputs=["data"])) over the plugin
  onnx/ir     onnx.reference over irexec (target >= 10)

    python benchmarks/bench_scatter.py            # everything
    python benchmarks/bench_scatter.py -k nd      # cases whose name contains "nd"
    python benchmarks/bench_scatter.py --quick    # smaller shapes, for a smoke run
    python benchmarks/bench_scatter.py --gnn      # issue 20: heavy duplicates (GNN aggregation)
    python benchmarks/bench_scatter.py --chain    # issue 20: 8 ScatterNDUpdate-15 on 64 MiB

--gnn: 1M edges, 64 features, 10k nodes (targets drawn at random, in no order), for f32, f16 and
i32: ScatterNDUpdate-15 (indices [1M, 1], one row of 64 per edge) under sum, sub, prod, min, max,
and ScatterElementsUpdate-12 (axis 0, indices [1M, 64]: each edge's target repeated over its
features, as PyTorch's scatter/index_add_ exports it) under sum, prod, mean, min, max with
use_init_val true and false. Prints ir/plugin (target <= 0.7) and the largest difference from
the plugin: 0 (1 for i32 mean, which the plugin truncates), as both reduce a target's updates in
index order (tests/ops/test_scatter_duplicates.py holds irexec to a sequential loop bit for bit,
tests/ops/test_diff_scatter_duplicates.py to the plugin).
--chain: 8 ScatterNDUpdate-15 layers on a [262144, 64] f32 tensor (64 MiB) with constant
indices and updates; the four sum layers aim 16384 rows at 1024 targets (duplicates), the others
(none, max, min, prod) 16384 distinct rows. Target <= 1.0.
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

import irexec  # noqa: E402
from irexec.buffers import copy_into  # noqa: E402

try:
    import openvino as ov
    import openvino.opset3 as o3
    import openvino.opset4 as o4
    import openvino.opset15 as ops
except ImportError:  # the plugin columns stay empty
    ov = None


# irexec's reduction names -> ONNX ScatterElements/ScatterND's (sub and mean have none there).
ONNX_REDUCTION = {"none": "none", "sum": "add", "prod": "mul", "min": "min", "max": "max"}


def median_time(fn, repeat: int = 7) -> float:
    fn()  # warm-up: first-touch page faults, plugin's lazy init
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def interleaved(fns: dict, repeat: int) -> dict:
    """The median time of each function, run in turn round after round: the machine's speed
    drifts (a copy of the same data took 2 to 4 ms within minutes), and a drift then hits every
    column alike instead of skewing their ratios."""
    for fn in fns.values():
        fn()  # warm-up
    times = {k: [] for k in fns}
    for _ in range(repeat):
        for k, fn in fns.items():
            t = time.perf_counter()
            fn()
            times[k].append(time.perf_counter() - t)
    return {k: statistics.median(v) for k, v in times.items()}


class Case:
    def __init__(self, name, build, inputs, onnx_fn=None):
        self.name, self.build, self.inputs, self.onnx_fn = name, build, inputs, onnx_fn


def seed_cases(quick: bool):
    rng = np.random.default_rng(0)
    s = 10 if quick else 1
    cases = []

    # ScatterNDUpdate example 5: data 1000x256x10x15, indices 25x125x3, updates 25x125x15
    nd_data = rng.standard_normal((1000 // s, 256, 10, 15)).astype(np.float32)
    # Distinct index tuples: with duplicates under "none" the plugin's parallel writes pick any one.
    flat = rng.choice(int(np.prod(nd_data.shape[:3])), 25 * 125, replace=False)
    nd_idx = np.stack(np.unravel_index(flat, nd_data.shape[:3]), -1).reshape(25, 125, 3).astype(np.int64)
    nd_upd = rng.standard_normal((25, 125, 15)).astype(np.float32)

    def nd(version, reduction):
        def build():
            d = ops.parameter(list(nd_data.shape), ov.Type.f32, name="data")
            i = ops.parameter(list(nd_idx.shape), ov.Type.i64, name="indices")
            u = ops.parameter(list(nd_upd.shape), ov.Type.f32, name="updates")
            n = o4.scatter_nd_update(d, i, u) if version == 3 else ops.scatter_nd_update(d, i, u, reduction)
            return ov.Model([ops.result(n)], [d, i, u])

        return build

    feeds = {"data": nd_data, "indices": nd_idx, "updates": nd_upd}
    cases.append(Case("ScatterNDUpdate-3", nd(3, "none"), feeds, ("ScatterND", 16, "none")))
    for red in ("none", "sum", "sub", "prod", "min", "max"):
        onnx_red = ONNX_REDUCTION.get(red)
        cases.append(
            Case(f"ScatterNDUpdate-15 {red}", nd(15, red), feeds, ("ScatterND", 18, onnx_red) if onnx_red else None)
        )

    # ScatterElementsUpdate: data 1000x256x7x7, indices/updates 125x20x7x6, axis 0
    se_data = rng.standard_normal((1000 // s, 256, 7, 7)).astype(np.float32)
    se_idx = rng.integers(0, se_data.shape[0], (125 // s, 20, 7, 6)).astype(np.int64)  # -3: not more rows than data
    se_upd = rng.standard_normal(se_idx.shape).astype(np.float32)

    def se(version, reduction, init=True):
        def build():
            d = ops.parameter(list(se_data.shape), ov.Type.f32, name="data")
            i = ops.parameter(list(se_idx.shape), ov.Type.i64, name="indices")
            u = ops.parameter(list(se_upd.shape), ov.Type.f32, name="updates")
            axis = ops.constant(np.array(0, np.int64))
            n = (
                o3.scatter_elements_update(d, i, u, axis)
                if version == 3
                else ops.scatter_elements_update(d, i, u, axis, reduction, init)
            )
            return ov.Model([ops.result(n)], [d, i, u])

        return build

    feeds = {"data": se_data, "indices": se_idx, "updates": se_upd}
    cases.append(Case("ScatterElementsUpdate-3", se(3, "none"), feeds, ("ScatterElements", 18, "none")))
    for red in ("none", "sum", "prod", "min", "max", "mean"):
        onnx_red = ONNX_REDUCTION.get(red)
        cases.append(
            Case(
                f"ScatterElementsUpdate-12 {red}",
                se(12, red),
                feeds,
                ("ScatterElements", 18, onnx_red) if onnx_red else None,
            )
        )

    # ScatterUpdate: data 1000x256x10x15, indices 125x20, axis 1 -> updates 1000x125x20x10x15
    su_data = rng.standard_normal((1000 // s, 256, 10, 15)).astype(np.float32)
    su_idx = rng.integers(0, 256, (125, 20)).astype(np.int64)
    su_upd = rng.standard_normal((su_data.shape[0], 125, 20, 10, 15)).astype(np.float32)

    def su():
        d = ops.parameter(list(su_data.shape), ov.Type.f32, name="data")
        i = ops.parameter(list(su_idx.shape), ov.Type.i64, name="indices")
        u = ops.parameter(list(su_upd.shape), ov.Type.f32, name="updates")
        n = o3.scatter_update(d, i, u, ops.constant(np.array(1, np.int64)))
        return ov.Model([ops.result(n)], [d, i, u])

    cases.append(Case("ScatterUpdate-3", su, {"data": su_data, "indices": su_idx, "updates": su_upd}))
    return cases


# Issue 20: scatter reductions with heavy duplicates, as graph neural networks aggregate messages.
GNN_EDGES, GNN_FEATURES, GNN_NODES = 1_000_000, 64, 10_000


def gnn_values(rng, etype: str, shape, reduction: str) -> np.ndarray:
    """Values a reduction of ~100 duplicates per target keeps finite: near 1 for a float prod."""
    if etype == "i32":
        return rng.integers(-100, 100, shape, dtype=np.int32)
    dtype = np.float16 if etype == "f16" else np.float32
    if reduction == "prod":
        return rng.uniform(0.99, 1.01, shape).astype(dtype)
    return rng.standard_normal(shape, dtype=np.float32).astype(dtype)


def gnn_cases(quick: bool):
    s = 10 if quick else 1
    edges, nodes, feats = GNN_EDGES // s, GNN_NODES // s, GNN_FEATURES
    rng = np.random.default_rng(20)
    targets = rng.integers(0, nodes, edges).astype(np.int64)
    nd_idx = targets.reshape(-1, 1)
    se_idx = np.ascontiguousarray(np.broadcast_to(targets.reshape(-1, 1), (edges, feats)))
    cases = []
    for etype in ("f32", "f16", "i32"):
        vals = {}
        for red in ("sum", "prod"):  # (every other reduction takes the sum's values)
            vals[red] = (gnn_values(rng, etype, (nodes, feats), red), gnn_values(rng, etype, (edges, feats), red))

        def nd(red, etype=etype):  # (etype bound now: the builds run after the loop)
            def build():
                d = ops.parameter([nodes, feats], getattr(ov.Type, etype), name="data")
                i = ops.parameter([edges, 1], ov.Type.i64, name="indices")
                u = ops.parameter([edges, feats], getattr(ov.Type, etype), name="updates")
                return ov.Model([ops.result(ops.scatter_nd_update(d, i, u, red))], [d, i, u])

            return build

        def se(red, init, etype=etype):
            def build():
                d = ops.parameter([nodes, feats], getattr(ov.Type, etype), name="data")
                i = ops.parameter([edges, feats], ov.Type.i64, name="indices")
                u = ops.parameter([edges, feats], getattr(ov.Type, etype), name="updates")
                n = ops.scatter_elements_update(d, i, u, ops.constant(np.array(0, np.int64)), red, init)
                return ov.Model([ops.result(n)], [d, i, u])

            return build

        for red in ("sum", "sub", "prod", "min", "max"):
            data, upd = vals["prod" if red == "prod" else "sum"]
            cases.append(Case(f"ND-15 {etype} {red}", nd(red), {"data": data, "indices": nd_idx, "updates": upd}))
        for red in ("sum", "prod", "mean", "min", "max"):
            data, upd = vals["prod" if red == "prod" else "sum"]
            for init in (True, False):
                cases.append(
                    Case(
                        f"SE-12 {etype} {red}{'' if init else ' no-init'}",
                        se(red, init),
                        {"data": data, "indices": se_idx, "updates": upd},
                    )
                )
    return cases


CHAIN_REDUCTIONS = ("sum", "none", "sum", "max", "sum", "min", "sum", "prod")


def chain_case(quick: bool):
    """8 ScatterNDUpdate-15 on a 64 MiB f32 tensor, constant indices and updates."""
    rows, feats, n = (262144 // (10 if quick else 1)), 64, 16384
    rng = np.random.default_rng(8)
    data = rng.standard_normal((rows, feats), dtype=np.float32)

    def build():
        d = ops.parameter([rows, feats], ov.Type.f32, name="data")
        x = d
        for red in CHAIN_REDUCTIONS:
            if red == "sum":
                idx = rng.integers(0, 1024, (n, 1)) * (rows // 1024)  # duplicates: ~16 per target
            else:
                idx = rng.choice(rows, n, replace=False).reshape(n, 1)
            upd = rng.uniform(0.5, 1.5, (n, feats)).astype(np.float32)
            x = ops.scatter_nd_update(x, ops.constant(idx.astype(np.int64)), ops.constant(upd), red)
        return ov.Model([ops.result(x)], [d])

    return Case("chain of 8 ND-15, 64 MiB", build, {"data": data})


def run_targets(core, tmp, cases, target: float, repeat: int, pattern: str) -> None:
    """irexec vs the plugin, side by side, for the issue's cases: ratio against the target."""
    print(f"{'case':30s} {'irexec':>9s} {'plugin':>9s} {'ir/plugin':>9s} {'target':>6s} {'max |diff|':>10s}")
    worst = 0.0
    for case in cases:
        if pattern.lower() not in case.name.lower():
            continue
        path = os.path.join(tmp, case.name.replace(" ", "_").replace(",", "") + ".xml")
        ov.save_model(case.build(), path, compress_to_fp16=False)
        model = irexec.read_model(path)
        request = core.compile_model(path, "CPU").create_infer_request()
        got = next(iter(model.infer(case.inputs).values()))
        want = request.infer(case.inputs, share_inputs=True)[0]
        diff = float(np.nanmax(np.abs(got.astype(np.float64) - want.astype(np.float64)))) if got.size else 0.0
        t = interleaved(
            {
                "ir": lambda: model.infer(case.inputs),  # noqa: B023, F821 (timed in this iteration)
                "ov": lambda: request.infer(case.inputs, share_inputs=True, share_outputs=True),  # noqa: B023, F821
            },
            repeat,
        )
        ratio = t["ir"] / t["ov"]
        worst = max(worst, ratio)
        print(
            f"{case.name:30s} {t['ir'] * 1e3:7.1f}ms {t['ov'] * 1e3:7.1f}ms {ratio:9.2f} "
            f"{'ok' if ratio <= target else 'MISS':>6s} {diff:10.3g}",
            flush=True,
        )
        del model, request
    print(f"worst ir/plugin: {worst:.2f} (target {target})")


def time_case(model, request, inputs: dict, repeat: int) -> dict:
    """Median times of irexec, the plugin, the copies that are the floors, and irexec with the data
    donated, taken in turn (the buffers they need are freed on return)."""
    data = inputs["data"]
    largest = max(inputs.values(), key=lambda a: a.nbytes)
    # The floors: one copy, as fast as this machine does it (all cores, into a buffer already
    # mapped: what the plugin's output and irexec's pooled buffers both get).
    copy_of_data = np.empty_like(data)
    # The caller hands the data buffer over: the scatter writes into it, no copy at all.
    donated = dict(inputs, data=data.copy())
    runs = {
        "ir": lambda: model.infer(inputs),
        "ov": lambda: request.infer(inputs, share_inputs=True, share_outputs=True),
        "copy": lambda: copy_into(copy_of_data, data),
        "donated": lambda: model.infer(donated, donate_inputs=["data"]),
    }
    if largest is not data:
        copy_of_largest = np.empty_like(largest)
        runs["largest"] = lambda: copy_into(copy_of_largest, largest)
    return interleaved(runs, repeat)


def onnx_runner(spec, feeds):
    try:
        from onnx import TensorProto, helper
        from onnx.reference import ReferenceEvaluator
    except ImportError:
        return None
    op, opset, reduction = spec
    attrs = {"reduction": reduction}
    if op == "ScatterElements":
        attrs["axis"] = 0
    node = helper.make_node(op, ["data", "indices", "updates"], ["y"], **attrs)
    infos = [
        helper.make_tensor_value_info(k, TensorProto.FLOAT if v.dtype == np.float32 else TensorProto.INT64, v.shape)
        for k, v in feeds.items()
    ]
    graph = helper.make_graph([node], "g", infos, [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    ref = ReferenceEvaluator(model)
    return lambda: ref.run(None, feeds)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-k", default="", help="only cases whose name contains this (case-insensitive)")
    ap.add_argument("--repeat", type=int, default=11)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-onnx", action="store_true", help="skip onnx.reference (it is slow)")
    ap.add_argument("--gnn", action="store_true", help="issue 20's heavy-duplicate reductions instead")
    ap.add_argument("--chain", action="store_true", help="issue 20's chain of 8 ScatterNDUpdate-15 instead")
    args = ap.parse_args(argv)
    if ov is None:
        sys.exit("the openvino package is needed to build the IRs and run the plugin")
    with tempfile.TemporaryDirectory(prefix="irexec-bench-") as tmp:  # (the IRs: up to 35 MB each)
        run(args, ov.Core(), tmp)


def run(args, core, tmp: str) -> None:
    if args.gnn or args.chain:
        if args.gnn:
            run_targets(core, tmp, gnn_cases(args.quick), 0.7, args.repeat, args.k)
        if args.chain:
            run_targets(core, tmp, [chain_case(args.quick)], 1.0, args.repeat, args.k)
        return
    print(
        f"{'case':28s} {'irexec':>9s} {'plugin':>9s} {'ir/plugin':>9s} {'copy data':>9s} {'ir/data':>7s} "
        f"{'ir/largest':>10s} {'donated':>9s} {'don/plug':>8s} {'onnx.ref':>9s} {'onnx/ir':>8s}"
    )
    for case in seed_cases(args.quick):
        if args.k.lower() not in case.name.lower():
            continue
        path = os.path.join(tmp, case.name.replace(" ", "_") + ".xml")
        ov.save_model(case.build(), path, compress_to_fp16=False)
        model = irexec.read_model(path)
        request = core.compile_model(path, "CPU").create_infer_request()
        got = next(iter(model.infer(case.inputs).values()))
        want = request.infer(case.inputs, share_inputs=True)[0]
        if not np.allclose(got, want, rtol=1e-5, atol=1e-5, equal_nan=True):
            print(
                f"  note: {case.name}: outputs differ from the plugin (max abs diff "
                f"{np.nanmax(np.abs(got - want)):.3g})"
            )
        t = time_case(model, request, case.inputs, args.repeat)
        t_ir, t_ov, t_copy, t_don = t["ir"], t["ov"], t["copy"], t["donated"]
        t_largest = t.get("largest", t_copy)
        t_onnx = None
        if case.onnx_fn and not args.no_onnx:
            run = onnx_runner(case.onnx_fn, case.inputs)
            if run is not None:
                t_onnx = median_time(run, 1)
        onnx_cols = f"{t_onnx * 1e3:8.0f}ms {t_onnx / t_ir:7.0f}x" if t_onnx else f"{'-':>9s} {'-':>8s}"
        print(
            f"{case.name:28s} {t_ir * 1e3:7.1f}ms {t_ov * 1e3:7.1f}ms {t_ir / t_ov:9.2f} "
            f"{t_copy * 1e3:7.1f}ms {t_ir / t_copy:7.2f} {t_ir / t_largest:10.2f} "
            f"{t_don * 1e3:7.1f}ms {t_don / t_ov:8.2f} {onnx_cols}",
            flush=True,
        )


if __name__ == "__main__":
    main()
