"""Ops with bodies (If, Loop, TensorIterator): what they share.

A body is a graph of its own (an ``irexec.graph.Body``: the graph, its port map and back edges).
An op never walks it itself: its rule is handed a ``BodyContext``, which infers a body exactly
as the walker infers the top level (and, for the linter, checks it there, reporting each problem
under the layer's path, ``loop/body/add``). So the ops stay below the walkers.

The rule of an op with bodies is ``output_facts(self, *ins, context)``: the input facts, and the
context. Outputs are as many as the layer declares; the port map says which body Result each
comes from. Its compute is ``compute(self, *arrays, context)``: the executor hands it a context
whose ``run(body, feeds)`` runs a body through the same walker as the top level (a plan built once
per body, its constants folded once, every body layer sized and guarded as a top-level one and
named by its path). Ops without bodies are called as ever: the hook costs them nothing.

Run-time bounds (irexec.ops.iterating): a loop stops with an error past MAX_ITERATIONS
iterations, and a concatenated output is refused before its parts add up to more than the memory
budget for one tensor.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

import numpy as np

from ..errors import ExecutionError, ValidationError
from ..shapes import DYN, Dim, fixed, fmt, normalize_axis
from .op import Fact, Op


class BodyContext(Protocol):
    """How an op has its bodies inferred, or run, by the walker that is walking it (the shape
    walkers give ``infer``, the executor ``run`` and ``max_bytes``)."""

    max_bytes: int  # the memory budget for one tensor

    def infer(self, body, feeds: dict) -> dict:
        """The facts of the body's Results (Result layer id -> the Fact of what it takes) when
        its Parameters are fed ``feeds`` (Parameter layer id -> Fact; one not fed takes what it
        declares). The linter's context reports what it finds inside; inferring the same body
        again for the same layer replaces what the earlier pass found."""

    def run(self, body, feeds: dict) -> dict:
        """The arrays of the body's Results (Result layer id -> array) for arrays fed to its
        Parameters (Parameter layer id -> array; each must be fed)."""


class BodyOp(Op):
    """Base of the ops with bodies. ``body_names``: the bodies the op takes (the XML elements).
    The reader calls ``bind(layer)`` once the layer's bodies and port maps have been checked."""

    body_names: ClassVar[tuple] = ("body",)
    outputs = ()  # as many as the layer declares
    foldable = False  # values do not go through bodies by folding: only rules see them
    bodies: dict | None = None

    def bind(self, layer) -> None:
        """Keep the layer's bodies (name -> Body) and how its port ids map to input and output
        indices (port maps name ports by id)."""
        self.bodies = layer.bodies
        self.input_index = {p.id: i for i, p in enumerate(layer.inputs)}
        self.output_ids = [p.id for p in layer.outputs]

    @property
    def n_outputs(self) -> int:
        return len(self.output_ids) if self.bodies is not None else 0

    def check_types(self, ins: list) -> None:
        # The inputs the port map passes to the bodies are typed by the Parameters they feed
        # (the walker holds each against its declaration); only the op's own are checked here.
        fixed_count = sum(1 for i in self.inputs if not i.variadic)
        super().check_types(ins[:fixed_count])

    def shape_infer(self, ins: list, context: BodyContext | None = None) -> list:
        """The output facts, the bodies inferred through ``context``. Without one (the run-time
        guard) nothing is known of the outputs."""
        self.check_types(ins)
        if context is None or self.bodies is None:
            return [Fact(None, None) for _ in range(self.n_outputs)]
        return list(self.output_facts(*ins, context=context))

    def evaluate(self, arrays: list, out=None, wanted=None, context: BodyContext | None = None) -> list:
        if context is None:
            raise ExecutionError(f"internal error: {self.type} was run without a context to run its bodies")
        return list(self.compute(*arrays, context=context))

    def run_body(self, context: BodyContext, body, arrays: list, extra: dict | None = None) -> dict:
        """Run ``body`` on the op's inputs as its port map passes them whole (``extra``: what the
        caller feeds besides: slices, back edges, the iteration count)."""
        feeds = {
            e.internal_layer: arrays[self.input_index[e.external_port]]
            for e in body.inputs
            if e.external_port is not None and e.axis is None
        }
        if extra:
            feeds.update(extra)
        return context.run(body, feeds)

    def outputs_of(self, body, results: dict) -> list:
        """The op's outputs taken from a body's results at the last run (not the concatenated)."""
        outs = [None] * self.n_outputs
        for e in body.outputs:
            if e.external_port is not None and e.axis is None:
                outs[self.output_ids.index(e.external_port)] = results[e.internal_layer]
        return outs

    # ---- helpers for the rules ----

    def feeds(self, body, ins: list) -> dict:
        """What the port map passes from the op's inputs to the body's Parameters (a sliced
        input: one part of it)."""
        out = {}
        for e in body.inputs:
            if e.external_port is not None:
                fact = ins[self.input_index[e.external_port]]
                out[e.internal_layer] = sliced(fact, e) if e.axis is not None else fact
        return out

    def collect(self, body, results: dict, concat=None) -> list:
        """The op's outputs from the body's results, by the port map; ``concat(fact, entry)``
        makes an output concatenated along an axis."""
        outs = [None] * self.n_outputs
        for e in body.outputs:
            if e.external_port is None:
                continue
            fact = results[e.internal_layer]
            if e.axis is not None and concat is not None:
                fact = concat(fact, e)
            outs[self.output_ids.index(e.external_port)] = fact
        missing = [pid for pid, f in zip(self.output_ids, outs) if f is None]
        if missing:
            raise ValidationError(
                f"no Result of the {body.name} gives the {self.type}'s output port "
                f"{missing[0]} (its port map has no <output> for it)"
            )
        return outs


def known_scalar(fact: Fact, what: str, port: int):
    """The one value of a scalar or 1-element input, when known; refuses another shape."""
    if fact.shape is not None and (len(fact.shape) > 1 or any(d.lo > 1 for d in fact.shape)):
        raise ValidationError(f"{what} must be a scalar or a 1-element tensor, got {fmt(fact.shape)}", port=port)
    if fact.value is None or np.size(fact.value) != 1:
        return None
    return np.asarray(fact.value).reshape(()).item()


def sliced(fact: Fact, e) -> Fact:
    """The part of a sliced input the body sees at each iteration: ``part_size`` along the axis."""
    if e.part_size < 1 or e.stride == 0:
        raise ValidationError(
            f"the port map slices with part_size {e.part_size} and stride {e.stride}: "
            f"part_size must be positive and stride not 0"
        )
    if fact.shape is None:
        return Fact(fact.etype, None)
    axis = normalize_axis(e.axis, len(fact.shape), "the port map's axis")
    return Fact(fact.etype, fact.shape[:axis] + (fixed(e.part_size),) + fact.shape[axis + 1 :])


def concatenated(fact: Fact, e, size) -> Fact:
    """An output concatenated along the port map's axis: ``size(d)`` along it, for the body
    Result's dim ``d`` there (None: unknown)."""
    if fact.shape is None:
        return Fact(fact.etype, None)
    axis = normalize_axis(e.axis, len(fact.shape), "the port map's axis")
    return Fact(fact.etype, fact.shape[:axis] + (size(fact.shape[axis]) or DYN,) + fact.shape[axis + 1 :])


def times(n: int, d: Dim) -> Dim:
    return Dim(n * d.lo, None if d.hi is None else n * d.hi)


def same_type(a: Fact, b: Fact, what: str):
    if a.etype is not None and b.etype is not None and a.etype.name != b.etype.name:
        raise ValidationError(f"{what}: {a.etype} and {b.etype}")
    return a.etype or b.etype


def merged(a: Fact, b: Fact, what: str) -> Fact:
    """What either of two tensors may be (an If's output from its two bodies; a loop Parameter
    that takes ``a`` first and ``b`` through a back edge after): dims that differ are dynamic,
    the rank is unknown when the ranks differ (as OpenVINO merges them), the value unknown.
    ``what``: the message when their element types differ."""
    etype = same_type(a, b, what)
    if a.shape is None or b.shape is None or len(a.shape) != len(b.shape):
        return Fact(etype, None)
    return Fact(etype, tuple(x if x == y else DYN for x, y in zip(a.shape, b.shape)))
