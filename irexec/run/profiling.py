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

    def get_profiling_info(self) -> list:
        return [
            ProfilingInfo(
                layer.path, layer.type, layer.scope[1] + layer.id, statistics.median(times), len(times), outputs, size
            )
            for layer, times, outputs, size in self._layers.values()
        ]


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
