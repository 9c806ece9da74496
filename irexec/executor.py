"""Runs a Graph: a plan built once (topological order, where each value comes from, when it
dies), then a walk that feeds Parameters, evaluates each layer and collects Results."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import ExecutionError, IRExecError
from .graph import Graph


@dataclass
class Step:
    layer: object
    sources: list        # per input: (layer id, output index)
    free_after: list     # value keys whose last consumer is this step


class Plan:
    def __init__(self, graph: Graph):
        self.graph = graph
        order = graph.topological_order()
        self.parameters = [lid for lid in order if graph.layer(lid).type == "Parameter"]
        self.results = [lid for lid in order if graph.layer(lid).type == "Result"]
        steps, last_use = [], {}
        for lid in order:
            layer = graph.layer(lid)
            if layer.type == "Parameter":
                continue
            feeds = graph.producers(lid)
            sources = [feeds[i] for i in range(len(layer.inputs))]
            for key in sources:
                last_use[key] = len(steps)
            steps.append(Step(layer, sources, []))
        for key, i in last_use.items():
            steps[i].free_after.append(key)
        self.steps = steps

    def run(self, feeds: dict) -> dict:
        """``feeds``: Parameter layer id -> array. Returns Result layer id -> array."""
        values = {(lid, 0): arr for lid, arr in feeds.items()}
        results = {}
        for step in self.steps:
            layer = step.layer
            ins = [values[key] for key in step.sources]
            if layer.type == "Result":
                results[layer.id] = ins[0]
            else:
                outs = _evaluate(layer, ins, self.graph.path)
                for i, out in enumerate(outs):
                    values[(layer.id, i)] = out
            for key in step.free_after:
                del values[key]
        return results


def _evaluate(layer, ins: list, path) -> list:
    try:
        outs = layer.op.eval(ins)
    except IRExecError as e:
        if not isinstance(e, ExecutionError):
            # A rule the op checks both statically and on data: at run time it is an execution error.
            e = ExecutionError(e.message, port=e.port).with_traceback(e.__traceback__)
        raise e.located(file=path, **layer.where()) from None
    except MemoryError:
        raise ExecutionError("out of memory", file=path, **layer.where()) from None
    except Exception as e:  # NumPy's own complaints about shapes or types of the data
        raise ExecutionError(f"{type(e).__name__}: {e}", file=path, **layer.where()) from e
    if len(outs) != len(layer.outputs):
        raise ExecutionError(f"produced {len(outs)} outputs, the layer declares {len(layer.outputs)}",
                             file=path, **layer.where())
    return [np.asarray(o) for o in outs]
