"""OpenVINO's ``ProfilingInfo``: what a request says of each layer of its last inference, made from
irexec's profiler (irexec.run.profiling) when the compiled model's config asked for profiling."""

from __future__ import annotations

from datetime import timedelta
from enum import IntEnum

from ..run import profiling
from ..run.profiling import Profiler


class ProfilingInfo:
    """One layer of the last inference, as OpenVINO's ``ProfilingInfo``: ``node_name``,
    ``node_type``, ``exec_type`` (how it ran: "numpy_f32"; Parameters and Results "unknown_f32"),
    ``real_time`` and ``cpu_time`` (timedeltas: its evaluation time, when the compiled model's
    config asked for profiling, PERF_COUNT), ``status``."""

    class Status(IntEnum):
        NOT_RUN = 0
        OPTIMIZED_OUT = 1
        EXECUTED = 2

    NOT_RUN, OPTIMIZED_OUT, EXECUTED = Status.NOT_RUN, Status.OPTIMIZED_OUT, Status.EXECUTED
    __slots__ = ("node_name", "node_type", "exec_type", "real_time", "cpu_time", "status")

    def __init__(self, node_name: str, node_type: str, exec_type: str, time: timedelta, status: Status):
        self.node_name, self.node_type, self.exec_type = node_name, node_type, exec_type
        self.real_time = self.cpu_time = time
        self.status = status

    def __repr__(self) -> str:
        return "<ProfilingInfo>"


class ProfilingInfoList(list):
    """What ``get_profiling_info()`` returns: a list of ProfilingInfo, as OpenVINO's, that a notebook
    shows as tables (by op type, then the slowest layers)."""

    def _repr_html_(self) -> str:
        ran = [
            profiling.ProfilingInfo(i.node_name, i.node_type, "", i.real_time.total_seconds(), 1, (), 0)
            for i in self
            if i.status == ProfilingInfo.EXECUTED
        ]
        if not ran:
            return "<p>no layer ran with profiling (compile with PERF_COUNT, then infer)</p>"
        return profiling.profile_html(ran)


def profiled(profiler: Profiler, graph, inputs: list) -> list:
    """The ProfilingInfo entries of a profiled inference: the inputs' (not run), then each layer the
    profiler saw."""
    entries = [layer_info(graph.layer(i.layer_id), ProfilingInfo.NOT_RUN, 0.0) for i in inputs]
    for p in profiler.get_profiling_info():
        status = ProfilingInfo.NOT_RUN if p.node_type == "Result" else ProfilingInfo.EXECUTED
        etype = p.outputs[0][1] if p.outputs else None
        kind = "unknown" if p.node_type == "Result" else "numpy"
        time = 0.0 if p.node_type == "Result" else p.seconds
        entries.append(
            ProfilingInfo(p.node_name, p.node_type, f"{kind}_{etype or 'f32'}", timedelta(seconds=time), status)
        )
    return entries


def both(first, second):
    """An observer calling ``first`` then ``second``."""

    def observe(layer, outputs, seconds):
        first(layer, outputs, seconds)
        second(layer, outputs, seconds)

    return observe


def layer_info(layer, status, seconds: float) -> ProfilingInfo:
    port = layer.outputs[0] if layer.outputs else (layer.inputs[0] if layer.inputs else None)
    etype = port.etype.name if port is not None and port.etype is not None else "f32"
    kind = "unknown" if layer.type in ("Parameter", "Result") else "numpy"
    return ProfilingInfo(layer.path, layer.type, f"{kind}_{etype}", timedelta(seconds=seconds), status)
