"""Between nodes and models: a graph of nodes written as IR (``model_ir``), which ``Model`` then
reads as it reads a file, and a model's layers as nodes again (``model_nodes``), to be changed
(preprocessing, compression) and written anew.

Layers are numbered as OpenVINO numbers them when it saves a model: the inputs first, in the
model's order, then every other node after those feeding it, the outputs last, in order; the
model's inputs and outputs keep their order through the file.
"""

from __future__ import annotations

from ..check.shape_inference import fact_of
from ..errors import InputError
from ..graph import Graph, Layer, Port
from ..ir.writer import write_ir
from ..ops.op import Fact
from .building import Constant, Parameter, Result, as_output, result
from .nodes import Node, Output
from .rt_info import written_rt_info


def model_ir(
    results, parameters, name: str, sinks=(), rt_info: dict | None = None, name_interface: bool = False
) -> tuple:
    """(XML bytes, weights bytes) of the model whose outputs are ``results`` (Result nodes, or
    outputs, which get Results of their own), inputs ``parameters`` (Parameter nodes) and
    ``sinks`` (Assign nodes, which nothing reads); ``rt_info``: the model's runtime information.
    ``name_interface``: name the inputs and outputs without tensor names, as OpenVINO's ``Model``
    does when a program makes one (not when a model is rebuilt, preprocessed or saved)."""
    graph, values, marks = model_graph(results, parameters, name, sinks, name_interface)

    def value(layer):
        # (a body's layers, kept from the model read, have their own numbering: read their bytes)
        return values[layer.id] if not layer.scope[1] else layer.op.compute()

    return write_ir(graph, value, written_rt_info(rt_info), marks)


def model_graph(results, parameters, name: str, sinks=(), name_interface: bool = False) -> tuple:
    """(the graph, layer id -> each Const's array, layer id -> its runtime marks) of the nodes
    ``model_ir`` writes."""
    results = [_as_result(r) for r in _listed(results)]
    parameters = _listed(parameters or [])
    sinks = _listed(sinks)
    for p in parameters:
        if not isinstance(p, Node) or p.op.type != "Parameter":
            raise InputError(f"a model's parameters are Parameter nodes, not {p!r}")
    order = _ordered(results + sinks)
    declared = {id(p) for p in parameters}
    strays = [n for n in order if n.op.type == "Parameter" and id(n) not in declared]
    if strays:
        raise InputError(f"the model uses Parameter '{strays[0].friendly_name}', which is not among its parameters")
    ends = {id(n) for n in results}
    middle = [n for n in order if id(n) not in declared and id(n) not in ends]
    numbered = list(parameters) + middle + results
    if name_interface:
        _name_interface(parameters, results)
    ids = {id(n): str(k) for k, n in enumerate(numbered)}
    graph = Graph(name, 11)
    values, marks = {}, {}
    for node in numbered:
        lid = ids[id(node)]
        graph.add_layer(_layer(node, lid))
        if node.value is not None:
            values[lid] = node.value
        if "decompression" in node._rt_info:
            marks[lid] = {"decompression": "0"}
    edges = []
    for node in numbered:
        for k, src in enumerate(node._inputs):
            edges.append((ids[id(src.node)], str(len(src.node._inputs) + src.index), ids[id(node)], str(k), None))
    graph.add_edges(edges)
    return graph, values, marks


def _name_interface(parameters: list, results: list) -> None:
    """As OpenVINO's Model does when it is made: an input without a tensor name takes its
    Parameter's name, an output without one its Result's."""
    for p in parameters:
        if not p._names[0]:
            p._names[0] = {p.friendly_name}
    for r in results:
        src = r._inputs[0]
        if not src.node._names[src.index]:
            src.node._names[src.index] = {r.friendly_name}


def _listed(value) -> list:
    if value is None:
        return []
    if isinstance(value, (Node, Output)):
        return [value]
    return list(value)


def _as_result(value) -> Node:
    if isinstance(value, Node) and value.op.type == "Result":
        return value
    return result(as_output(value))


def _ordered(ends: list) -> list:
    """Every node the ``ends`` are reached from, each after the nodes feeding it (inputs in
    order, depth first, as OpenVINO orders a model's ops)."""
    seen: set = set()
    order = []
    for end in ends:
        if id(end) in seen:
            continue
        stack = [(end, iter(end._inputs))]
        seen.add(id(end))
        while stack:
            node, pending = stack[-1]
            for src in pending:
                if id(src.node) not in seen:
                    seen.add(id(src.node))
                    stack.append((src.node, iter(src.node._inputs)))
                    break
            else:
                stack.pop()
                order.append(node)
    return order


def _layer(node: Node, lid: str) -> Layer:
    n = len(node._inputs)
    inputs = [Port(str(k), src._fact.etype, src._fact.shape) for k, src in enumerate(node._inputs)]
    outputs = [
        Port(str(n + k), fact.etype, fact.shape, tuple(sorted(node._names[k]))) for k, fact in enumerate(node._facts)
    ]
    op = node.op
    return Layer(
        lid,
        node.friendly_name,
        op.type,
        node._version or op.version,
        dict(node._raw),
        inputs,
        outputs,
        op=op,
        bodies=node.bodies,
    )


# ---- a model's layers as nodes ------------------------------------------------------------------


def model_nodes(model) -> tuple:
    """(parameters, results, sinks, every node by layer id) of a model read or built: nodes that
    can be rewired and written again. A layer with bodies keeps them as they are."""
    graph = model.graph
    nodes: dict = {}
    for lid in graph.topological_order():
        layer = graph.layer(lid)
        producers = graph.producers(lid)
        inputs = [Output(nodes[src], out) for _, (src, out) in sorted(producers.items())]
        node = Node(layer.op, inputs, layer.name, layer.attrs)
        node._version = layer.version
        node.bodies = layer.bodies
        if layer.type == "Const":
            node.value = layer.op.compute()
            node._infer([fact_of(node.value, layer.outputs[0].etype)])  # (small values fold downstream)
        else:
            node._infer([Fact(p.etype, p.shape) for p in layer.outputs])
        for k, port in enumerate(layer.outputs):
            node._names[k] = set(port.names)
        if layer.type == "Const":
            node.__class__ = Constant
        elif layer.type == "Parameter":
            node.__class__ = Parameter
        elif layer.type == "Result":
            node.__class__ = Result
        nodes[lid] = node
    parameters = [nodes[info.layer_id] for info in model.inputs]
    results = [nodes[info.layer_id] for info in model.outputs]
    sinks = [nodes[lid] for lid in graph.topological_order() if graph.layer(lid).type == "Assign"]
    return parameters, results, sinks, nodes
