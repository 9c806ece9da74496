"""Profiling a run: ``Profiler`` is an observer (irexec.run.executor) that collects OpenVINO-style
profiling info, a ``ProfilingInfo`` per executed layer."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

import numpy as np

from ..errors import IRExecError
from ..types import from_dtype


@dataclass(frozen=True)
class ProfilingInfo:
    """One executed layer: its name, type and id, its evaluation time in seconds (the median
    over the runs profiled), how many runs that is, its outputs' shapes and element types, and
    their size in bytes."""

    node_name: str
    node_type: str
    node_id: str
    seconds: float
    runs: int
    outputs: tuple  # ((shape tuple, element type name), ...); empty for a Result
    nbytes: int


class Profiler:
    """An observer that times each layer: pass it to ``Model.infer(..., observer=profiler)``
    (once or several times), then ``get_profiling_info()`` lists every executed layer in
    execution order, with its median time over the runs (outputs as first seen). It keeps no
    array alive."""

    def __init__(self):
        self._layers = {}  # layer id -> [layer, [seconds per run], outputs, nbytes]

    def __call__(self, layer, outputs: tuple, seconds: float) -> None:
        key = layer.scope[1] + layer.id  # (a body's layer ids repeat the top level's)
        entry = self._layers.get(key)
        if entry is None:
            described = tuple((o.shape, element_type_name(layer, i, o)) for i, o in enumerate(outputs))
            entry = self._layers[key] = [layer, [], described, sum(o.nbytes for o in outputs)]
        entry[1].append(seconds)

    def _repr_html_(self) -> str:
        return profile_html(self.get_profiling_info())

    def get_profiling_info(self) -> list:
        return [
            ProfilingInfo(
                layer.path, layer.type, layer.scope[1] + layer.id, statistics.median(times), len(times), outputs, size
            )
            for layer, times, outputs, size in self._layers.values()
        ]


def type_rows(infos: list) -> list:
    """benchmark_app's per-type summary: each op type's layer count, time and share of the total,
    slowest first (ties by name)."""
    total = sum(i.seconds for i in infos)
    by: dict = {}
    for i in infos:
        entry = by.setdefault(i.node_type, [0, 0.0])
        entry[0] += 1
        entry[1] += i.seconds
    return [
        {"type": t, "count": n, "time_ms": sec * 1e3, "share": sec / total if total > 0 else 0.0}
        for t, (n, sec) in sorted(by.items(), key=lambda kv: (-kv[1][1], kv[0]))
    ]


def profile_html(infos: list, limit: int = 20) -> str:
    """The profile as HTML tables, for a notebook: the summary by op type, then the ``limit``
    slowest layers (names from the model, escaped)."""
    from html import escape

    total = sum(i.seconds for i in infos)

    def table(head: tuple, rows: list) -> str:
        cells = "".join(f"<th>{escape(h)}</th>" for h in head)
        body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
        return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"

    types = [(t["type"], t["count"], f"{t['time_ms']:.3f}", f"{100 * t['share']:.1f}%") for t in type_rows(infos)]
    slowest = sorted(infos, key=lambda i: -i.seconds)[:limit]
    layers = [
        (
            i.node_name,
            i.node_type,
            f"{i.seconds * 1e3:.3f}",
            f"{100 * i.seconds / total:.1f}%" if total > 0 else "-",
            "; ".join(f"{et} {list(shape)}" for shape, et in i.outputs) or "-",
        )
        for i in slowest
    ]
    shown = (
        f"the {len(slowest)} slowest of {len(infos)} layers" if len(infos) > len(slowest) else f"{len(infos)} layers"
    )
    return (
        f"<div><b>{len(infos)} layers, {total * 1e3:.3f} ms</b> (each layer's median over its profiled runs)"
        + table(("type", "layers", "time ms", "share"), types)
        + f"<p>{escape(shown)}, slowest first</p>"
        + table(("layer", "type", "time ms", "share", "outputs"), layers)
        + "</div>"
    )


def element_type_name(layer, index: int, arr: np.ndarray) -> str:
    """The IR type of a layer's output: the port's, when it matches the array (u1 computes as
    uint8), else the one the array's dtype maps to."""
    port = layer.outputs[index] if index < len(layer.outputs) else None
    if port is not None and port.etype is not None and port.etype.dtype == arr.dtype:
        return port.etype.name
    try:
        return from_dtype(arr.dtype).name
    except IRExecError:
        return str(arr.dtype)
