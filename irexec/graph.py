"""The model graph: layers (nodes) and edges of a networkx MultiDiGraph.

Nodes are layer ids; each carries its ``Layer``. An edge from layer A to layer B is keyed
by ``(from_port, to_port)`` using the port ids written in the XML.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import networkx as nx

from .errors import ValidationError
from .shapes import PShape
from .types import ElementType


@dataclass
class Port:
    id: str
    etype: Optional[ElementType]
    shape: PShape
    names: tuple = ()
    line: Optional[int] = None


@dataclass
class Layer:
    id: str
    name: str
    type: str
    version: Optional[str]
    attrs: dict
    inputs: list
    outputs: list
    line: Optional[int] = None
    op: object = None

    def input_index(self, port_id: str) -> int:
        for i, p in enumerate(self.inputs):
            if p.id == port_id:
                return i
        raise KeyError(port_id)

    def output_index(self, port_id: str) -> int:
        for i, p in enumerate(self.outputs):
            if p.id == port_id:
                return i
        raise KeyError(port_id)

    def where(self) -> dict:
        """Location fields for errors about this layer."""
        return {"layer": self.name, "layer_id": self.id, "layer_type": self.type, "line": self.line}


class Graph:
    def __init__(self, name: str, ir_version: int, path: Optional[str] = None):
        self.name = name
        self.ir_version = ir_version
        self.path = path
        self.g = nx.MultiDiGraph()
        self.weights = None
        self.used = set()  # ids of layers whose edges were left out with a broken layer they fed

    @property
    def layers(self) -> dict:
        return {n: d["layer"] for n, d in self.g.nodes(data=True)}

    def layer(self, layer_id: str) -> Layer:
        return self.g.nodes[layer_id]["layer"]

    def add_layer(self, layer: Layer) -> None:
        self.g.add_node(layer.id, layer=layer)

    def add_edge(self, src: str, src_port: str, dst: str, dst_port: str, line=None) -> None:
        self.g.add_edge(src, dst, key=(src_port, dst_port), line=line)

    def producers(self, layer_id: str) -> dict:
        """Map each input index of a layer to the (layer id, output index) that feeds it."""
        layer = self.layer(layer_id)
        feeds = {}
        for src, _, (sp, dp) in self.g.in_edges(layer_id, keys=True):
            feeds[layer.input_index(dp)] = (src, self.layer(src).output_index(sp))
        return feeds

    def topological_order(self) -> list:
        try:
            return list(nx.lexicographical_topological_sort(self.g, key=_id_key))
        except nx.NetworkXUnfeasible:
            cycle = nx.find_cycle(self.g)
            ids = " -> ".join(f"'{self.layer(e[0]).name}' ({e[0]})" for e in cycle) + \
                f" -> '{self.layer(cycle[0][0]).name}'"
            first = self.layer(cycle[0][0])
            raise ValidationError(f"the graph has a cycle through layers {ids}", file=self.path,
                                  **first.where()) from None

    def by_type(self, op_type: str) -> list:
        return [layer for layer in self.layers.values() if layer.type == op_type]


def _id_key(node_id: str):
    # Keep XML order for ids that are numbers, so execution order is stable and readable.
    return (0, int(node_id), "") if node_id.isascii() and node_id.isdecimal() else (1, 0, node_id)
