"""Running the bodies of If, Loop and TensorIterator: the context their ops compute with.

An op with bodies computes as ``compute(*arrays, context=)`` (irexec.ops.bodies.BodyContext); the
context's ``run(body, feeds)`` runs a body through the same walker as the top level: a Plan of the
body's own, built once and kept on the body (its constants folded once), after a sizing pass of
its own over the arrays fed, kept per input signature (a loop whose shapes hold still sizes its
body once). So a body layer is sized against the model's budget, guarded, and named by its path
(``loop/body/add``) and line in every error, as a top-level layer is. The executor hands its Plan
class in: this module sits beside it, not above it.
"""

from __future__ import annotations

import threading
from types import SimpleNamespace

import numpy as np

from ..errors import ExecutionError
from ..limits import default_max_tensor_bytes
from ..types import from_dtype
from .sizing import Sizing


def root(arr: np.ndarray) -> np.ndarray:
    """The array that owns the memory ``arr`` views (as the executor tells buffers apart)."""
    while isinstance(arr.base, np.ndarray):
        arr = arr.base
    return arr


class Bodies:
    """How a plan's ops with bodies are run: each run of the plan says its budget and observer
    (per thread), and each such step computes with a RunContext made of them."""

    def __init__(self, plan_class, evaluate):
        self._run = threading.local()
        self.plan_class, self._evaluate = plan_class, evaluate

    def begin(self, guard, observer) -> None:
        # (The sizing pass always leaves a guard for a model with bodies: it holds the model's budget.)
        budget = guard.sizing.budget if guard is not None else default_max_tensor_bytes()
        self._run.context = RunContext(budget, observer, self.plan_class)

    def evaluate(self, layer, ins: list, inplace: bool, path, wanted=None) -> list:
        return self._evaluate(layer, ins, False, path, context=self._run.context)


class RunContext:
    """The context an op with bodies computes with (irexec.ops.bodies.BodyContext): ``run`` runs
    one of its bodies on arrays, sized and guarded as the top level, within ``max_bytes``."""

    def __init__(self, max_bytes: int, observer, plan_class):
        self.max_bytes = max_bytes
        self.observer = observer
        self.plan_class = plan_class

    def run(self, body, feeds: dict) -> dict:
        plan, sizing = body_plan(body, self.max_bytes, self.plan_class)
        graph = body.graph
        for lid in plan.parameters:
            param, arr = graph.layer(lid), feeds.get(lid)
            where = dict(file=graph.path, **param.where())
            if arr is None:
                raise ExecutionError("nothing feeds the body's Parameter", **where)
            # (Its shape is the loop's to say: a back edge may bring another, as OpenVINO allows.)
            etype = param.op.element_type
            if arr.dtype != etype.dtype:
                raise ExecutionError(f"the Parameter declares {etype}, but is fed {from_dtype(arr.dtype)}", **where)
        guard, known = sizing.check_run(feeds)
        # The arrays fed are the owner's inputs, or another iteration's results: never written.
        foreign = frozenset(id(root(arr)) for arr in feeds.values())
        return plan.run(feeds, foreign, self.observer, guard, known)


def body_plan(body, max_bytes: int, plan_class) -> tuple:
    """The Plan of a body and its sizing for a budget, made once and kept on the body."""
    kept = body.plans
    if kept is None or kept[1].budget != max_bytes:
        plan = plan_class(body.graph)
        graph = body.graph
        inputs = [
            SimpleNamespace(layer_id=lid, element_type=graph.layer(lid).op.element_type) for lid in plan.parameters
        ]
        kept = body.plans = (plan, Sizing(graph, plan.order, inputs, max_bytes, plan.shape_only, False))
    return kept
