"""Runs a Graph: a plan built once (topological order, where each value comes from, when it
dies), then a walk that feeds Parameters, evaluates each layer and collects Results.

In-place execution: an op that declares ``inplace_input`` may write its output into that
input's buffer when (1) this layer is the value's last consumer, (2) no other live value or
collected output shares the buffer, and (3) the buffer is irexec's own: not a constant (those
are read-only maps of the weights) and not an array of the caller's that was not donated.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from .errors import ExecutionError, IRExecError
from .graph import Graph


@dataclass
class Step:
    layer: object
    sources: list        # per input: (layer id, output index)
    free_after: list     # value keys whose last consumer is this step


def root(arr: np.ndarray) -> np.ndarray:
    """The array that owns the memory ``arr`` views."""
    while isinstance(arr.base, np.ndarray):
        arr = arr.base
    return arr


class Plan:
    def __init__(self, graph: Graph):
        self.graph = graph
        self.order = order = graph.topological_order()
        self.parameters = [lid for lid in order if graph.layer(lid).type == "Parameter"]
        self.results = [lid for lid in order if graph.layer(lid).type == "Result"]
        # Constants are evaluated once, on the first run, and kept read-only: no step runs them.
        self.const_layers = [lid for lid in order if graph.layer(lid).type == "Const"]
        self._constants = None
        steps, last_use = [], {}
        for lid in order:
            layer = graph.layer(lid)
            if layer.type in ("Parameter", "Const"):
                continue
            feeds = graph.producers(lid)
            sources = [feeds[i] for i in range(len(layer.inputs))]
            for key in sources:
                last_use[key] = len(steps)
            steps.append(Step(layer, sources, []))
        for key, i in last_use.items():
            if graph.layer(key[0]).type != "Const":
                steps[i].free_after.append(key)
        self.steps = steps

    def constants(self) -> dict:
        if self._constants is None:
            consts = {}
            for lid in self.const_layers:
                layer = self.graph.layer(lid)
                (arr,) = _evaluate(layer, [], False, self.graph.path)
                arr.flags.writeable = False  # shared by every run: never a target for in-place
                consts[(lid, 0)] = arr
            self._constants = consts
        return self._constants

    def run(self, feeds: dict, foreign: frozenset = frozenset()) -> dict:
        """``feeds``: Parameter layer id -> array. ``foreign``: ids of the root arrays that must
        never be written (the caller's). Returns Result layer id -> array."""
        values, results = dict(self.constants()), {}
        holders = Counter()  # id(root buffer) -> live values and collected outputs viewing it

        def keep(store, key, arr):
            store[key] = arr
            holders[id(root(arr))] += 1

        for lid, arr in feeds.items():
            keep(values, (lid, 0), arr)
        for step in self.steps:
            layer = step.layer
            ins = [values[key] for key in step.sources]
            if layer.type == "Result":
                keep(results, layer.id, ins[0])
            else:
                inplace = self._may_overwrite(step, ins, holders, foreign)
                for i, out in enumerate(_evaluate(layer, ins, inplace, self.graph.path)):
                    keep(values, (layer.id, i), out)
            for key in step.free_after:
                holders[id(root(values.pop(key)))] -= 1
        return results

    @staticmethod
    def _may_overwrite(step, ins, holders, foreign) -> bool:
        k = step.layer.op.inplace_input
        if k is None or k >= len(ins):
            return False
        key = step.sources[k]
        if key not in step.free_after or step.sources.count(key) != 1:
            return False
        arr = ins[k]
        base = root(arr)
        return (id(base) not in foreign and holders[id(base)] == 1 and arr.flags.writeable
                and arr.flags.c_contiguous and arr.nbytes == base.nbytes)


def _evaluate(layer, ins: list, inplace: bool, path) -> list:
    try:
        outs = layer.op.eval_inplace(ins) if inplace else layer.op.eval(ins)
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
