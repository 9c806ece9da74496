"""Which layers the page folds into the layer that reads them, as Netron does: a Const is no box of
its own but a line in its reader's box (``weight 128x64 f32``), and a weight decompression chain
(NNCF's compressed weights) is one such line (``int4, group 16, 128x64``).

A chain, as NNCF writes it (irexec.run.decompression recognises the same for execution, but only
the chains it computes in f32, with f16 steps; the page shows any such chain):

    Const (low precision: u1..u8, i4, i8, nf4, f4/f8 codes, or f16/bf16)
    -> Convert
    -> Subtract (zero point: a Const, or Convert(Const))        optional
    -> Multiply (scale: a Const, or Convert(Const), either side) optional for f16/bf16 weights
    -> Reshape (Const target)                                    optional
    -> Convert                                                   optional

each step read only by the next. A constant (or chain) read by several layers is folded into each
of them: every reader's box says what it reads, and no long edge crosses the graph to a shared box.
A constant nothing reads stays a box."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..graph import Graph
from ..run import decompression
from ..run.decompression import only_reader

# The weight types a chain starts from (the codes NNCF writes, and f16/bf16 weights widened by a
# Convert, as models compressed to f16 hold them).
LOW = decompression.LOW | {"f16", "bf16"}
_BITS = {"u1": "int1", "u2": "int2", "u3": "int3", "u4": "int4", "i4": "int4", "u6": "int6", "u8": "int8", "i8": "int8"}
_STATS_ITEMS = 1 << 20  # a constant's statistics are computed up to this many elements
_VALUE_ITEMS = 16  # a constant's values are listed up to this many


@dataclass
class Weight:
    """What one reader shows for a folded constant or chain at its input ``port`` (an index)."""

    port: int
    label: str  # the line in the reader's box
    name: str  # the Const's (or the chain's codes') layer name
    etype: str
    shape: tuple | None
    layers: list  # the folded layers' ids (the Const first; a chain's steps after)
    compressed: dict | None = None  # a chain's bits, group, zero point and scale
    stats: dict | None = None  # min, max, mean (and values, when few) of the Const


@dataclass
class Folding:
    """``hidden``: the ids of the layers not drawn when folded; ``weights``: reader id -> Weights."""

    hidden: set = field(default_factory=set)
    weights: dict = field(default_factory=dict)
    stats: dict = field(default_factory=dict)  # Const id -> const_stats (read once, however many readers)

    def const_stats(self, layer) -> dict | None:
        if layer.id not in self.stats:
            self.stats[layer.id] = const_stats(layer)
        return self.stats[layer.id]


def fold(graph: Graph, order: list) -> Folding:
    folding = Folding()
    consts = [lid for lid in order if graph.layer(lid).type == "Const"]
    for lid in consts:  # the chains first: their zero points and scales are theirs
        chain = _chain(graph, lid)
        if chain is not None:
            _fold_chain(graph, chain, folding)
    for lid in consts:
        readers = graph.consumers(lid)
        if lid in folding.hidden or not readers:
            continue  # (read by nothing: a box of its own, where lint's warning shows)
        folding.hidden.add(lid)
        for reader in readers:
            for k, (src, _) in graph.producers(reader).items():
                if src == lid:
                    w = _const_weight(graph, lid, k, folding)
                    folding.weights.setdefault(reader, []).append(w)
    for weights in folding.weights.values():
        weights.sort(key=lambda w: w.port)
    return folding


def _etype(graph: Graph, lid: str) -> str | None:
    outs = graph.layer(lid).outputs
    return outs[0].etype.name if outs and outs[0].etype is not None else None


def _operand(graph: Graph, lid: str) -> list | None:
    """A zero point's or scale's layers: [Const] or [Const, Convert] (the Convert read by the chain
    alone); None when it is anything else."""
    layer = graph.layer(lid)
    if layer.type == "Const" and len(graph.consumers(lid)) == 1:
        return [lid]
    if layer.type == "Convert" and only_reader(graph, lid) is not None:
        inner = graph.producers(lid).get(0)
        if inner is not None and graph.layer(inner[0]).type == "Const" and len(graph.consumers(inner[0])) == 1:
            return [inner[0], lid]
    return None


def _chain(graph: Graph, codes: str) -> dict | None:
    """The chain starting at the Const ``codes``: its steps and operands, or None."""
    if _etype(graph, codes) not in LOW:
        return None
    convert = only_reader(graph, codes)
    if convert is None or graph.layer(convert).type != "Convert":
        return None
    steps, zero, scale, target = [convert], None, None, None
    nxt = only_reader(graph, convert)
    if nxt is not None and graph.layer(nxt).type == "Subtract" and graph.producers(nxt).get(0) == (convert, 0):
        zero = _operand(graph, graph.producers(nxt)[1][0])
        if zero is None:
            return None
        steps.append(nxt)
        nxt = only_reader(graph, nxt)
    if nxt is not None and graph.layer(nxt).type == "Multiply":
        feeds = graph.producers(nxt)
        k = 0 if feeds.get(0) == (steps[-1], 0) else 1
        other = feeds.get(1 - k)
        scale = _operand(graph, other[0]) if other is not None else None
        if scale is not None:
            steps.append(nxt)
            nxt = only_reader(graph, nxt)
    if scale is None and (zero is not None or _etype(graph, codes) not in ("f16", "bf16")):
        return None  # (integer codes with no scale are not a weight but a cast)
    if nxt is not None and graph.layer(nxt).type == "Reshape" and graph.producers(nxt).get(0) == (steps[-1], 0):
        src = graph.producers(nxt).get(1)
        if src is not None and graph.layer(src[0]).type == "Const" and len(graph.consumers(src[0])) == 1:
            target = src[0]
            steps.append(nxt)
            nxt = only_reader(graph, nxt)
    if nxt is not None and graph.layer(nxt).type == "Convert":
        steps.append(nxt)
    if not graph.consumers(steps[-1]):
        return None
    return {"codes": codes, "steps": steps, "zero": zero, "scale": scale, "target": target}


def _fold_chain(graph: Graph, chain: dict, folding: Folding) -> None:
    end = chain["steps"][-1]
    layers = [chain["codes"], *chain["steps"], *(chain["zero"] or []), *(chain["scale"] or [])]
    if chain["target"] is not None:
        layers.append(chain["target"])
    folding.hidden.update(layers)
    codes = graph.layer(chain["codes"])
    etype = _etype(graph, chain["codes"])
    out = graph.layer(end).outputs[0]
    shape = _dims(out.shape)
    scale_shape = _dims(graph.layer(chain["scale"][0]).outputs[0].shape) if chain["scale"] else None
    group = _group(_dims(codes.outputs[0].shape), scale_shape)
    bits = _BITS.get(etype, etype)
    label = ", ".join(x for x in (bits, group, _shape_text(shape)) if x)
    info = {
        "bits": bits,
        "group": group,
        "codes": f"{codes.name} {etype} {_shape_text(_dims(codes.outputs[0].shape))}",
        "zero point": _operand_text(graph, chain["zero"]),
        "scale": _operand_text(graph, chain["scale"]),
        "steps": " -> ".join(graph.layer(s).type for s in chain["steps"]),
        "type": _etype(graph, end) or "?",
    }
    for reader in graph.consumers(end):
        for k, (src, _) in graph.producers(reader).items():
            if src == end:
                w = Weight(k, label, codes.name, etype or "?", shape, layers, {k: v for k, v in info.items() if v})
                w.stats = folding.const_stats(codes)
                folding.weights.setdefault(reader, []).append(w)


def _group(codes: tuple | None, scale: tuple | None) -> str:
    """ "group N" when the scale has one value per group of N weights along the last axis, else
    "per-channel" (a scale per output row) or "per-tensor" (one scale)."""
    if scale is None:
        return ""
    if codes is None or None in codes or None in scale:
        return "?"
    count = int(np.prod(scale)) if scale else 1
    if count <= 1:
        return "per-tensor"
    if len(codes) >= 3 and len(scale) == len(codes) and scale[-1] == 1 and scale[-2] > 1:
        return f"group {codes[-1]}"
    return "per-channel"


def _operand_text(graph: Graph, layers: list | None) -> str:
    if not layers:
        return ""
    const = graph.layer(layers[0])
    text = f"{const.name} {_etype(graph, layers[0])} {_shape_text(_dims(const.outputs[0].shape))}"
    return text + (f" -> {_etype(graph, layers[1])}" if len(layers) > 1 else "")


def _const_weight(graph: Graph, lid: str, port: int, folding: Folding) -> Weight:
    layer = graph.layer(lid)
    etype = _etype(graph, lid) or "?"
    shape = _dims(layer.outputs[0].shape)
    tail = layer.name.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].rsplit(".", 1)[-1] or layer.name
    if len(tail) > 18:
        tail = "…" + tail[-17:]
    w = Weight(port, f"{tail} {_shape_text(shape)} {etype}", layer.name, etype, shape, [lid])
    w.stats = folding.const_stats(layer)
    return w


def _dims(shape) -> tuple | None:
    """A static shape as ints (None for a dynamic dimension); None for an unknown rank."""
    if shape is None:
        return None
    return tuple(d.lo if d.lo == d.hi else None for d in shape)


def _shape_text(shape: tuple | None) -> str:
    if shape is None:
        return "?"
    return "x".join("?" if d is None else str(d) for d in shape) if shape else "scalar"


def const_stats(layer) -> dict | None:
    """A Const's min, max and mean (its values when few), for the panel; None when too large to
    read cheaply or unreadable (lint says why)."""
    shape = _dims(layer.outputs[0].shape)
    if shape is None or None in shape or int(np.prod(shape, dtype=np.int64)) > _STATS_ITEMS:
        return None
    try:
        arr = np.asarray(layer.op.compute())
    except Exception:  # (no weights, a bad offset: lint says so; the page just shows none)
        return None
    out: dict = {}
    if arr.size and arr.dtype.kind in "biuf":
        a = arr.astype(np.float64, copy=False)
        finite = a[np.isfinite(a)] if arr.dtype.kind == "f" else a.reshape(-1)
        if finite.size:
            out.update(min=float(finite.min()), max=float(finite.max()), mean=float(finite.mean()))
    if arr.size <= _VALUE_ITEMS:
        out["values"] = "[" + ", ".join(str(v) for v in arr.reshape(-1).tolist()) + "]"
    return out or None
