"""The layers' ranks (rows), top to bottom, made here in one pass over the topological order (the
page places the boxes in each row, in the browser, so that a body can open in place and the
folded constants come back, without a round trip).

A layer's rank is one more than its lowest producer's (the longest path from an input). With every
layer shown, a constant and what only constants feed (a decompression chain) sit just above their
first reader rather than in the top row, where a model's hundreds of weights would make one row
as wide as the graph with an edge from each to far below."""

from __future__ import annotations

from ..graph import Graph


def ranks(graph: Graph, order: list, hidden: set) -> tuple:
    """(folded, unfolded): layer id -> rank, the first without the ``hidden`` layers."""
    folded, full = {}, {}
    constant = set()  # the layers whose inputs are all constants (a Const has none)
    for lid in order:
        feeds = [src for src, _ in graph.producers(lid).values()]
        full[lid] = 1 + max((full[s] for s in feeds if s in full), default=-1)
        if lid not in hidden:
            folded[lid] = 1 + max((folded[s] for s in feeds if s in folded), default=-1)
        layer = graph.layer(lid)
        if (layer.type == "Const" and not feeds) or (feeds and all(s in constant for s in feeds)):
            constant.add(lid)
    for lid in reversed(order):  # (readers first: a chain's steps move down in turn)
        if lid in constant:
            users = [full[c] for c in graph.consumers(lid) if c in full]
            if users:
                full[lid] = max(0, min(users) - 1)
    return folded, full
