#!/usr/bin/env python3
"""The pictures in docs/: each view irexec makes, opened in headless Chromium (driven by playwright)
and saved as PNG in docs/images. Every picture is made from files in the repository by irexec's
own commands, so running this again after a change to a view shows the change.

    python scripts/make_screenshots.py [NAME ...]     (NAME: a picture's name, without .png)

Needs Chromium (Debian's /usr/bin/chromium, or CHROMIUM=path), playwright, and, for the
comparisons, the OpenVINO runtime."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMAGES = os.path.join(ROOT, "docs", "images")
WIDTH, HEIGHT = 1400, 860
QWEN = os.path.join("tests", "data", "exporters", "qwen2_int4", "openvino_model.xml")
KV = os.path.join("models", "kv_cache_update.xml")
CHAIN = os.path.join("docs", "examples", "compare", "i64_chain.xml")
BERT = os.path.join("tests", "data", "exporters", "bert_features", "openvino_model.xml")


def irexec(*args: str) -> None:
    """Run from the repository's root, its files named relative to it (the pages show the names)."""
    done = subprocess.run([sys.executable, "-m", "irexec", *args], cwd=ROOT, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # (a comparison that finds a departure exits 1)
        sys.exit(f"irexec {' '.join(args)}: {done.stderr.strip()}")


def graph_int4(where: str) -> tuple:
    """The int4 Qwen2 export's graph, constants and decompression chains folded, a MatMul selected."""
    irexec("show", QWEN, "--html", os.path.join(where, "qwen.html"))
    return "qwen.html", [("search", "q_proj/aten::linear/MatMul"), ("press", "Enter")]


def graph_stats(where: str) -> tuple:
    """The bundled KV-cache model after run --dump: a layer's tensor statistics and histogram."""
    dump = os.path.join(where, "dump")
    irexec("run", KV, "--random", "--dump", dump)
    irexec("show", KV, "--html", os.path.join(where, "kv.html"), "--stats", dump)
    return "kv.html", [("search", "write_tokens"), ("press", "Enter")]


def compare_report(where: str) -> tuple:
    """compare --html on the BERT export of tests/data/exporters, the plugin in f16: no layer departs
    on its own inputs, and the page shows where the difference that reaches the output starts."""
    shapes = [f"--shape={name}=1,12" for name in ("input_ids", "attention_mask", "token_type_ids")]
    irexec(
        "compare",
        BERT,
        "--random",
        *shapes,
        "--precision",
        "f16",
        "--all",
        "--html",
        os.path.join(where, "report.html"),
    )
    return "report.html", []


def compare_dataset(where: str) -> tuple:
    """compare --inputs DATASET --html: each output's per-sample errors."""
    data = os.path.join("docs", "examples", "compare", "dataset.npz")
    irexec("compare", CHAIN, "--inputs", data, "--html", os.path.join(where, "dataset.html"))
    return "dataset.html", []


def notebook(where: str) -> tuple:
    """What a notebook shows of a Model, a Profiler and a comparison (their _repr_html_), one cell
    after another."""
    sys.path.insert(0, ROOT)
    import numpy as np

    import irexec as ix
    from irexec.io.random_inputs import random_inputs

    os.chdir(ROOT)  # (the names shown are the repository's)
    model = ix.read_model(KV)
    feeds = random_inputs(model, {}, {}, 0)
    profiler = ix.Profiler()
    for _ in range(5):
        model.infer(feeds, observer=profiler)
    report = ix.compare(CHAIN, {"x": np.load(os.path.join("docs", "examples", "compare", "x.npy"))})
    cells = [
        ("model = irexec.read_model('models/kv_cache_update.xml'); model", model._repr_html_()),
        ("profiler", profiler._repr_html_()),
        ("irexec.compare('docs/examples/compare/i64_chain.xml', {'x': x})", report._repr_html_()),
    ]
    page = [
        "<!DOCTYPE html><meta charset='utf-8'><style>body{font:13px system-ui,sans-serif;margin:16px}",
        "pre{background:#f5f5f5;padding:6px;margin:14px 0 4px}table{border-collapse:collapse}",
        "td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}</style>",
    ]
    for code, shown in cells:
        page.append(f"<pre>In: {code}</pre>{shown}")
    with open(os.path.join(where, "notebook.html"), "w", encoding="utf-8") as f:
        f.write("".join(page))
    return "notebook.html", [("whole", "")]


SHOTS = {
    "show_graph": graph_int4,
    "show_stats": graph_stats,
    "compare_report": compare_report,
    "compare_dataset": compare_dataset,
    "notebook": notebook,
}


def main() -> None:
    names = sys.argv[1:] or list(SHOTS)
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        sys.exit(f"no such picture: {', '.join(unknown)} (there are: {', '.join(SHOTS)})")
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("Chromium is not installed")
    os.makedirs(IMAGES, exist_ok=True)
    flags = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
    with tempfile.TemporaryDirectory() as where, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=flags + ["--disable-sync", "--no-first-run"])
        for name in names:
            page_file, steps = SHOTS[name](where)
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            page.goto("file://" + os.path.join(where, page_file))
            page.wait_for_timeout(500)
            whole = ("whole", "") in steps
            for kind, value in steps:
                if kind == "whole":
                    continue
                if kind == "search":
                    page.fill("#search", value)
                else:
                    page.press("#search", value)
                page.wait_for_timeout(300)
            page.screenshot(path=os.path.join(IMAGES, name + ".png"), full_page=whole)
            page.close()
            print(f"wrote docs/images/{name}.png")
        browser.close()


if __name__ == "__main__":
    main()
