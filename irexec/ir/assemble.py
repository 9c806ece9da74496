"""A Graph from its layers and edges, as read: each edge's ends checked, each layer's op built
and held against its ports and edges, the order computed (naming a cycle). The top level and
every body are assembled alike.

A problem is reported (as a located IRExecError with its rule code) and assembling goes on
without the part that is broken, so one pass finds every problem.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import IRExecError, ParseError, ValidationError, printable
from ..graph import Graph, Layer
from ..ops.bodies import BodyOp
from ..ops.registry import lookup

if TYPE_CHECKING:
    from ..graph import GraphWeights


class Reading:
    """What every part of one file's reading shares: the file, its weights, where problems go."""

    def __init__(self, path: str | None, report: Callable):
        self.path = path
        self.report = report
        self.weights: GraphWeights | None = None  # the Weights, once the <net> is seen
        self.ir_version: int | None = None
        self.weights_said = False  # the weights file is missing for every Const alike: say it once
        # A model repeats a few shapes over thousands of ports: each spelling (the <dim> texts) is
        # parsed once, and one tuple of Dims (immutable) serves every port that writes it.
        self.shapes: dict = {}
        # Lines before the text being read: the quick reading parses the file's items in pieces,
        # each counting its lines from 1.
        self.line_offset = 0


class GraphBuilder:
    """One graph being assembled: ``add_layer`` and ``add_edge`` as they are read, ``finish``
    when the last is. ``unread``: ids of layers left out (edges to them are not reported again).
    ``where``: the location of a problem no layer of the graph can name (a body's: its layer's)."""

    def __init__(self, graph: Graph, reading: Reading, where: dict | None = None):
        self.graph = graph
        self.reading = reading
        self.where = where or {}
        self.edges: list[tuple] = []  # (from-layer, from-port, to-layer, to-port, line)
        self.unread: set[str] = set()

    def leave_out(self, layer_id: str | None) -> None:
        if layer_id is not None:
            self.unread.add(layer_id)

    def add_layer(self, layer: Layer) -> None:
        graph = self.graph
        if layer.id in graph.layers:
            first = graph.layer(layer.id)
            self.reading.report(
                ParseError(
                    f"duplicate layer id '{printable(layer.id)}': layer {first.name!r} on line {first.line} has it too",
                    file=self.reading.path,
                    code="G006",
                    **layer.where(),
                )
            )
            # Which of the two an edge means cannot be known: edges to either are left out.
            self.unread.add(layer.id)
            return
        graph.add_layer(layer)

    def add_edge(self, edge: tuple) -> None:
        self.edges.append(edge)

    def finish(self) -> Graph:
        graph, reading = self.graph, self.reading
        fed: dict = {}  # layer id -> its input ports that have an edge (or had one to a layer left out)
        # Each layer's port indices, asked once a layer rather than twice an edge.
        ports = {lid: layer.port_indices() for lid, layer in graph.layers.items()}
        held, unread, known = [], self.unread, ports.get
        for edge in self.edges:
            # (The common case written out: both ends are layers read, with the ports named, and
            # the input had no edge. Anything else is the general way's, which reports it.)
            src, sp, dst, dp, _ = edge
            a, b = known(src), known(dst)
            if a is not None and b is not None and not unread and sp in a[1] and dp in b[0]:
                taken = fed.get(dst)
                if taken is None:
                    fed[dst] = {dp}
                    held.append(edge)
                    continue
                if dp not in taken:
                    taken.add(dp)
                    held.append(edge)
                    continue
            if _edge_holds(graph, edge, reading, fed, unread, self.where, ports):
                held.append(edge)
        graph.add_edges(held)
        for layer in graph.layers.values():
            for e in bind_op(graph, layer, reading.path, fed.get(layer.id, ())):
                if e.code == "C001":
                    if reading.weights_said:
                        continue
                    reading.weights_said = True
                reading.report(e)
        try:
            graph.topological_order()  # kept for the passes after; names a cycle
        except IRExecError as e:
            reading.report(e.located(code="G005"))
        return graph


def _edge_holds(graph: Graph, edge: tuple, reading: Reading, fed: dict, unread: set, outer: dict, ports: dict) -> bool:
    """Whether the edge joins ports the layers have, into an input no edge fed before; else it
    is reported (and False). ``ports``: each layer's port indices."""
    src, sp, dst, dp, line = edge
    layers = graph.layers
    src_l, dst_l = layers.get(src), layers.get(dst)
    if unread and (src in unread or dst in unread):
        # An edge of a layer already reported: the port it feeds counts as fed, the output as used.
        if dst_l is not None and dst not in unread:
            _fed(fed, dst, dp)
        graph.used.add(src)
        return False
    if src_l is None or dst_l is None:
        lid, other = (src, dst_l) if src_l is None else (dst, src_l)
        where = other.where() if other is not None else dict(outer)
        where["line"] = line
        reading.report(
            ValidationError(
                f"edge {'from' if lid == src else 'to'} missing layer '{printable(lid)}'",
                file=reading.path,
                code="G001",
                **where,
            )
        )
        if dst_l is not None:
            _fed(fed, dst, dp)
        return False
    if sp not in ports[src][1]:
        reading.report(
            ValidationError(
                f"edge from an output port the layer does not have (to layer {dst_l.name!r}, id {printable(dst)})",
                file=reading.path,
                code="G002",
                port=sp,
                **dict(src_l.where(), line=line),
            )
        )
        _fed(fed, dst, dp)
        return False
    if dp not in ports[dst][0]:
        reading.report(
            ValidationError(
                f"edge to an input port the layer does not have (from layer {src_l.name!r}, id {printable(src)})",
                file=reading.path,
                code="G002",
                port=dp,
                **dict(dst_l.where(), line=line),
            )
        )
        return False
    taken = fed.get(dst)
    if taken is None:
        taken = fed[dst] = set()
    elif dp in taken:
        reading.report(
            ValidationError(
                f"the input port has a second edge (from layer {src_l.name!r}, id {printable(src)})",
                file=reading.path,
                code="G003",
                port=dp,
                **dict(dst_l.where(), line=line),
            )
        )
        return False
    taken.add(dp)
    return True


def _fed(fed: dict, layer_id: str, port: str) -> None:
    ports = fed.get(layer_id)
    if ports is None:
        ports = fed[layer_id] = set()
    ports.add(port)


# Layers with a fixed role in the graph: a wrong arity there is a structural problem (G008).
_IO_TYPES = ("Parameter", "Const", "Result")


def bind_op(graph: Graph, layer: Layer, path, fed) -> list:
    """Build the layer's op and check it against its ports, edges and bodies; returns the
    problems found (the layer keeps ``op = None`` when it cannot be built or does not fit)."""
    try:
        cls: Any = lookup(layer.type, layer.version)  # (an Op class, loose: Const and body ops' own methods are called)
    except IRExecError as e:
        return [e.located(file=path, **layer.where())]
    # The spelling irexec knows (types are matched case-insensitively): everything downstream
    # (the executor's Parameter and Result handling, linting) compares against it.
    layer.type = cls.type
    try:
        op = cls(layer.attrs)
        if cls.outputs_from_layer:
            op.num_outputs = len(layer.outputs)
    except IRExecError as e:
        return [e.located(code="O003", file=path, **layer.where())]
    found = []
    problem = cls.arity_problem(len(layer.inputs), None)
    n_outputs = op.num_outputs
    if (
        problem
        or (n_outputs and len(layer.outputs) != n_outputs)
        or (cls.num_outputs == 0 and not issubclass(cls, BodyOp))
    ):
        found = _arity_problems(graph, layer, cls, op, problem, dict(file=path, **layer.where()))
        if found:
            return found
    for port in layer.inputs:
        if port.id not in fed:
            found.append(
                ValidationError("input is not connected", port=port.id, code="G004", file=path, **layer.where())
            )
    if cls.type == "Const":
        op.bind(graph.weights)
        try:
            op.check()
        except IRExecError as e:
            return found + [e.located(file=path, **layer.where())]
    names = op.body_names if isinstance(op, BodyOp) else ()
    if names or layer.bodies:
        wrong = port_map_problems(layer, names, path)
        if wrong:
            return found + wrong
        if names:
            op.bind(layer)
    layer.op = op
    return found


def _arity_problems(graph: Graph, layer: Layer, cls, op, problem, where: dict) -> list:
    """A layer's ports and edges against its op's counts of inputs and outputs (O004; G008 for a
    Parameter, Const or Result)."""
    found = []
    arity = "G008" if cls.type in _IO_TYPES else "O004"
    if problem:
        found.append(ValidationError(problem, code=arity, **where))
    # (No fixed count: a Result has no outputs, and an op with bodies as many as its port map says.)
    if op.num_outputs and len(layer.outputs) != op.num_outputs:
        found.append(
            ValidationError(
                f"{layer.type} has {op.num_outputs} output(s), the layer declares {len(layer.outputs)}",
                code=arity,
                **where,
            )
        )
    if cls.num_outputs == 0 and not issubclass(cls, BodyOp):
        leaving = next(iter(graph.g.out_edges(layer.id, keys=True)), None)
        if leaving is not None:
            _, dst, (sp, _) = leaving
            found.append(
                ValidationError(
                    f"a {layer.type} has no outputs, but an edge leaves its port "
                    f"{printable(sp)} (to layer {graph.layer(dst).name!r}, id {printable(dst)})",
                    port=sp,
                    code=arity,
                    **where,
                )
            )
        elif layer.outputs:  # (what runs it would look for outputs a Result never makes)
            found.append(
                ValidationError(
                    f"a {layer.type} has no outputs, but the layer declares {len(layer.outputs)}",
                    port=layer.outputs[0].id,
                    code=arity,
                    **where,
                )
            )
    return found


def _a(word: str) -> str:
    return ("an " if word[:1] in "AEIOU" else "a ") + word


def port_map_problems(layer: Layer, names: tuple, path) -> list:
    """What is wrong with the bodies of a layer whose op takes the bodies ``names``: one missing
    or one too many (O003), a port map entry or back edge naming a layer the body does not have
    (G001) or one that cannot play its part (G002), a body Parameter fed twice (G003) or by
    nothing (G004)."""
    where = dict(file=path, **layer.where())
    found = [
        ValidationError(f"the {layer.type} has no <{name}>", code="O003", **where)
        for name in names
        if name not in layer.bodies
    ]
    found += [
        ValidationError(f"{_a(layer.type)} takes no <{name}>", code="O003", **dict(where, line=body.line))
        for name, body in layer.bodies.items()
        if name not in names
    ]
    ports = {"input": {p.id for p in layer.inputs}, "output": {p.id for p in layer.outputs}}
    for name, body in layer.bodies.items():
        if name not in names:
            continue
        graph, fed = body.graph, set()
        for kind, entries in (("input", body.inputs), ("output", body.outputs)):
            for e in entries:
                wrong = _entry_problem(graph, e, kind, ports[kind], name)
                if wrong is None and kind == "input":
                    if e.internal_layer in fed:
                        inner = graph.layer(e.internal_layer)
                        wrong = (
                            "G003",
                            f"the port map feeds Parameter {inner.name!r} ({printable(inner.id)}) in its {name} twice",
                            None,
                        )
                    fed.add(e.internal_layer)
                if wrong is not None:
                    found.append(ValidationError(wrong[1], code=wrong[0], port=wrong[2], **dict(where, line=e.line)))
        for b in body.back_edges:
            for lid, port, role, end in (
                (b.from_layer, b.from_port, "Result", "from"),
                (b.to_layer, b.to_port, "Parameter", "to"),
            ):
                wrong = _end_problem(graph, lid, port, role, f"back edge {end}", name)
                if wrong is not None:
                    found.append(ValidationError(wrong[1], code=wrong[0], **dict(where, line=b.line)))
        found += [
            ValidationError("no port map <input> feeds the Parameter", code="G004", file=path, **p.where())
            for p in graph.layers.values()
            if p.type == "Parameter" and p.id not in fed
        ]
    return found


def _entry_problem(graph: Graph, e, kind: str, ports: set, body: str):
    """(code, message, the layer's port) for what is wrong with a port map entry, or None."""
    role = "Parameter" if kind == "input" else "Result"
    wrong = _end_problem(graph, e.internal_layer, None, role, f"the port map's <{kind}> names", body)
    if wrong is None and e.external_port is not None and e.external_port not in ports:
        wrong = (
            "G002",
            f"the port map's <{kind}> names {kind} port {printable(e.external_port)}, which the layer does not have",
            e.external_port,
        )
    return wrong


def _end_problem(graph: Graph, lid: str, port, role: str, what: str, body: str):
    """(code, message, None) for what is wrong with the body layer ``lid`` (and its ``port``,
    when given) as the ``role`` it is named for, or None."""
    inner = graph.layers.get(lid)
    if inner is None:
        return "G001", f"{what} layer '{printable(lid)}', which is not in its {body}", None
    if inner.type != role:
        return "G002", f"{what} layer {inner.name!r} ({printable(lid)}, {inner.type}) in its {body}: not a {role}", None
    if port is not None and port not in {p.id for p in inner.inputs + inner.outputs}:
        return "G002", f"{what} port {printable(port)} of layer {inner.name!r} ({printable(lid)}), which it lacks", None
    return None
