"""The model graph: layers (nodes) and their edges, shaped as a networkx MultiDiGraph.

Nodes are layer ids; each carries its ``Layer``. An edge from layer A to layer B is keyed
by ``(from_port, to_port)`` using the port ids written in the XML.

The ops with bodies (Loop, TensorIterator, If) keep each body as a ``Body``: a Graph in its own
right, with the port map that ties the layer's ports to the body's Parameters and Results and,
for the loops, the back edges that carry a Result's value to a Parameter for the next iteration.
A layer inside a body is named by its path, ``loop/body/add``, in every message about it.
"""

from __future__ import annotations

import gc
import heapq
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import ValidationError, listing
from .shapes import PShape
from .types import ElementType

if TYPE_CHECKING:
    from typing import Protocol

    from .ops.op import Op

    class GraphWeights(Protocol):
        """What a graph asks of its weights (irexec.ir.weights.Weights, a stage above this one)."""

        def verify(self) -> None: ...

        def close(self) -> None: ...


@contextmanager
def gc_paused(kept: bool = False):
    """Pause the cycle collector while a graph is built: the objects made then are kept, so its
    passes find nothing to free, and with tens of thousands of layers alive each pass costs a
    walk over all of them (a fifth of reading a 10,000-layer IR).

    ``kept``: what is made is kept past the pause (a model read). Its objects are then moved to
    the collector's oldest generation as the pause ends, in one step, where they would otherwise
    be walked by the next young pass and again by the one after (30 ms each for 10,000 layers).
    A full collection still walks them. Not when the process has frozen objects of its own
    (``gc.freeze``, as servers do before forking): unfreezing would release those too."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if kept and not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


@dataclass(slots=True)  # (tens of thousands of them in a large model)
class Port:
    id: str
    etype: ElementType | None
    shape: PShape
    names: tuple = ()
    line: int | None = None
    layout: str | None = None  # the layout its <rt_info> gives (OpenVINO writes a model input's and output's)


# (Slots: tens of thousands of layers in a large model, a tenth of reading it went to their
# dicts. A weak reference to a layer is taken by tests that watch a graph freed; Python 3.10's
# dataclasses cannot give slots one, so there layers keep their dicts.)
_LAYER_SLOTS = dict(slots=True, weakref_slot=True) if sys.version_info >= (3, 11) else {}


@dataclass(**_LAYER_SLOTS)
class Layer:
    id: str
    name: str
    type: str
    version: str | None
    attrs: dict
    inputs: list
    outputs: list
    line: int | None = None
    op: Op | None = None
    bodies: dict = field(default_factory=dict)  # "body", "then_body", "else_body" -> Body
    scope: tuple = ("", "")  # inside a body: the path of names and of ids before this layer's own
    _port_index: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def input_index(self, port_id: str) -> int:
        """The position of an input port by its id (KeyError if there is none)."""
        return self.port_indices()[0][port_id]

    def output_index(self, port_id: str) -> int:
        return self.port_indices()[1][port_id]

    def port_indices(self) -> tuple:
        """(input id -> position, output id -> position), made once: a layer may have 60,000
        ports, each looked up by an edge, so a walk over the ports per lookup is quadratic. The
        first port of an id wins, as a walk would find it (the reader refuses a repeated id).
        Made again if the port lists are replaced or grow."""
        index = self._port_index
        ins, outs = self.inputs, self.outputs
        if index is not None and index[2] is ins and index[3] is outs and index[4] == len(ins) + len(outs):
            return index
        index = (_first_positions(ins), _first_positions(outs), ins, outs, len(ins) + len(outs))
        self._port_index = index
        return index

    def keep_port_indices(self, ins: dict, outs: dict) -> None:
        """Keep the index ``port_indices`` would make, made by whoever built the port lists (each
        id once; the reader makes it to find a repeated one)."""
        self._port_index = (ins, outs, self.inputs, self.outputs, len(self.inputs) + len(self.outputs))

    @property
    def path(self) -> str:
        """The layer's name, after the path of the bodies it is in (``loop/body/add``)."""
        return self.scope[0] + self.name

    def named_port(self, e):
        """``e`` with its port as the IR names it: an op names an input by its position."""
        if isinstance(e.port, int) and not isinstance(e.port, bool) and 0 <= e.port < len(self.inputs):
            e.port = self.inputs[e.port].id
        return e

    def where(self) -> dict:
        """Location fields for errors about this layer."""
        return {"layer": self.path, "layer_id": self.scope[1] + self.id, "layer_type": self.type, "line": self.line}


@dataclass
class PortMapEntry:
    """One ``<input>`` or ``<output>`` of a port map: the layer's port ``external_port`` (its id;
    None for -1, a body port the loop itself feeds or reads, named by ``purpose``) and the body
    Parameter or Result ``internal_layer``. ``axis`` set: the input is sliced, or the output
    concatenated, along it (``start``, ``end``, ``stride``, ``part_size`` as written)."""

    external_port: str | None
    internal_layer: str
    axis: int | None = None
    start: int = 0
    end: int = -1
    stride: int = 1
    part_size: int = 1
    purpose: str | None = None
    line: int | None = None


@dataclass
class BackEdge:
    """A loop's ``<back_edges>`` entry: the body Result whose value the Parameter takes at the
    next iteration (the ports, when written)."""

    from_layer: str
    to_layer: str
    from_port: str | None = None
    to_port: str | None = None
    line: int | None = None


@dataclass
class Body:
    """A body of a layer: its ``name`` (the XML element), the ``graph``, and its port map as
    ``inputs`` and ``outputs`` (PortMapEntry lists) and ``back_edges``."""

    name: str
    graph: Graph
    inputs: list = field(default_factory=list)
    outputs: list = field(default_factory=list)
    back_edges: list = field(default_factory=list)
    line: int | None = None
    plans: object = field(default=None, repr=False, compare=False)  # the executor's, made when it first runs


class Edges:
    """``Graph.g``: what the passes ask of a networkx MultiDiGraph of the layers, answered from
    the graph's own adjacency. networkx takes a third of irexec's import time and nothing on the
    way to a first result needs it; anything else asked of ``g`` (a networkx algorithm given it)
    is answered by a real MultiDiGraph, built on first use."""

    def __init__(self, graph: Graph):
        self._graph = graph

    def __contains__(self, node) -> bool:
        return node in self._graph.layers

    def __len__(self) -> int:
        return len(self._graph.layers)

    def __iter__(self):
        return iter(self._graph.layers)

    @property
    def nodes(self):
        return self._graph.layers.keys()

    def number_of_nodes(self) -> int:
        return len(self._graph.layers)

    def number_of_edges(self) -> int:
        return self._graph.edge_count

    def out_degree(self, node) -> int:
        return sum(len(keys) for keys in self._graph.succ[node].values())

    def edges(self, nbunch=None, data=False, keys: bool = False):
        """The edges leaving ``nbunch`` (a layer id, some, or every layer), as networkx lists
        them: by source layer, then by destination."""
        nodes = self._graph.layers if nbunch is None else [nbunch] if isinstance(nbunch, str) else nbunch
        return [e for node in nodes for e in self._edges_of(node, keys, data)]

    out_edges = edges

    def _edges_of(self, node, keys, data):
        for dst, keyed in self._graph.succ.get(node, {}).items():
            for key, line in keyed.items():
                e = (node, dst, key) if keys else (node, dst)
                if data is True:
                    e += ({"line": line},)
                elif data:
                    e += (line if data == "line" else None,)
                yield e

    def networkx(self):
        """The edges as a networkx MultiDiGraph (made once, until the graph changes)."""
        graph = self._graph
        if graph._nx is None:
            import networkx as nx

            g = nx.MultiDiGraph()
            for lid, layer in graph.layers.items():
                g.add_node(lid, layer=layer)
            g.add_edges_from(
                (src, dst, key, {"line": line}) for src, dst, key, line in self.edges(data="line", keys=True)
            )
            graph._nx = g
        return graph._nx

    def __getattr__(self, name):
        if name.startswith("__") and name != "__networkx_backend__":
            raise AttributeError(name)
        return getattr(self.networkx(), name)


class Graph:
    """Layers by id (in XML order) and their edges (``succ``: layer id -> the layer it feeds ->
    (its port, that layer's port) -> the edge's line; ``g`` answers as networkx would). What the
    passes ask of every layer (who feeds it, the execution order) is computed once and kept until
    the graph changes: a 10,000-layer model asks it tens of thousands of times."""

    def __init__(self, name: str, ir_version: int, path: str | None = None):
        self.name = name
        self.ir_version = ir_version
        self.path = path
        self.layers: dict = {}
        self.succ: dict = {}
        self.edge_count = 0
        self._nx = None  # the networkx graph, once asked for (Edges.networkx)
        self.weights: GraphWeights | None = None
        self.used: set[str] = set()  # ids of layers whose edges were left out with a broken layer they fed
        # The model's runtime information (the <net>'s <rt_info>): name -> a value (a str as read,
        # or what ``set_rt_info`` was given) or a dict of the same, as OpenVINO's reader gives it.
        self.rt_info: dict = {}
        self._feeds: dict | None = None
        self._order: list | None = None
        self._consumers: dict | None = None

    @property
    def g(self) -> Edges:
        # Made on each use rather than kept: kept, it would refer back to the graph, and that
        # cycle keeps a model let go from being freed until the cycle collector runs.
        return Edges(self)

    def layer(self, layer_id: str) -> Layer:
        return self.layers[layer_id]

    def add_layer(self, layer: Layer) -> None:
        self.layers[layer.id] = layer
        self.succ.setdefault(layer.id, {})
        self._feeds = self._order = self._consumers = self._nx = None

    def add_edge(self, src: str, src_port: str, dst: str, dst_port: str, line=None) -> None:
        self.add_edges(((src, src_port, dst, dst_port, line),))

    def add_edges(self, edges) -> None:
        """``add_edge`` for each (src, src_port, dst, dst_port, line), in order."""
        succ, count = self.succ, 0
        for src, src_port, dst, dst_port, line in edges:
            keyed = succ[src].setdefault(dst, {})
            count += (src_port, dst_port) not in keyed
            keyed[(src_port, dst_port)] = line
        self.edge_count += count
        self._feeds = self._order = self._consumers = self._nx = None

    def producers(self, layer_id: str) -> dict:
        """Map each input index of a layer to the (layer id, output index) that feeds it (the
        map is shared: read it, do not change it)."""
        if self._feeds is None:
            feeds: dict[str, dict] = {lid: {} for lid in self.layers}
            layers = self.layers
            inputs: dict = {}  # layer id -> its input ports' positions (asked once a layer, not once an edge)
            for src, out in self.succ.items():
                if not out:
                    continue
                outs = layers[src].port_indices()[1]
                for dst, keyed in out.items():
                    ins = inputs.get(dst)
                    if ins is None:
                        ins = inputs[dst] = layers[dst].port_indices()[0]
                    fed = feeds[dst]
                    for sp, dp in keyed:
                        fed[ins[dp]] = (src, outs[sp])
            self._feeds = feeds
        return self._feeds[layer_id]

    def consumers(self, layer_id: str) -> tuple:
        """The layers an output of this one feeds, each once (shared: do not change it)."""
        if self._consumers is None:
            self._consumers = {lid: tuple(sorted(self.succ[lid])) for lid in self.layers}
        return self._consumers[layer_id]

    def topological_order(self) -> list:
        """Every layer, each after those feeding it; among the layers ready at a step, the one
        with the smallest id first (numbers in order, then other ids), so the order is stable and
        follows the XML."""
        if self._order is None:
            self._order = self._sorted()
        return list(self._order)

    def _sorted(self) -> list:
        # Each layer's rank in the tie-break order (sorted() is stable: equal keys keep XML
        # order), so the heap holds plain ints.
        by_rank = sorted(self.layers, key=_id_key)
        rank = {lid: r for r, lid in enumerate(by_rank)}
        succ = self.succ
        # The common case, as OpenVINO numbers layers: every edge leads to a higher rank. Then
        # each layer is ready once those before it are taken, and the walk below would take
        # them in rank order.
        if all(rank[dst] > r for lid, r in rank.items() for dst in succ[lid]):
            return by_rank
        children = {lid: [dst for dst, keyed in succ[lid].items() for _ in keyed] for lid in self.layers}
        indegree = dict.fromkeys(self.layers, 0)
        for lid in self.layers:
            for child in children[lid]:
                indegree[child] += 1
        ready = [rank[lid] for lid, n in indegree.items() if not n]
        heapq.heapify(ready)
        order = []
        while ready:
            lid = by_rank[heapq.heappop(ready)]
            order.append(lid)
            for child in children[lid]:
                indegree[child] -= 1
                if not indegree[child]:
                    heapq.heappush(ready, rank[child])
        if len(order) < len(self.layers):
            import networkx as nx  # (only to name a cycle)

            cycle = nx.find_cycle(self.g.networkx())
            ids = (
                listing((f"'{self.layer(e[0]).name}' ({e[0]})" for e in cycle), " -> ")
                + f" -> '{self.layer(cycle[0][0]).name}'"
            )
            first = self.layer(cycle[0][0])
            raise ValidationError(f"the graph has a cycle through layers {ids}", file=self.path, **first.where())
        return order

    def by_type(self, op_type: str) -> list:
        return [layer for layer in self.layers.values() if layer.type == op_type]


def _first_positions(ports: list) -> dict:
    """Port id -> the position of the first port of that id."""
    index = {p.id: i for i, p in enumerate(ports)}
    if len(index) != len(ports):  # (a repeated id: the first wins)
        index = {}
        for i, p in enumerate(ports):
            index.setdefault(p.id, i)
    return index


def _id_key(node_id: str):
    # Keep XML order for ids that are numbers, so execution order is stable and readable.
    return (0, int(node_id), "") if node_id.isascii() and node_id.isdecimal() else (1, 0, node_id)
