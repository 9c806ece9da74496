"""Shape inference: each op's rule walked over a whole graph, with constant folding.

Facts carry partial shapes, element types and, for small tensors, values (so shape-computing
subgraphs give exact shapes). Given the facts of the actual inputs, the pass sizes every
intermediate before anything runs; given the declared ones, it checks a model without data.

One walker (``walk``) serves every pass over a graph, the top level and bodies alike: what it
does at each layer is the pass's ``step``. The sizing pass's step is here (``Inferrer``), the
linter's in irexec.check.graph_checks; ``BodyWalk`` is the context through which an op with bodies (If, Loop,
TensorIterator) has them walked by the same pass that is walking it (the executor's context,
irexec.run.body_runs, runs them).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

import numpy as np

from ..errors import IRExecError, ValidationError
from ..graph import Graph, Port, gc_paused
from ..ops.bodies import BodyOp
from ..ops.op import FOLD_LIMIT, Fact
from ..shapes import fits, fmt, is_static, static, to_ints
from ..symbolic import RANGE, Sym, Undecidable, has_sym
from ..types import from_dtype


def fact_of(arr: np.ndarray, etype=None) -> Fact:
    """What shape inference may know of an actual input: all of it, and the values when small."""
    value = arr if arr.size <= FOLD_LIMIT else None
    return Fact(etype or from_dtype(arr.dtype), static(arr.shape), value)


def declared(port: Port) -> Fact:
    return Fact(port.etype, port.shape)


def layer_facts(op, ins: list, context=None) -> list:
    """An op's output facts for its input facts: its rule, then, when every input's value is
    known and the outputs are small, the values themselves (constant folding). ``context``: how
    an op with bodies has them inferred (see ``BodyWalk``)."""
    outs = op.shape_infer(ins, context) if context is not None else op.shape_infer(ins)
    if not op.foldable or not all(f.value is not None for f in ins):
        return outs
    if RANGE.active and any(has_sym(f.shape) for f in outs):
        return outs  # (an output as long as a symbolic length: its value is not one array)
    # Only outputs the rule sizes, and small: the rule's shapes say all a larger one would, and
    # nothing is computed here whose size the rule has not vouched for.
    if any(not is_static(f.shape) or _count(f.shape) > FOLD_LIMIT or not representable(f) for f in outs):
        return outs
    if RANGE.active:
        return _fold_symbolic(op, ins, outs)
    with np.errstate(all="ignore"):  # (as the executor runs ops)
        arrays = op.evaluate([f.value for f in ins])
    if len(arrays) != len(outs) or any(
        not fits(f.shape, np.shape(a)) or (f.etype is not None and np.asarray(a).dtype != f.etype.dtype)
        for f, a in zip(outs, arrays)
    ):
        got = ", ".join(f"{list(np.shape(a))} {np.asarray(a).dtype}" for a in arrays)
        raise RuntimeError(
            f"internal error: {op.type}'s shape rule says "
            f"{', '.join(f'{fmt(f.shape)} {f.etype}' for f in outs)}, its compute gave {got}"
        )
    return [Fact(f.etype, f.shape, np.asarray(a)) for f, a in zip(outs, arrays)]


def _fold_symbolic(op, ins: list, outs: list) -> list:
    """Folding in a symbolic pass (irexec.symbolic): values hold Syms (object arrays), each an
    exact integer for every length the pass's decisions allow. What needs a Sym's int (an output
    as long as the length, a cast) leaves the value unknown, which is always allowed. ``outs``:
    the rule's, small and static (layer_facts checks)."""
    try:
        arrays = [np.asarray(a) for a in op.evaluate([f.value for f in ins])]
    except Undecidable:
        return outs
    folded = []
    for f, a in zip(outs, arrays):
        if len(arrays) != len(outs) or f.etype is None or not fits(f.shape, a.shape):
            return outs
        if a.dtype == object:
            if f.etype.dtype.kind not in "iu":
                return outs
            info = np.iinfo(f.etype.dtype)
            for v in a.flat:  # (a value out of the type's range would have wrapped: not kept)
                if not (isinstance(v, (int, np.integer, Sym)) and info.min <= v <= info.max):
                    return outs
            if not has_sym(a):
                a = a.astype(f.etype.dtype)
        elif a.dtype != f.etype.dtype:
            return outs
        folded.append(Fact(f.etype, f.shape, a))
    return folded


def representable(fact: Fact) -> bool:
    """Whether a NumPy array can have the fact's static shape: NumPy counts the dims that are not
    0 even of an empty array, so [0, 2^62] has no array (a rule may accept it: it has no element)."""
    n = fact.etype.dtype.itemsize if fact.etype is not None else 1
    for d in to_ints(fact.shape):
        n *= d or 1
    return n <= _MAX_ARRAY_BYTES


_MAX_ARRAY_BYTES = int(np.iinfo(np.intp).max)


def _count(shape) -> int:
    n = 1
    for d in to_ints(shape):
        n *= d
    return n


# ---- the walker --------------------------------------------------------------------------------------


def walk(graph: Graph, order: list, step: Callable) -> dict:
    """Facts for every (layer id, output index) of ``graph``: ``step(layer, ins, feeds)`` for each
    layer in ``order``, with the facts of what feeds its inputs (None for an input nothing feeds)
    and where they come from (``Graph.producers``)."""
    facts: dict = {}
    layers = graph.layers
    for lid in order:
        layer = layers[lid]
        feeds = graph.producers(lid)
        ins = [facts[feeds[i]] if i in feeds else None for i in range(len(layer.inputs))]
        for i, fact in enumerate(step(layer, ins, feeds)):
            facts[(lid, i)] = fact
    return facts


def result_facts(graph: Graph, facts: dict) -> dict:
    """A body's outputs: Result layer id -> the fact of what it takes (what its port declares,
    when nothing is known of that)."""
    out = {}
    for lid, layer in graph.layers.items():
        if layer.type == "Result":
            src = graph.producers(lid).get(0)
            out[lid] = facts[src] if src in facts else (declared(layer.inputs[0]) if layer.inputs else Fact(None, None))
    return out


class BodyWalk:
    """The BodyContext an op with bodies is given: each body is walked by ``walk``, with the step
    ``make_step(body, feeds)`` of the pass that is walking the op."""

    def __init__(self, make_step: Callable):
        self.make_step = make_step

    def infer(self, body, feeds: dict) -> dict:
        graph = body.graph
        step = self.make_step(body, feeds)
        try:
            order = graph.topological_order()
        except IRExecError:
            return result_facts(graph, {})  # the reader has reported the cycle
        return result_facts(graph, walk(graph, order, step))


def context_for(op, make_step: Callable):
    """The BodyContext for ``op`` (None for an op without bodies)."""
    return BodyWalk(make_step) if isinstance(op, BodyOp) else None


# ---- the sizing pass ---------------------------------------------------------------------------------


def infer_shapes(graph: Graph, order: list, inputs: dict | None = None, previous: dict | None = None) -> dict:
    """Facts for every (layer id, output index). ``inputs``: Parameter layer id -> Fact (the
    declared shape and type are used for Parameters not in it; a ReadValue's fact there is its
    variable's value). ``previous``: the facts of an
    earlier pass over the same graph: a layer whose inputs are what they were there keeps its
    outputs' facts (the same objects), its rule not walked again."""
    with gc_paused():
        return walk(graph, order, Inferrer(graph, inputs or {}, previous).step)


def update_shapes(graph: Graph, order: list, inputs: dict, previous: dict, sources, position: dict) -> tuple:
    """``infer_shapes`` given the facts of an earlier pass, walking only what can have changed:
    ``sources`` (the layers whose facts come from outside: Parameters, ReadValues) and, in
    order, every layer fed by one whose facts changed. ``position``: each layer's index in
    ``order`` (kept by the caller: this runs once a token). Returns (facts, the layers walked)."""
    facts = dict(previous)
    step = Inferrer(graph, inputs, previous).step
    layers = graph.layers
    heap = sorted({position[lid] for lid in sources if lid in position})
    queued = set(heap)
    walked = []
    with gc_paused():
        while heap:
            lid = order[heapq.heappop(heap)]
            layer = layers[lid]
            walked.append(lid)
            feeds = graph.producers(lid)
            changed = False
            for i, fact in enumerate(
                step(layer, [facts[feeds[i]] if i in feeds else None for i in range(len(layer.inputs))])
            ):
                if facts.get((lid, i)) is not fact:
                    facts[(lid, i)] = fact
                    changed = True
            if changed:
                for child in graph.consumers(lid):
                    p = position[child]
                    if p not in queued:
                        queued.add(p)
                        heapq.heappush(heap, p)
    return facts, walked


def same_fact(a: Fact, b: Fact) -> bool:
    if a.etype != b.etype or a.shape != b.shape or (a.value is None) != (b.value is None):
        return False
    # (Values here are small: comparing their bytes is a tenth of np.array_equal's cost. NaNs
    # compare by bits, which is what "the same fact" means. The type ignored: b.value is not
    # None when a.value is not, asked above.)
    return a.value is None or (
        a.value.dtype == b.value.dtype and a.value.shape == b.value.shape and a.value.tobytes() == b.value.tobytes()  # type: ignore[union-attr]
    )


class Inferrer:
    """The sizing pass's step: a Parameter given a fact takes it; every other layer its op's
    rule, constants folded; a problem is raised, located at the layer (by its path, in a body).

    With the facts of an earlier pass (a decoder's previous token: most layers see the same
    shapes, only the attention's grow), a layer whose inputs are the very facts they were keeps
    its outputs' (a Parameter: when its fact is equal): identity then carries the reuse down."""

    def __init__(self, graph: Graph, inputs: dict, previous: dict | None = None):
        self.graph = graph
        self.inputs = inputs
        self.previous = previous

    def step(self, layer, ins: list, feeds: dict | None = None) -> list:
        prev = self.previous
        if layer.id in self.inputs:  # (a Parameter; a ReadValue whose variable holds a value)
            fact = self.inputs[layer.id]
            old = prev.get((layer.id, 0)) if prev is not None and not _symbolic(fact) else None
            return [old if old is not None and same_fact(old, fact) else fact]
        # (Not a ReadValue that takes its initial value: its earlier facts may be a held value's.)
        if prev is not None and not layer.op.stateful:
            feeds = feeds if feeds is not None else self.graph.producers(layer.id)
            if all(fact is prev.get(feeds.get(i)) for i, fact in enumerate(ins)):
                outs = [prev.get((layer.id, k)) for k in range(len(layer.outputs))]
                if all(f is not None for f in outs):
                    return outs
        op = layer.op
        try:
            outs = layer_facts(op, ins, context_for(op, lambda body, feeds: Inferrer(body.graph, feeds).step))
        except Undecidable:
            # (A symbolic pass, a rule that needs the length's value: nothing is known of the
            # outputs, so the layer is sized on its arrays when it runs, as every one after it.)
            return [Fact(None, None)] * len(layer.outputs)
        except Exception as e:
            if RANGE.active and any(f is not None and (has_sym(f.shape) or has_sym(f.value)) for f in ins):
                # (Nor a rule that refuses a length's Syms where it reads ints: that is not what
                # it says of the ints. The run shows it them.)
                return [Fact(None, None)] * len(layer.outputs)
            if isinstance(e, IRExecError):
                raise layer.named_port(e).located(file=self.graph.path, **layer.where())
            # (a value that breaks an op's arithmetic, found while folding)
            raise ValidationError(f"{type(e).__name__}: {e}", file=self.graph.path, **layer.where()) from e
        if prev is not None:  # (an attention's output is as it was, though its inputs grew)
            olds = [prev.get((layer.id, k)) for k in range(len(outs))]
            outs = [
                old if old is not None and not _symbolic(new) and same_fact(old, new) else new
                for old, new in zip(olds, outs)
            ]
        return outs


def _symbolic(fact: Fact) -> bool:
    """Whether a fact holds a symbolic pass's length (irexec.symbolic): comparing it with a fact of
    a concrete pass would be a decision on the length."""
    return RANGE.active and (has_sym(fact.shape) or has_sym(fact.value))


def nbytes(fact: Fact) -> int | None:
    """The size of a tensor whose shape is static, else None."""
    if fact.etype is None or not is_static(fact.shape):
        return None
    return fact.etype.nbytes(_count(fact.shape))
