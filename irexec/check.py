"""The checks after reading: every op's ``infer`` face over the whole graph, without data, and
what each port declares held against what the ops give.

Shape rules live with the ops (one definition for linting and running); this pass only walks the
graph, compares, and keeps going past a broken layer: a layer whose op cannot be built, or
whose rule fails, passes on what its ports declare, so one mistake is reported once, where it is.
"""
from __future__ import annotations

from .errors import IRExecError, ValidationError
from .graph import Graph, Port
from .ops.op import Fact
from .shape_inference import layer_facts
from .shapes import Dim, compatible, fmt


def declared(port: Port) -> Fact:
    return Fact(port.etype, port.shape)


def refine(fact: Fact, port: Port) -> Fact:
    """What is known of a tensor from both the op's rule and the port's declaration (when they
    agree): the op's type and value, and the narrower of the two ranges for each dim."""
    shape = fact.shape
    if shape == port.shape and fact.etype is not None:
        return fact  # the common case: they say the same
    if shape is None:
        shape = port.shape
    elif port.shape is not None and compatible(shape, port.shape):
        shape = tuple(Dim(max(a.lo, b.lo), b.hi if a.hi is None else a.hi if b.hi is None else min(a.hi, b.hi))
                      for a, b in zip(shape, port.shape))
    return Fact(fact.etype or port.etype, shape, fact.value)


def check_graph(graph: Graph, problems: list, use_declared: bool = True) -> dict:
    """Infer every output of ``graph`` and report to ``problems`` (located IRExecErrors with rule
    codes) where the declarations disagree. Returns the facts: (layer id, output index) -> Fact.
    ``use_declared``: narrow each inferred fact by what its port declares, when the two agree
    (False: the ops' rules alone, to see how much they know)."""
    path = graph.path
    _check_uses(graph, problems)
    try:
        order = graph.topological_order()
    except IRExecError:
        return {}  # the reader has reported the cycle: there is no order to infer in
    facts = {}
    reported = {}  # (layer id, output index) -> the port, when its declaration was reported wrong
    for lid in order:
        layer = graph.layer(lid)
        where = dict(file=path, **layer.where())
        feeds = graph.producers(lid)
        ins = []
        for i, port in enumerate(layer.inputs):
            if i not in feeds:
                ins.append(declared(port))
                continue
            src = feeds[i]
            fact = facts[src]
            ins.append(fact)
            wrong_too = reported.get(src)
            if port.shape is not None and not compatible(port.shape, fact.shape) and not (
                    wrong_too is not None and wrong_too.shape == port.shape):
                problems.append(ValidationError(
                    f"the port declares shape {fmt(port.shape)}, but its input is {fmt(fact.shape)} "
                    f"({_from(graph, src)})", port=port.id, code="S003", **where))
            if port.etype is not None and fact.etype is not None and port.etype.name != fact.etype.name \
                    and not (wrong_too is not None and wrong_too.etype == port.etype):
                problems.append(ValidationError(
                    f"the port declares {port.etype.name}, but its input is {fact.etype.name} "
                    f"({_from(graph, src)})", port=port.id, code="S004", **where))
        outs = None
        if layer.op is not None:
            try:
                outs = layer_facts(layer.op, ins)
                problems.extend(w.located(code="S005", **where) for w in layer.op.advise(ins))
            except IRExecError as e:
                problems.append(e.located(code="S005", **where))
            except Exception as e:  # a value that breaks an op's arithmetic, found while folding
                problems.append(ValidationError(f"{type(e).__name__}: {e}", code="S005", **where))
        if outs is None or len(outs) != len(layer.outputs):
            outs = [declared(p) for p in layer.outputs]
        for i, (port, fact) in enumerate(zip(layer.outputs, outs)):
            wrong = False
            if not compatible(port.shape, fact.shape):
                wrong = True
                problems.append(ValidationError(
                    f"the port declares shape {fmt(port.shape)}, but {layer.type} gives {fmt(fact.shape)}",
                    port=port.id, code="S001", **where))
            if port.etype is not None and fact.etype is not None and port.etype.name != fact.etype.name:
                wrong = True
                problems.append(ValidationError(
                    f"the port declares {port.etype.name}, but {layer.type} gives {fact.etype.name}",
                    port=port.id, code="S002", **where))
            if wrong:
                reported[(lid, i)] = port
                facts[(lid, i)] = fact
            else:
                facts[(lid, i)] = refine(fact, port) if use_declared else fact
    return facts


def _from(graph: Graph, src: tuple) -> str:
    layer = graph.layer(src[0])
    return f"output {layer.outputs[src[1]].id} of layer '{layer.name}', id {layer.id}"


def _check_uses(graph: Graph, problems: list) -> None:
    """Warnings about what the graph leaves unused."""
    results = 0
    for lid, layer in graph.layers.items():
        if layer.type == "Result":
            results += 1
        elif layer.outputs and graph.g.out_degree(lid) == 0 and lid not in graph.used:
            problems.append(ValidationError("nothing uses the layer's outputs", code="G009", file=graph.path,
                                            **layer.where()))
    if not results and len(graph.g):
        problems.append(ValidationError("the model has no Result layer: it computes nothing",
                                        code="G010", file=graph.path))
