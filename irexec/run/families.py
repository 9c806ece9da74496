"""Families of input signatures sized by one symbolic pass: a decoder's steps.

A decoder's next token differs from the last in a few dims that all grow by one: the attention
mask's length, the KV cache's (as inputs, or as the variables its ReadValues give). The sizing
pass (irexec.run.sizing) walks the rules those dims reach for each new signature, which for a small
model costs more than the run. So when a concrete pass follows one of the same kind (ids, types,
ranks and steering values alike) whose dims differ from it by one delta, the pass is walked once
more with each moved dim as ``s + offset`` (irexec.symbolic). Each decision a rule makes on ``s``
narrows the range of lengths it holds for; what the walk gives, with that range cut where an
output would pass the memory budget, is a Family: any later signature of the kind whose moved
dims are ``s + offset`` for one ``s`` in the range, and the other dims as they were, is sized by
a match of its dims. Its run gets the family's guard (for the layers whose rules needed the
length's value: each is checked on its arrays, as the guard checks any layer the pass could not
size) and the shape-only values at ``s``. Those layers, and the ones they feed, have their rules
walked at ``s`` before the run too: the concrete pass refuses them before anything runs, and a
layer ahead of them that fails on its data must not be the one to give the step's error.
"""

from __future__ import annotations

import numpy as np

from .. import symbolic
from ..check.shape_inference import representable, update_shapes
from ..errors import ValidationError
from ..ops.bodies import BodyOp
from ..ops.op import Fact
from ..shapes import Dim, fixed, static
from .guard import Guard, as_run_error

KEPT = 4  # families kept per model, newest first


def split(sig: tuple) -> tuple:
    """A signature as (what must match exactly: ids, ranks, types, steering values; its dims, flat)."""
    kind = tuple((entry[0], len(entry[1])) + tuple(entry[2:]) for entry in sig)
    dims = tuple(d for entry in sig for d in entry[1])
    return kind, dims


class Family:
    """The signatures of one kind whose dims are the pass's but for the moved ones, each ``s +
    offset`` with ``s`` in ``[lo, hi]``; for a run of any of them, the ``guard`` (or None) and the
    shape-only layers' values: ``known``, those without the length, and ``affine`` (a
    symbolic.Affines, or None), those with it."""

    def __init__(
        self,
        kind: tuple,
        dims: tuple,
        offsets: dict,
        lo: int,
        hi: int,
        guard,
        known: dict,
        affine: symbolic.Affines | None,
        recheck=None,
    ):
        self.kind, self.lo, self.hi = kind, lo, hi
        self.guard, self.known, self.affine = guard, known, affine
        self.recheck = recheck  # (sizing, the layers to size at each length, the pass's facts) or None
        self.fixed = [(i, d) for i, d in enumerate(dims) if i not in offsets]
        self.moved = sorted(offsets.items())
        self.first, self.first_offset = self.moved[0]
        self.size = len(dims)

    def match(self, kind: tuple, dims: tuple):
        """The length ``s`` of a signature of the family, else None."""
        if kind != self.kind or len(dims) != self.size:
            return None
        s = dims[self.first] - self.first_offset
        if not self.lo <= s <= self.hi:
            return None
        for i, o in self.moved:
            if dims[i] != s + o:
                return None
        for i, d in self.fixed:
            if dims[i] != d:
                return None
        return s

    def entry_for(self, s: int) -> tuple:
        """(guard, known values) for the run of length ``s``."""
        if self.recheck is not None:
            _size_at(s, *self.recheck)
        if self.affine is None:
            return self.guard, self.known
        known = dict(self.known)
        known.update(self.affine.at(s))
        return self.guard, known


def build(sizing, sig: tuple, before: tuple, facts_in: dict, facts: dict, unsized: dict):
    """The Family of ``sig`` (just sized by a concrete pass: ``facts_in``, ``facts``,
    ``unsized``) when its dims differ from ``before``'s by one delta; None when they moved
    otherwise, or when the symbolic pass keeps nothing (any problem: the concrete pass then
    sizes each signature, as it would have)."""
    kind, dims = split(sig)
    moved = [i for i, (a, b) in enumerate(zip(before, dims)) if a != b]
    if not moved or len({dims[i] - before[i] for i in moved}) != 1:
        return None
    s0 = dims[moved[0]]
    offsets = {i: dims[i] - s0 for i in moved}
    positions = [(entry[0], d) for entry in sig for d in range(len(entry[1]))]
    graph = sizing.graph
    try:
        with symbolic.Pass(s0, max(-o for o in offsets.values())) as p:  # (no dim below 0)
            sym_facts, walked = update_shapes(
                graph, sizing.order, _with_sym(facts_in, positions, offsets), facts, sizing._sources, sizing._position
            )
            grown = []
            for lid in walked:
                layer = graph.layer(lid)
                for k in range(len(layer.outputs)):
                    fact = sym_facts[(lid, k)]
                    if symbolic.has_sym(fact.shape):
                        grown.append(fact)
                    elif fact is not facts.get((lid, k)):
                        sizing._refuse_over_budget(layer, fact)
                    sizing.refuse_departure(layer, k, fact)
            sym_unsized = sizing._unsized(sym_facts, walked, unsized)
        # The guard checks a layer with its inputs' types: the concrete pass's (a type never
        # depends on a length; a layer whose rule needed the length's value knows none).
        for lid, etypes in sym_unsized.items():
            if etypes is not None:
                feeds = graph.producers(lid)
                sym_unsized[lid] = [facts[feeds[i]].etype if i in feeds else t for i, t in enumerate(etypes)]
    except (symbolic.Undecidable, Exception):
        return None
    hi = _largest_fitting(grown, sizing.budget, s0, p.hi)
    if hi is None:
        return None
    # The layers this pass could not size where the concrete one could (a rule that needed the
    # length's value), and those they feed: walked again at each length before the run.
    late, walked_set = set(), set(walked)
    for lid in walked:
        if lid in sym_unsized and (
            lid not in unsized
            or any(src in late for src, _ in graph.producers(lid).values())
            or any(
                sym_facts[(lid, k)].shape is None and facts[(lid, k)].shape is not None
                for k in range(len(graph.layer(lid).outputs))
            )
        ):
            late.add(lid)
    # (And what gives them a value the concrete pass knew and this one did not, a length made a
    # float and back: their rules read it.)
    stack, folds = list(late), set()  # (folds: layers walked for their values, all their inputs read)
    while stack:
        lid = stack.pop()
        op = graph.layer(lid).op
        for i, (src, k) in graph.producers(lid).items():
            if (
                src not in late
                and src in walked_set
                and graph.layer(src).type != "Parameter"
                and (lid in folds or isinstance(op, BodyOp) or op.declared_input(i).value)
                and (sym_facts[(src, k)].value is None and facts[(src, k)].value is not None)
            ):
                late.add(src)
                folds.add(src)
                stack.append(src)
    recheck = (sizing, [lid for lid in walked if lid in late], sym_facts) if late else None
    known = sizing._known(sym_facts, set(walked), sizing._last[2])
    affine = {}
    for lid in sizing.shape_only:
        if lid in walked and lid not in known:
            outs = [sym_facts[(lid, k)] for k in range(len(graph.layer(lid).outputs))]
            if all(f.value is not None and f.etype is not None for f in outs):
                affine[lid] = [(f.value, f.etype.dtype) for f in outs]
    return Family(
        kind,
        dims,
        offsets,
        p.lo,
        hi,
        Guard(sizing, sym_unsized) if sym_unsized else None,
        known,
        symbolic.Affines(affine) if affine else None,
        recheck,
    )


def _size_at(s: int, sizing, late: list, sym_facts: dict) -> None:
    """Walk the rules of ``late`` (in order) at length ``s``, their other inputs' facts the
    symbolic pass's at ``s``; refuse what the concrete pass would have: a rule's error, an
    output over the budget, a departure from the declared shapes."""
    from ..check.shape_inference import Inferrer

    graph = sizing.graph
    step = Inferrer(graph, {}).step
    done: dict = {}
    for lid in late:
        layer = graph.layer(lid)
        feeds = graph.producers(lid)
        ins = [
            None if i not in feeds else done[feeds[i]] if feeds[i] in done else _fact_at(sym_facts[feeds[i]], s)
            for i in range(len(layer.inputs))
        ]
        try:
            outs = step(layer, ins)
        except ValidationError as e:
            raise as_run_error(e) from None
        for k, fact in enumerate(outs):
            done[(lid, k)] = fact
            sizing._refuse_over_budget(layer, fact)
            sizing.refuse_departure(layer, k, fact)


def _fact_at(fact: Fact, s: int) -> Fact:
    """A symbolic pass's fact at length ``s``: its Syms made ints."""
    at = lambda v: v.at(s) if isinstance(v, symbolic.Sym) else v  # noqa: E731
    shape = fact.shape
    if symbolic.has_sym(shape):
        shape = tuple(Dim(at(d.lo), at(d.hi)) for d in shape)  # type: ignore[union-attr]  # (has_sym: a shape)
    value = fact.value
    if value is not None and value.dtype == object and fact.etype is not None:
        value = np.array([at(v) for v in value.reshape(-1).tolist()], fact.etype.dtype).reshape(value.shape)
    return Fact(fact.etype, shape, value)


def _with_sym(facts_in: dict, positions: list, offsets: dict) -> dict:
    """The input facts with the moved dims (by their index in the signature) as ``s + offset``."""
    shapes = {lid: list(f.shape) for lid, f in facts_in.items()}
    moved = set()
    for i, o in offsets.items():
        lid, d = positions[i]
        shapes[lid][d] = fixed(symbolic.Sym(1, o))
        moved.add(lid)
    # (Not the value of an input whose dims moved: the signature holds its bytes, the same at
    # every length only when it is empty, and an array of the step's shape is not one of s's.)
    return {lid: Fact(f.etype, tuple(shapes[lid]), None if lid in moved else f.value) for lid, f in facts_in.items()}


def _largest_fitting(grown: list, budget: int, s0: int, hi):
    """The greatest length up to ``hi`` (None: unbounded) at which every output that holds the
    length fits the budget and an array; None when one does not at ``s0``, or when a dim shrinks
    as the length grows (sizes must only grow for the search to hold)."""
    terms = []
    for fact in grown:
        dims = [d.lo for d in fact.shape]
        if fact.etype is None or any(isinstance(d, symbolic.Sym) and d.a <= 0 for d in dims):
            return None
        terms.append((fact.etype, dims))

    def fits(s: int) -> bool:
        for etype, dims in terms:
            ints = [d.at(s) if isinstance(d, symbolic.Sym) else d for d in dims]
            n = 1
            for d in ints:
                n *= d
            if etype.nbytes(n) > budget or not representable(Fact(etype, static(ints))):
                return False
        return True

    if not fits(s0):
        return None
    lo, top = s0, (1 << 62) if hi is None else hi
    while lo < top:  # (sizes only grow with s: the greatest s that fits, by bisection)
        mid = (lo + top + 1) // 2
        if fits(mid):
            lo = mid
        else:
            top = mid - 1
    return lo
