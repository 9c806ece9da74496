#!/usr/bin/env python3
"""The graph page (`irexec show MODEL --html FILE`, irexec.view) on synthetic transformer-like models
of about 500 and 5,000 layers: blocks of a layer norm, attention and an MLP, their weights int8
(per-channel) and int4 (grouped) decompression chains as NNCF writes them, and f32 constants.

For each: the time to make the page in Python (shape inference, folding, ranks, JSON), its size,
and in headless chromium the time from navigation to the page laid out and drawn (the script's
``performance.now()`` once it has placed every box and drawn those in view, then after the next
frame), the boxes drawn at the initial view, the mean time to redraw after a pan (what is in
view is drawn, the rest is not in the document), and the time to lay out every layer again with
the folded ones shown ("show all layers").

  python benchmarks/bench_show_html.py [500 5000 ...]
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

import openvino as ov  # noqa: E402
import openvino.opset13 as ops  # noqa: E402

from irexec.check.shape_inference import infer_shapes  # noqa: E402
from irexec.ir.reader import read_graph  # noqa: E402
from irexec.view import graph_page  # noqa: E402

TMP = tempfile.mkdtemp(prefix="irexec-bench-")
D = 64  # the hidden size (small: the page's cost is the layers', not the weights')


def compressed(rng, rows, cols, group=None):
    """An NNCF weight: u8 per-channel codes, or u4 codes in groups, with a zero point and scale."""
    if group is None:
        codes = ops.constant(rng.integers(0, 256, (rows, cols)).astype(np.uint8), dtype=ov.Type.u8)
        zero = ops.constant(np.full((rows, 1), 128, np.uint8), dtype=ov.Type.u8)
        scale = ops.constant((rng.random((rows, 1)) * 0.01).astype(np.float16))
    else:
        codes = ops.constant(rng.integers(0, 16, (rows, cols // group, group)).astype(np.uint8), dtype=ov.Type.u4)
        zero = ops.constant(np.full((rows, cols // group, 1), 8, np.uint8), dtype=ov.Type.u4)
        scale = ops.constant((rng.random((rows, cols // group, 1)) * 0.01).astype(np.float16))
    w = ops.multiply(ops.subtract(ops.convert(codes, ov.Type.f16), ops.convert(zero, ov.Type.f16)), scale)
    if group is not None:
        w = ops.reshape(w, ops.constant(np.array([rows, cols], np.int64)), False)
    return ops.convert(w, ov.Type.f32)


def block(rng, x):
    mean = ops.reduce_mean(x, ops.constant(np.array([-1], np.int64)), True)
    centred = ops.subtract(x, mean)
    var = ops.reduce_mean(ops.multiply(centred, centred), ops.constant(np.array([-1], np.int64)), True)
    norm = ops.divide(centred, ops.sqrt(ops.add(var, ops.constant(np.float32(1e-5)))))
    norm = ops.multiply(norm, ops.constant(np.ones(D, np.float32)))
    q = ops.matmul(norm, compressed(rng, D, D), False, True)
    k = ops.matmul(norm, compressed(rng, D, D), False, True)
    v = ops.matmul(norm, compressed(rng, D, D, group=16), False, True)
    att = ops.softmax(ops.multiply(ops.matmul(q, k, False, True), ops.constant(np.float32(D**-0.5))), -1)
    x = ops.add(x, ops.matmul(ops.matmul(att, v, False, False), compressed(rng, D, D), False, True))
    up = ops.matmul(x, compressed(rng, 4 * D, D, group=16), False, True)
    up = ops.add(up, ops.constant(rng.standard_normal(4 * D).astype(np.float32)))
    down = ops.matmul(ops.gelu(up, "erf"), compressed(rng, D, 4 * D, group=16), False, True)
    return ops.add(x, down)


def model(layers):
    """A model of at least ``layers`` layers, and its count."""
    rng = np.random.default_rng(0)
    x = ops.parameter([1, 16, D], ov.Type.f32, name="tokens")
    node, blocks = x, 0
    while True:
        node = block(rng, node)
        blocks += 1
        m = ov.Model([ops.result(node)], [x], f"synthetic{layers}")
        if len(m.get_ops()) >= layers:
            break
    path = os.path.join(TMP, f"synthetic{layers}.xml")
    ov.save_model(m, path, compress_to_fp16=False)
    return path, len(m.get_ops()), blocks


def browser():
    from playwright.sync_api import sync_playwright

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    p = sync_playwright().start()
    b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
    return p, b


def measure(b, path):
    page = b.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("file://" + path)
    laid = page.evaluate("graphView.ready")
    drawn = page.evaluate(
        "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))"
    )
    boxes = page.locator("g.node").count()
    pan = page.evaluate(
        """() => { const t = performance.now();
        for (let i = 0; i < 20; i++) { graphView.panBy(0, -300); graphView.redraw(); }
        return (performance.now() - t) / 20; }"""
    )
    every = page.evaluate(
        "() => { const t = performance.now(); graphView.showAll(true); return performance.now() - t; }"
    )
    page.close()
    return laid, drawn, boxes, pan, every, errors


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sizes", nargs="*", type=int, default=[500, 5000], help="layers (default: 500 5000)")
    sizes = ap.parse_args(argv).sizes
    p, b = browser()
    print(
        f"{'layers':>7s} {'blocks':>6s} {'make':>8s} {'bytes':>10s} {'laid out':>9s} {'drawn':>8s} {'boxes':>6s} {'pan':>7s} {'show all':>9s}"
    )
    try:
        for n in sizes:
            path, count, blocks = model(n)
            t = time.perf_counter()
            graph = read_graph(path)
            facts = infer_shapes(graph, graph.topological_order())
            page = graph_page(graph, facts)
            make = time.perf_counter() - t
            out = os.path.join(TMP, f"synthetic{n}.html")
            with open(out, "w", encoding="utf-8") as f:
                f.write(page)
            laid, drawn, boxes, pan, every, errors = measure(b, out)
            print(
                f"{count:7d} {blocks:6d} {make:7.2f}s {len(page.encode()):10d} {laid:7.0f}ms {drawn:6.0f}ms {boxes:6d} {pan:5.1f}ms {every:7.0f}ms"
                + (f"  page errors: {errors}" if errors else ""),
                flush=True,
            )
    finally:
        b.close()
        p.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
