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

Run-time bounds: a loop stops with an error past MAX_ITERATIONS iterations, and a concatenated
output is refused before its parts add up to more than the memory budget for one tensor.
"""
from __future__ import annotations

from typing import ClassVar, Optional, Protocol

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


# The most iterations a Loop or TensorIterator runs: past it irexec refuses the model (a trip count
# of -1 or 2**62 with a body that never says stop must not hang a run).
MAX_ITERATIONS = 1 << 14


class BodyOp(Op):
    """Base of the ops with bodies. ``body_names``: the bodies the op takes (the XML elements).
    The reader calls ``bind(layer)`` once the layer's bodies and port maps have been checked."""

    body_names: ClassVar[tuple] = ("body",)
    outputs = ()          # as many as the layer declares
    foldable = False      # values do not go through bodies by folding: only rules see them
    bodies: Optional[dict] = None

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

    def shape_infer(self, ins: list, context: Optional[BodyContext] = None) -> list:
        """The output facts, the bodies inferred through ``context``. Without one (the run-time
        guard) nothing is known of the outputs."""
        self.check_types(ins)
        if context is None or self.bodies is None:
            return [Fact(None, None) for _ in range(self.n_outputs)]
        return list(self.output_facts(*ins, context=context))

    def evaluate(self, arrays: list, out=None, wanted=None, context: Optional[BodyContext] = None) -> list:
        if context is None:
            raise ExecutionError(f"internal error: {self.type} was run without a context to run its bodies")
        return list(self.compute(*arrays, context=context))

    def run_body(self, context: BodyContext, body, arrays: list, extra: Optional[dict] = None) -> dict:
        """Run ``body`` on the op's inputs as its port map passes them whole (``extra``: what the
        caller feeds besides: slices, back edges, the iteration count)."""
        feeds = {e.internal_layer: arrays[self.input_index[e.external_port]]
                 for e in body.inputs if e.external_port is not None and e.axis is None}
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
            raise ValidationError(f"no Result of the {body.name} gives the {self.type}'s output port "
                                  f"{missing[0]} (its port map has no <output> for it)")
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
        raise ValidationError(f"the port map slices with part_size {e.part_size} and stride {e.stride}: "
                              f"part_size must be positive and stride not 0")
    if fact.shape is None:
        return Fact(fact.etype, None)
    axis = normalize_axis(e.axis, len(fact.shape), "the port map's axis")
    return Fact(fact.etype, fact.shape[:axis] + (fixed(e.part_size),) + fact.shape[axis + 1:])


def concatenated(fact: Fact, e, size) -> Fact:
    """An output concatenated along the port map's axis: ``size(d)`` along it, for the body
    Result's dim ``d`` there (None: unknown)."""
    if fact.shape is None:
        return Fact(fact.etype, None)
    axis = normalize_axis(e.axis, len(fact.shape), "the port map's axis")
    return Fact(fact.etype, fact.shape[:axis] + (size(fact.shape[axis]) or DYN,) + fact.shape[axis + 1:])


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


# How often a loop's body is inferred again while its back edges change their Parameters' shapes
# (each time some dim becomes dynamic); after that, they are taken as of unknown shape.
MAX_PASSES = 4


class IteratingOp(BodyOp):
    """Loop and TensorIterator: one body run again and again. Inputs are passed to the body
    whole (invariant), a part per iteration (sliced, ``axis`` set), or first whole and then from
    a body Result through a back edge (merged); outputs are a body Result's value at the last
    iteration, or its values concatenated along ``axis``."""

    def iterate(self, context: BodyContext, ins: list) -> dict:
        """The body's results, its merged Parameters fed what the back edges bring until the
        shapes settle."""
        body = self.bodies["body"]
        feeds = self.feeds(body, ins)
        targets = [b.to_layer for b in body.back_edges]
        twice = next((t for t in targets if targets.count(t) > 1), None)
        if twice is not None:
            raise ValidationError(f"two back edges go to the body's Parameter {body.graph.layer(twice).name!r}: "
                                  f"which one it takes is not said")
        back = [(b.to_layer, b.from_layer) for b in body.back_edges if b.to_layer in feeds]
        for to, _ in back:
            feeds[to] = Fact(feeds[to].etype, feeds[to].shape)  # its value changes each iteration
        graph = body.graph
        for _ in range(MAX_PASSES):
            results = context.infer(body, feeds)
            changed = False
            for to, src in back:
                what = (f"the back edge from {graph.layer(src).name!r} to {graph.layer(to).name!r} in the body "
                        f"changes the element type")
                new = merged(feeds[to], results[src], what)
                if new.shape != feeds[to].shape:
                    feeds[to], changed = new, True
            if not changed:
                return results
        for to, _ in back:
            feeds[to] = Fact(feeds[to].etype, None)
        return context.infer(body, feeds)

    def collect(self, body, results: dict, concat=None) -> list:
        # Which iteration is the last is not known here: values do not come out of a loop.
        return [Fact(f.etype, f.shape) for f in super().collect(body, results, concat)]

    def part_count(self, ins: list) -> Optional[int]:
        """The iterations a sliced input makes, as OpenVINO counts them (``count_parts``); None
        when no sliced input's length is known."""
        for e in self.bodies["body"].inputs:
            if e.axis is None or e.external_port is None:
                continue
            shape = ins[self.input_index[e.external_port]].shape
            if shape is None:
                continue
            d = shape[normalize_axis(e.axis, len(shape), "the port map's axis")]
            if not d.is_static:
                continue
            return count_parts(d.lo, e, f"the {self.type}'s input port {e.external_port}")
        return None


# ---- running a loop --------------------------------------------------------------------------------

def parts(arr: np.ndarray, e, what: str) -> list:
    """The parts of a sliced input, in the order the body takes them: ``part_size`` along the
    axis each, the first at ``start`` (negatives count from the end of the axis), each ``stride``
    after the one before (a negative stride walks backwards: a part then ends where the walk is),
    as many as whole parts fit from ``start`` to ``end``, both included. Views, not copies."""
    axis = normalize_axis(e.axis, arr.ndim, "the port map's axis")
    n = arr.shape[axis]
    start, end = (e.start + n if e.start < 0 else e.start), (e.end + n if e.end < 0 else e.end)
    count = count_parts(n, e, what)
    step = e.stride
    shift = 0 if step > 0 else e.part_size - 1
    # The parts' starts go one way: the first and the last bound them all. Checked before they are
    # listed, so a start or end far past the axis (2^31) is an error, not billions of parts.
    bounds = (start - shift, start + (count - 1) * step - shift)
    if count and (min(bounds) < 0 or max(bounds) + e.part_size > n or not 0 <= end < n):
        raise ValidationError(f"{what} slices axis {e.axis} of length {n} from {e.start} to {e.end} by "
                              f"{e.stride} in parts of {e.part_size} (port map line {e.line}): past the axis")
    index = [slice(None)] * arr.ndim
    out = []
    for first in (start + k * step - shift for k in range(count)):
        index[axis] = slice(first, first + e.part_size)
        out.append(arr[tuple(index)])
    return out


def count_parts(n: int, e, what: str) -> int:
    """How many parts a sliced input of ``n`` along its axis makes: from ``start`` to ``end``
    (negatives count from the end of the axis), both included, in parts of ``part_size``; a range
    that is not a whole number of parts is refused (OpenVINO's shape inference drops the rest, its
    CPU plugin refuses it)."""
    if e.part_size < 1 or e.stride == 0:
        raise ValidationError(f"{what} slices with part_size {e.part_size} and stride {e.stride}: "
                              f"part_size must be positive and stride not 0")
    start, end = (e.start + n if e.start < 0 else e.start), (e.end + n if e.end < 0 else e.end)
    length = abs(end - start) + 1
    if length % e.part_size:
        raise ValidationError(f"{what} slices {length} along axis {e.axis} (from {e.start} to {e.end}), which "
                              f"is not a whole number of parts of {e.part_size} (port map line {e.line})")
    return length // e.part_size


class Iterations:
    """One run of a loop's body again and again: what each iteration is fed (whole inputs, a part
    of each sliced input, back edges, the iteration number) and what the outputs gather."""

    def __init__(self, op: "IteratingOp", context: BodyContext, arrays: list):
        self.op, self.context, self.arrays = op, context, arrays
        body = self.body = op.bodies["body"]
        graph = body.graph
        self.whole = {e.internal_layer: arrays[op.input_index[e.external_port]]
                      for e in body.inputs if e.external_port is not None and e.axis is None}
        self.sliced = [(e.internal_layer, parts(arrays[op.input_index[e.external_port]], e,
                                               f"the {op.type}'s input port {e.external_port}"))
                       for e in body.inputs if e.external_port is not None and e.axis is not None]
        self.counter = [e.internal_layer for e in body.inputs if e.purpose == "current_iteration"]
        self.back = [(b.to_layer, b.from_layer) for b in body.back_edges]
        self.concat = [(op.output_ids.index(e.external_port), e) for e in body.outputs
                       if e.external_port is not None and e.axis is not None]
        self.gathered = {k: [] for k, _ in self.concat}
        self.gathered_bytes = 0
        self.results = None   # the last iteration's
        self.done = 0
        self.graph = graph

    def available(self):
        """How many iterations the sliced inputs allow (None: no sliced input)."""
        counts = {len(p) for _, p in self.sliced}
        if len(counts) > 1:
            raise ValidationError(f"the {self.op.type}'s sliced inputs make different numbers of parts: "
                                  f"{', '.join(str(len(p)) for _, p in self.sliced)}")
        return counts.pop() if counts else None

    def step(self) -> dict:
        """Run the next iteration; returns its results."""
        i, op = self.done, self.op
        if i >= MAX_ITERATIONS:
            raise ExecutionError(f"the {op.type} would run more than {MAX_ITERATIONS} iterations "
                                 f"(irexec's limit)")
        feeds = dict(self.whole)
        for lid, ps in self.sliced:
            if i >= len(ps):
                raise ExecutionError(f"the {op.type}'s iteration {i + 1} has no part of its sliced input left "
                                     f"(it makes {len(ps)} parts)")
            feeds[lid] = ps[i]
        for lid in self.counter:
            param = self.graph.layer(lid).op
            feeds[lid] = np.full(tuple(d.lo for d in param.shape or ()), i, param.element_type.dtype)
        if self.results is not None:
            for to, src in self.back:
                feeds[to] = self.results[src]
        results = self.context.run(self.body, feeds)
        for k, e in self.concat:
            part = np.asarray(results[e.internal_layer])
            self.gathered_bytes += part.nbytes
            if self.gathered_bytes > self.context.max_bytes:
                raise ExecutionError(f"output port {e.external_port}, concatenated over {i + 1} iterations, would "
                                     f"take more than the budget of {self.context.max_bytes} bytes for one tensor")
            self.gathered[k].append(part)
        self.results, self.done = results, i + 1
        return results

    def outputs(self) -> tuple:
        op, body = self.op, self.body
        if self.results is not None:
            outs = op.outputs_of(body, self.results)
        else:
            outs = [None] * op.n_outputs
            for e in body.outputs:
                if e.external_port is not None and e.axis is None:
                    outs[op.output_ids.index(e.external_port)] = self.never_run(e.internal_layer)
        for k, e in self.concat:
            outs[k] = self.joined(self.gathered[k], e)
        return tuple(outs)

    def never_run(self, result_id: str) -> np.ndarray:
        """A last-iteration output of a loop whose body never ran: what the back edge from that
        Result was first given (as OpenVINO gives it); zeros of the Result's declared shape when
        no back edge leaves it (unknown dims taken as 0, as the CPU plugin takes them)."""
        for to, src in self.back:
            if src == result_id and to in self.whole:
                return self.whole[to]
        return np.zeros(self.declared_shape(result_id), self.declared_dtype(result_id))

    def declared_shape(self, result_id: str) -> tuple:
        port = self.graph.layer(result_id).inputs[0]
        return () if port.shape is None else tuple(d.lo if d.is_static else 0 for d in port.shape)

    def declared_dtype(self, result_id: str):
        port = self.graph.layer(result_id).inputs[0]
        if port.etype is None:
            raise ExecutionError(f"the {self.op.type}'s body never ran, and its Result "
                                 f"{self.graph.layer(result_id).name!r} declares no element type to output")
        return port.etype.dtype

    def joined(self, gathered: list, e) -> np.ndarray:
        """A concatenated output: every iteration's part along the axis (backwards for a negative
        stride); a Result of rank 0 gives parts of shape [1]."""
        if not gathered:
            shape = self.declared_shape(e.internal_layer) or (1,)
            axis = normalize_axis(e.axis, len(shape), "the port map's axis")
            return np.zeros(shape[:axis] + (0,) + shape[axis + 1:], self.declared_dtype(e.internal_layer))
        gathered = [p.reshape(1) if p.ndim == 0 else p for p in gathered]
        axis = normalize_axis(e.axis, gathered[0].ndim, "the port map's axis")
        if e.stride < 0:
            gathered = gathered[::-1]
        shapes = {p.shape[:axis] + p.shape[axis + 1:] for p in gathered}
        if len(shapes) > 1:
            raise ExecutionError(f"the body's Result {self.graph.layer(e.internal_layer).name!r} changes shape "
                                 f"between iterations ({', '.join(str(list(p.shape)) for p in gathered[:3])}...): "
                                 f"output port {e.external_port} cannot concatenate it along axis {e.axis}")
        return np.concatenate(gathered, axis=axis)
