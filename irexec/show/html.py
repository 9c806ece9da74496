"""``irexec show MODEL --html FILE``: the graph as one self-contained page (irexec.view makes it),
with the linter's findings marked and, given a ``run --dump`` folder, each tensor's statistics and
histogram."""

from __future__ import annotations

import json
import os

import numpy as np

from ..graph import Graph
from ..view import graph_page

HIST_BINS = 24  # a dumped tensor's histogram's bins


def dump_stats(folder: str) -> dict:
    """(layer id, output index) -> statistics of the tensor a ``run --dump`` folder holds: shape,
    dtype, min, max, mean, std, NaN and inf counts, and a histogram of its finite values
    (``hist``: ``counts`` and bin ``edges``, as ``np.histogram`` gives them)."""
    with open(os.path.join(folder, "index.json"), encoding="utf-8") as f:
        index = json.load(f)
    stats = {}
    for t in index.get("tensors", []):
        name = os.path.basename(str(t.get("file", "")))
        try:
            arr = np.load(os.path.join(folder, name), mmap_mode="r", allow_pickle=False)
        except (OSError, ValueError):
            continue
        s = {"shape": list(arr.shape), "dtype": str(arr.dtype)}
        if arr.size and arr.dtype.kind in "biuf":
            a = np.asarray(arr, dtype=np.float64)
            finite = np.isfinite(a)
            nan = int(np.isnan(a).sum())
            s.update(
                min=float(np.min(a)),
                max=float(np.max(a)),
                mean=float(np.mean(a)),
                std=float(np.std(a)),
                nan=nan,
                inf=int((~finite).sum() - nan),
            )
            values = a[finite]
            if values.size:
                counts, edges = np.histogram(values, bins=HIST_BINS)
                s["hist"] = {"counts": counts.tolist(), "edges": edges.tolist()}
        stats[(str(t.get("id")), int(t.get("output", 0)))] = s
    return stats


def to_html(graph: Graph, findings: list, facts: dict, stats: dict | None = None) -> str:
    return graph_page(graph, facts, findings=findings, stats=stats)
