"""Runs a Graph: a plan built once (topological order, where each value comes from, when it
dies), then a walk that feeds Parameters, evaluates each layer and collects Results.

Observing a run: ``Plan.run(..., observer=f)`` calls ``f(layer, outputs, seconds)`` after each
executed layer, in execution order, with the arrays it just produced (read-only views; none for
a Result) and the seconds its evaluation took. The outputs are seen the moment they exist: a
later layer may reuse their buffer (a scatter in place), so an observer that keeps values must
copy or write them out before it returns. Without an observer the walk pays one ``None`` check a
layer. ``Profiler`` (irexec.run.profiling) is an observer that collects OpenVINO-style profiling info. Layers computed
from constants alone (see FOLD_BYTES) are computed once, on the first run: an observer sees them
first in each run, with the seconds of the run that computed them (0 after). A compressed weight's
decompression chain (irexec.run.decompression) is computed as one step, in f32 as the plugin does,
once while within its budget: an observer sees its layers where the walk reaches its last one,
each with its value in its declared type, the others before it with 0 seconds.

Bodies (If, Loop, TensorIterator): an op with bodies computes as ``compute(*arrays, context=)``,
the context running each body by a Plan of its own (irexec.run.body_runs). Only such steps evaluate
through it (``Step.evaluate``): other layers pay nothing for it. An observer sees the body layers
too, each time they run, before the layer that owns the body (``layer.path`` names them,
``layer.scope`` tells them from the top level's); the Profiler lists them by their path, each with
its median over every iteration of every run.

In-place execution: an op that declares ``inplace_input`` may write its output into that
input's buffer when (1) this layer is the value's last consumer, (2) no other live value or
collected output shares the buffer, and (3) the buffer is irexec's own: not a constant (those
are read-only maps of the weights) and not an array of the caller's that was not donated.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from time import perf_counter

import numpy as np

from ..check.shape_inference import nbytes
from ..errors import ExecutionError, IRExecError
from ..graph import Graph, Layer
from ..ops.bodies import BodyOp
from ..ops.op import Fact
from .body_runs import Bodies
from .decompression import Decompressions, budget, find_chains
from .sizing import shape_only_layers


@dataclass
class Step:
    layer: Layer  # (its op built: a graph is planned once it is read; hence the ignores on .op)
    sources: list  # per input: (layer id, output index)
    free_after: list  # value keys whose last consumer is this step
    wanted: tuple | None = None  # per output, whether a later step reads it (for ops with partial_outputs)
    is_result: bool = False
    out_keys: tuple = ()  # (layer id, output index) of each output
    inplace_k: int | None = None  # the input the op may overwrite: its inplace_input, when this step is
    # that value's last use and reads it once
    evaluate: Callable | None = None  # None: _evaluate; an op with bodies or a stateful op: through its context
    compute: Callable | None = None  # the op's compute, for a step that calls it as it is: one output, not in
    # place, every output wanted, no context (most steps of a model)


def root(arr: np.ndarray) -> np.ndarray:
    """The array that owns the memory ``arr`` views."""
    while isinstance(arr.base, np.ndarray):
        arr = arr.base
    return arr


# Layers computed from constants alone (an f16 weight's Convert; compressed weights in f16 are
# decompression chains, with a budget of their own) are computed once, on the first run, as the
# plugin does when it compiles, while their declared outputs add up to at most this; past it they
# run each time, so that a large model does not hold them all.
FOLD_BYTES = 32 << 20


# Plain steps call their op's compute straight from the walk; off, every step goes through
# _evaluate (which tests watch to see what a run evaluates).
DIRECT_CALLS = True


class Plan:
    def __init__(self, graph: Graph):
        self.graph = graph
        self.order = order = graph.topological_order()
        self.parameters = [lid for lid in order if graph.layer(lid).type == "Parameter"]
        self.results = [lid for lid in order if graph.layer(lid).type == "Result"]
        # Constants are evaluated once, on the first run, and kept read-only: no step runs them.
        self.const_layers = [lid for lid in order if graph.layer(lid).type == "Const"]
        # Decompression chains: one step each, at the place of their last layer (the others skipped).
        chains = find_chains(graph, order)
        ends = {c.end: c for c in chains}
        inner = {lid for c in chains for lid in c.layers} - ends.keys()
        self.decompressions = Decompressions(graph, chains, budget()) if chains else None
        self.folded = self._foldable(graph, order, set(self.const_layers), inner | ends.keys())
        self.shape_only = shape_only_layers(graph, order, set(self.const_layers) | set(self.folded))
        self._constants: dict | None = None
        self._fold_seconds: dict = {}
        steps: list[Step]
        steps, last_use = [], {}
        fixed = set(self.const_layers) | set(self.folded)
        for lid in order:
            layer = graph.layer(lid)
            if layer.type == "Parameter" or lid in fixed or lid in inner:
                continue
            feeds = graph.producers(lid)
            sources = list(ends[lid].consts) if lid in ends else [feeds[i] for i in range(len(layer.inputs))]
            for key in sources:
                last_use[key] = len(steps)
            steps.append(Step(layer, sources, []))
        for key, i in last_use.items():
            if key[0] not in fixed:
                steps[i].free_after.append(key)
        for step in steps:
            layer, k = step.layer, step.layer.op.inplace_input  # type: ignore[union-attr]
            if layer.op.partial_outputs:  # type: ignore[union-attr]
                step.wanted = tuple((layer.id, i) in last_use for i in range(len(layer.outputs)))
            step.is_result = layer.type == "Result"
            step.out_keys = tuple((layer.id, i) for i in range(len(layer.outputs)))
            if (
                k is not None
                and k < len(step.sources)
                and step.sources[k] in step.free_after
                and step.sources.count(step.sources[k]) == 1
            ):
                step.inplace_k = k
        self.steps = steps
        # Ops with bodies compute through a context that holds what the run is (its budget and
        # observer): their steps evaluate through it.
        self.bodies = Bodies(Plan, _evaluate) if any(isinstance(step.layer.op, BodyOp) for step in steps) else None
        for step in steps:
            if isinstance(step.layer.op, BodyOp):
                step.evaluate, step.inplace_k = self.bodies.evaluate, None  # type: ignore[union-attr]  # (made above)
        # Stateful ops (ReadValue, Assign) compute with the run's variables (``run(state=)``): their
        # steps evaluate through ``self.variables``, as ops with bodies through ``self.bodies``.
        self.variables = Variables() if any(s.layer.op.stateful for s in steps) else None  # type: ignore[union-attr]
        for step in steps:
            if step.layer.op.stateful:  # type: ignore[union-attr]
                step.evaluate = self.variables.evaluate  # type: ignore[union-attr]  # (made above)
            elif step.layer.id in ends:
                step.evaluate = self.decompressions.evaluate  # type: ignore[union-attr]  # (made above)
        for step in steps:
            if (
                step.evaluate is None
                and step.inplace_k is None
                and step.wanted is None
                and len(step.out_keys) == 1
                and not step.is_result
            ):
                step.compute = step.layer.op.compute  # type: ignore[union-attr]
        # Who views which buffer matters only to a step that may write in place: without one, a
        # run keeps no count.
        self.counts_views = any(step.inplace_k is not None for step in steps)

    @staticmethod
    def _foldable(graph: Graph, order: list, fixed: set, chained: set) -> list:
        """The layers computed from constants alone whose declared outputs are static and fit
        FOLD_BYTES together, in order (not those of decompression chains: ``chained``)."""
        folded, room = [], FOLD_BYTES
        for lid in order:
            layer = graph.layer(lid)
            if lid in fixed or lid in chained or not layer.op.foldable or layer.type == "Result":  # type: ignore[union-attr]
                continue
            feeds = graph.producers(lid)
            if len(feeds) != len(layer.inputs) or any(src not in fixed for src, _ in feeds.values()):
                continue
            sizes = [nbytes(Fact(p.etype, p.shape)) for p in layer.outputs]
            if any(n is None for n in sizes) or sum(sizes) > room:  # type: ignore[arg-type]  # (no None past any())
                continue
            room -= sum(sizes)  # type: ignore[arg-type]
            folded.append(lid)
            fixed.add(lid)
        return folded

    def constants(self, guard=None) -> dict:
        """Const layers' values, and the folded layers' (their first run goes through ``guard``,
        as a step's would)."""
        if self._constants is None:
            consts = {}
            for lid in self.const_layers:
                layer = self.graph.layer(lid)
                (arr,) = _evaluate(layer, [], False, self.graph.path)
                arr.flags.writeable = False  # shared by every run: never a target for in-place
                consts[(lid, 0)] = arr
            seconds = {}
            for lid in self.folded:
                layer = self.graph.layer(lid)
                feeds = self.graph.producers(lid)
                ins = [consts[feeds[i]] for i in range(len(layer.inputs))]
                if guard is not None:
                    guard(layer, ins)
                start = perf_counter()
                for k, arr in enumerate(_evaluate(layer, ins, False, self.graph.path)):
                    arr.flags.writeable = False
                    consts[(lid, k)] = arr
                seconds[lid] = perf_counter() - start
            self._constants = consts
            self._fold_seconds = seconds
        return self._constants

    def _notify_folded(self, observer) -> None:
        seconds, self._fold_seconds = self._fold_seconds, {}
        for lid in self.folded:
            layer = self.graph.layer(lid)
            outs = [self._constants[(lid, k)] for k in range(len(layer.outputs))]  # type: ignore[index]  # (made first)
            _notify(observer, layer, outs, seconds.get(lid, 0.0))

    def run(
        self, feeds: dict, foreign: frozenset = frozenset(), observer=None, guard=None, known=None, state=None
    ) -> dict:
        """``feeds``: Parameter layer id -> array. ``foreign``: ids of the root arrays that must
        never be written (the caller's). ``observer``: see the module docstring. ``guard``: called
        as ``guard(layer, inputs)`` before each layer computes (irexec.run.sizing). ``known``: values
        of shape-only layers the sizing pass computed for these inputs' shapes, taken instead of
        computing them (unless an observer watches). ``state``: the variables of the request the run
        is for (irexec.api.request), which ReadValue reads and Assign writes (None: none yet, and
        nothing kept). Returns Result layer id -> array."""
        # Ops compute as the plugin does where IEEE or C says what happens (x/0 is inf, integer
        # overflow wraps): NumPy's warnings about it are off for the whole walk, not set per layer.
        with np.errstate(all="ignore"):
            if self.variables is not None:
                self.variables.begin(state)
            if self.decompressions is not None:
                self.decompressions.begin(observer)
            return self._run(feeds, foreign, observer, guard, known)

    def _run(self, feeds, foreign, observer, guard, known) -> dict:
        if observer is not None:
            known = None
        if self.bodies is not None:
            self.bodies.begin(guard, observer)
        values, results = dict(self.constants(guard)), {}
        if observer is not None:
            self._notify_folded(observer)
        holders: Counter[int] = Counter()  # id(root buffer) -> live values and collected outputs viewing it
        counting = self.counts_views
        path = self.graph.path
        # (An observer times each step as _evaluate runs it; counting views is for in-place steps.)
        direct = DIRECT_CALLS and observer is None and not counting
        for lid, arr in feeds.items():
            values[(lid, 0)] = arr
            if counting:
                holders[id(root(arr))] += 1
        for step in self.steps:
            layer = step.layer
            if direct and step.compute is not None:
                # The common step, without _evaluate's generality: a small layer costs microseconds.
                outs = known.get(layer.id) if known else None
                if outs is None:
                    ins = [values[key] for key in step.sources]
                    if guard is not None:
                        guard(layer, ins)
                    try:
                        out = step.compute(*ins)
                    except Exception as e:
                        _fail(layer, e, path)
                    if type(out) is not np.ndarray:
                        out = _one_output(layer, out, path)
                    values[step.out_keys[0]] = out
                else:  # (read-only values of the signature)
                    values[step.out_keys[0]] = outs[0]
                for key in step.free_after:
                    values.pop(key)
                continue
            ins = [values[key] for key in step.sources]
            if observer is not None:
                start = perf_counter()
            if step.is_result:
                results[layer.id] = ins[0]
                if counting:
                    holders[id(root(ins[0]))] += 1
                outs = ()
            else:
                outs = known.get(layer.id) if known else None
                if outs is None:  # (else read-only values of the signature: never written in place)
                    if guard is not None:
                        guard(layer, ins)
                    inplace = step.inplace_k is not None and self._may_overwrite(step, ins, holders, foreign)
                    # (An observer sees every output: nothing is left out for it.)
                    special = step.evaluate
                    outs = (_evaluate if special is None else special)(
                        layer, ins, inplace, path, None if observer else step.wanted
                    )
                for key, out in zip(step.out_keys, outs):
                    values[key] = out
                    if counting:
                        holders[id(root(out))] += 1
            if observer is not None:
                _notify(observer, layer, outs, perf_counter() - start)
            for key in step.free_after:
                gone = values.pop(key)
                if counting:
                    holders[id(root(gone))] -= 1
        return results

    @staticmethod
    def _may_overwrite(step, ins, holders, foreign) -> bool:
        """Whether the op may write into its input ``step.inplace_k`` (this step is that value's
        last use and reads it once): when it is irexec's own buffer that nothing else views."""
        if step.inplace_k is None:
            return False
        arr = ins[step.inplace_k]
        base = root(arr)
        return (
            id(base) not in foreign
            and holders[id(base)] == 1
            and arr.flags.writeable
            and arr.flags.c_contiguous
            and arr.nbytes == base.nbytes
        )


class LazyPlan:
    """A model's Plan, made when first asked for (when it is compiled or first run, as OpenVINO
    compiles a model it has read). An object of its own, not a method of the model, so that the
    model's sizing can ask it for the shape-only layers without holding the model (a cycle, which
    keeps a model let go alive until the collector runs)."""

    __slots__ = ("graph", "plan")

    def __init__(self, graph: Graph):
        self.graph = graph
        self.plan: Plan | None = None

    def get(self) -> Plan:
        if self.plan is None:
            self.plan = Plan(self.graph)
        return self.plan

    def shape_only(self) -> frozenset:
        return self.get().shape_only


def _evaluate(layer, ins: list, inplace: bool, path, wanted=None, context=None) -> list:
    try:
        if context is not None:
            outs = layer.op.evaluate(ins, context=context)
        elif inplace:
            outs = layer.op.evaluate(ins, out=ins[layer.op.inplace_input])
        else:
            outs = layer.op.evaluate(ins) if wanted is None else layer.op.evaluate(ins, wanted=wanted)
    except Exception as e:
        _fail(layer, e, path)
    if len(outs) != len(layer.outputs):
        raise ExecutionError(
            f"produced {len(outs)} outputs, the layer declares {len(layer.outputs)}", file=path, **layer.where()
        )
    return [np.asarray(o) for o in outs]


def _one_output(layer, out, path) -> np.ndarray:
    """A single-output step's compute result as an array (a tuple of one, as Op.evaluate reads it)."""
    if isinstance(out, tuple) or (isinstance(out, list) and layer.op.num_outputs != 1):
        if len(out) != 1:
            raise ExecutionError(f"produced {len(out)} outputs, the layer declares 1", file=path, **layer.where())
        (out,) = out
    return np.asarray(out)


def _fail(layer, e: Exception, path):
    """Raise the error a layer's compute raised as the run reports it (NumPy's own as the cause,
    for --debug)."""
    if isinstance(e, IRExecError):
        if not isinstance(e, ExecutionError):
            # A rule the op checks both statically and on data: at run time it is an execution error.
            e = ExecutionError(e.message, port=e.port).with_traceback(e.__traceback__)
        raise layer.named_port(e).located(file=path, **layer.where()) from None
    if isinstance(e, MemoryError):
        raise ExecutionError("out of memory", file=path, **layer.where()) from None
    raise ExecutionError(f"{type(e).__name__}: {e}", file=path, **layer.where()) from e


class Variables:
    """How a plan's stateful ops are run: each run says the variables it reads and writes (per
    thread), and each such step passes them to its op as the ``context``."""

    def __init__(self):
        self._run = threading.local()

    def begin(self, state) -> None:
        self._run.state = state

    def evaluate(self, layer, ins: list, inplace: bool, path, wanted=None) -> list:
        return _evaluate(layer, ins, False, path, context=self._run.state)


def _notify(observer, layer, outs: list | tuple, seconds: float) -> None:
    views = []
    for out in outs:
        # A read-only view: an observer's slip cannot change what later layers read.
        view = out.view()
        view.flags.writeable = False
        views.append(view)
    observer(layer, tuple(views), seconds)
