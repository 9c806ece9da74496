"""Shape inference: each op's rule walked over a whole graph, with constant folding.

Facts carry partial shapes, element types and, for small tensors, values (so shape-computing
subgraphs give exact shapes). Given the facts of the actual inputs, the pass sizes every
intermediate before anything runs; given the declared ones, it checks a model without data.
"""
from __future__ import annotations

import numpy as np

from .errors import IRExecError, ValidationError
from .graph import Graph, gc_paused
from .ops.op import FOLD_LIMIT, Fact
from .shapes import is_static, static, to_ints
from .types import from_dtype


def fact_of(arr: np.ndarray, etype=None) -> Fact:
    """What shape inference may know of an actual input: all of it, and the values when small."""
    value = arr if arr.size <= FOLD_LIMIT else None
    return Fact(etype or from_dtype(arr.dtype), static(arr.shape), value)


def layer_facts(op, ins: list) -> list:
    """An op's output facts for its input facts: its rule, then, when every input's value is
    known and the outputs are small, the values themselves (constant folding)."""
    outs = op.shape_infer(ins)
    if not op.foldable or not all(f.value is not None for f in ins):
        return outs
    if any(is_static(f.shape) and _count(f.shape) > FOLD_LIMIT for f in outs):
        return outs  # known, and too large to carry: the rule's shapes say all that is needed
    arrays = op.evaluate([f.value for f in ins])
    return [Fact(f.etype, static(np.shape(a)), np.asarray(a) if np.size(a) <= FOLD_LIMIT else None)
            for f, a in zip(outs, arrays)]


def _count(shape) -> int:
    n = 1
    for d in to_ints(shape):
        n *= d
    return n


def infer_shapes(graph: Graph, order: list, inputs: dict | None = None) -> dict:
    """Facts for every (layer id, output index). ``inputs``: Parameter layer id -> Fact (the
    declared shape and type are used for Parameters not in it)."""
    with gc_paused():
        return _walk(graph, order, inputs or {})


def _walk(graph: Graph, order: list, inputs: dict) -> dict:
    facts = {}
    for lid in order:
        layer = graph.layer(lid)
        if layer.type == "Parameter" and lid in inputs:
            facts[(lid, 0)] = inputs[lid]
            continue
        feeds = graph.producers(lid)
        ins = [facts[feeds[i]] for i in range(len(layer.inputs))]
        try:
            outs = layer_facts(layer.op, ins)
        except IRExecError as e:
            raise e.located(file=graph.path, **layer.where())
        except Exception as e:  # a value that breaks an op's arithmetic, found while folding
            raise ValidationError(f"{type(e).__name__}: {e}", file=graph.path, **layer.where()) from e
        for i, fact in enumerate(outs):
            facts[(lid, i)] = fact
    return facts


def nbytes(fact: Fact) -> int | None:
    """The size of a tensor whose shape is static, else None."""
    if fact.etype is None or not is_static(fact.shape):
        return None
    return fact.etype.nbytes(_count(fact.shape))
