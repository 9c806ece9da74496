"""Compressed weights (NNCF's int8/int4 and the like) computed as OpenVINO's CPU plugin computes
them: each decompression chain in f32, once per Plan, its value cached within a budget.

A chain, as NNCF writes it and as this module recognises it:

    Const (u1..u8, i4, i8, nf4, f4e2m1, f8e4m3, f8e5m2)
    -> Convert (to f16)
    -> Subtract (zero point)      optional; the zero point a Const, or Convert(Const), of f16
    -> Multiply (scale)           the scale a Const, or Convert(Const), of f16, on either side
    -> Reshape (Const target)     optional: grouped weights, [out, groups, size] -> [out, in]
    -> Convert (to f32)           optional

each step read only by the next (the last may feed anything). Measured on the CPU plugin
(INFERENCE_PRECISION_HINT f32, OpenVINO 2026.4; tests/run/test_decompression.py holds it): the
plugin computes such a chain as ``(f32(weight) - f32(zero point)) * f32(scale)`` in f32, one
rounding (to f32) per step and none to f16, whatever reads it (MatMul on either input, Gather on
any axis, Convolution, Add, a Result): irexec's per-op f16 rounding (after Subtract and Multiply)
lands up to half an f16 ulp off each weight, 2e-4 to 9e-4 on an LLM's logits. The zero point and
scale keep their declared values (a scale Convert-ed from f32 to f16 is rounded to f16 first, as
the plugin does); nf4 weights take their f32 table values when only MatMuls read the chain as
their weights, else the table rounded to f16 (as the plugin: see _fully_connected). Under this
hint the plugin computes any f16 constant subgraph in f32 (an f16 Const times an f16 scale too):
irexec takes only the chains out of the spec's per-op rounding. A chain without the trailing Convert
gives its declared f16: the f32 value rounded once (the plugin rounds it there when an Add reads
it, while a MatMul, Gather or Convolution reads the f32 value; irexec keeps declared types between
layers). A chain already in f32 (Convert to f32, f32 scale) computes as the plugin does step by
step, so it is left to the executor's folding (FOLD_BYTES); bf16 chains are not recognised (the
plugin's bf16 rounding there is its own).

Caching: a Plan decompresses each chain the first time a run reaches it and keeps the value,
read-only, while the chains' declared outputs add up to at most the budget, taken in execution
order: ``CACHE_BYTES`` when set, else the environment variable ``IREXEC_DECOMPRESS_CACHE``
(bytes, or with a K, M or G suffix; 0 caches nothing) when the Plan is made, else a quarter of
the physical memory. A chain past the budget is computed on every run where the run reaches it
(still in f32, as the plugin computes it) and let go after its last reader, as any activation.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass

import numpy as np

from ..check.shape_inference import nbytes
from ..errors import ExecutionError, IRExecError
from ..graph import Graph
from ..ops.op import Fact

# The weight types of a chain: what NNCF and the plugin's decompression handle (integers of 8 bits
# or fewer, the 4- and 8-bit float codes).
LOW = frozenset({"u1", "u2", "u3", "u4", "u6", "u8", "i4", "i8", "nf4", "f4e2m1", "f8e4m3", "f8e5m2"})

# The budget for cached chains, in bytes; None: the environment's, or a quarter of physical memory.
CACHE_BYTES: int | None = None


def budget() -> int:
    """The bytes of decompressed chains a Plan made now may keep (see the module docstring)."""
    if CACHE_BYTES is not None:
        return CACHE_BYTES
    text = os.environ.get("IREXEC_DECOMPRESS_CACHE", "").strip()
    if text:
        scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1].upper(), 1)
        try:
            return int(float(text[:-1] if scale > 1 else text) * scale)
        except ValueError:
            raise ValueError(f"IREXEC_DECOMPRESS_CACHE must be bytes, as 512M or 4G, got {text!r}") from None
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 4
    except (ValueError, OSError, AttributeError):  # (no sysconf: not POSIX)
        return 4 << 30


@dataclass(frozen=True)
class Operand:
    """A zero point or scale: the Const at ``at`` (an index into the chain's constants), through
    the Convert layer ``convert`` when there is one."""

    at: int
    convert: str | None = None


@dataclass(frozen=True)
class Chain:
    """One decompression chain. ``consts``: the (layer id, 0) keys of the Consts it reads, the
    weight first; ``layers``: its layers other than Consts, in execution order, the end (whose
    value it gives) last; ``steps``: the main line's layer ids (Convert, [Subtract], Multiply,
    [Reshape], [Convert])."""

    end: str
    consts: tuple
    layers: tuple
    steps: tuple
    zero: Operand | None
    scale: Operand
    reshape: int | None  # the target's index into consts
    nbytes: int | None  # the end's declared output (None: not static)
    f16_codes: bool = False  # nf4 codes taken as f16 (see _f16_codes)


def find_chains(graph: Graph, order: list) -> list:
    """The decompression chains of ``graph``, by their end's position in ``order``."""
    chains = []
    for lid in order:
        layer = graph.layer(lid)
        if layer.type != "Const" or layer.outputs[0].etype is None or layer.outputs[0].etype.name not in LOW:
            continue
        for convert in graph.consumers(lid):
            chain = _chain(graph, lid, convert)
            if chain is not None:
                chains.append(chain)
    position = {lid: k for k, lid in enumerate(order)}
    return sorted(chains, key=lambda c: position[c.end])


def only_reader(graph: Graph, lid: str) -> str | None:
    """The one layer reading ``lid``'s single output, once; else None (irexec.view.fold asks too)."""
    readers = graph.consumers(lid)
    if len(readers) != 1 or len(graph.layer(lid).outputs) != 1:
        return None
    feeds = graph.producers(readers[0])
    return readers[0] if sum(src == lid for src, _ in feeds.values()) == 1 else None


def _etype(graph: Graph, lid: str) -> str | None:
    et = graph.layer(lid).outputs[0].etype
    return et.name if et is not None else None


def _operand(graph: Graph, src: str, consts: list, layers: list) -> Operand | None:
    """A zero point or scale feeding the chain: an f16 Const, or a Convert to f16 of a Const read
    by nothing else."""
    layer = graph.layer(src)
    if _etype(graph, src) != "f16":
        return None
    if layer.type == "Const":
        consts.append((src, 0))
        return Operand(len(consts) - 1)
    if layer.type == "Convert" and only_reader(graph, src) is not None:
        (inner, _), *_ = graph.producers(src).values()
        if graph.layer(inner).type == "Const":
            consts.append((inner, 0))
            layers.append(src)
            return Operand(len(consts) - 1, src)
    return None


def _chain(graph: Graph, weight: str, convert: str) -> Chain | None:
    first = graph.layer(convert)
    if first.type != "Convert" or _etype(graph, convert) != "f16":
        return None
    consts: list = [(weight, 0)]
    layers: list[str] = []
    steps = [convert]
    zero = reshape = None
    nxt = only_reader(graph, convert)
    if nxt is not None and graph.layer(nxt).type == "Subtract" and graph.producers(nxt)[0] == (convert, 0):
        zero = _operand(graph, graph.producers(nxt)[1][0], consts, layers)
        if zero is None or not _broadcasts(graph, nxt):
            return None
        steps.append(nxt)
        nxt = only_reader(graph, nxt)
    if nxt is None or graph.layer(nxt).type != "Multiply" or not _broadcasts(graph, nxt):
        return None
    feeds = graph.producers(nxt)
    k = 0 if feeds[0] == (steps[-1], 0) else 1
    scale = _operand(graph, feeds[1 - k][0], consts, layers)
    if scale is None:
        return None
    steps.append(nxt)
    nxt = only_reader(graph, nxt)
    if nxt is not None and graph.layer(nxt).type == "Reshape" and graph.producers(nxt)[0] == (steps[-1], 0):
        target = graph.producers(nxt)[1][0]
        if graph.layer(target).type == "Const":
            consts.append((target, 0))
            reshape = len(consts) - 1
            steps.append(nxt)
            nxt = only_reader(graph, nxt)
    if nxt is not None and graph.layer(nxt).type == "Convert" and _etype(graph, nxt) == "f32":
        steps.append(nxt)
    end = graph.layer(steps[-1]).outputs[0]
    size = nbytes(Fact(end.etype, end.shape))
    f16_codes = _etype(graph, weight) == "nf4" and not _fully_connected(graph, steps[-1])
    return Chain(steps[-1], tuple(consts), tuple(layers + steps), tuple(steps), zero, scale, reshape, size, f16_codes)


def _fully_connected(graph: Graph, end: str) -> bool:
    """Whether every reader of the chain is a MatMul reading it as its weights (second input):
    the plugin's FullyConnected with compressed weights, which decodes nf4 to its f32 table. Read
    by anything else (a Gather, a Convolution, an Add), the plugin's Convert to f16 rounds the nf4
    table to f16 first (measured: 4e-6 apart on a [-1, 1] weight), the rest still in f32."""
    readers = graph.consumers(end)
    return bool(readers) and all(
        graph.layer(r).type == "MatMul" and all(k == 1 for k, src in graph.producers(r).items() if src == (end, 0))
        for r in readers
    )


def _broadcasts(graph: Graph, lid: str) -> bool:
    """Whether the Subtract or Multiply broadcasts as NumPy does (or needs no broadcast)."""
    return getattr(graph.layer(lid).op, "auto_broadcast", "numpy") in ("numpy", "none")


def _f32(graph: Graph, operand: Operand, ins: list) -> np.ndarray:
    value = ins[operand.at]
    if operand.convert is not None:  # (its declared f16 value: a scale from f32 is rounded first)
        value = graph.layer(operand.convert).op.compute(value)  # type: ignore[union-attr]
    return np.asarray(value, dtype=np.float32)


def decompress(graph: Graph, chain: Chain, ins: list, trace: list | None = None) -> np.ndarray:
    """The chain's value from its constants ``ins`` (in ``chain.consts``' order), computed in f32
    as the plugin computes it and given in the end's declared type. ``trace``: a list to append
    each layer's (layer id, value in its declared type) to, for an observer."""
    steps = iter(chain.steps)
    w = np.asarray(ins[0]).astype(np.float32)  # (a new array: the steps below write into it)
    if chain.f16_codes:
        w = w.astype(np.float16).astype(np.float32)
    if trace is not None:
        for operand in (chain.zero, chain.scale):
            if operand is not None and operand.convert is not None:
                _traced(graph, trace, operand.convert, _f32(graph, operand, ins))
    _traced(graph, trace, next(steps), w)
    for operand, ufunc in ((chain.zero, np.subtract), (chain.scale, np.multiply)):
        if operand is None:
            continue
        v = _f32(graph, operand, ins)
        # In place when the operand broadcasts into the weight (a per-channel or per-group vector):
        # no second array of the weight's size.
        w = ufunc(w, v, out=w) if np.broadcast_shapes(w.shape, v.shape) == w.shape else ufunc(w, v)
        _traced(graph, trace, next(steps), w)
    if chain.reshape is not None:
        reshape = next(steps)
        w = graph.layer(reshape).op.compute(w, ins[chain.reshape])  # type: ignore[union-attr]
        _traced(graph, trace, reshape, w)
    out = w if _etype(graph, chain.end) == "f32" else w.astype(np.float16)
    for tail in steps:  # (the trailing Convert to f32)
        _traced(graph, trace, tail, out)
    return out


def _traced(graph: Graph, trace: list | None, lid: str, value: np.ndarray) -> None:
    """Note a step's value for an observer, in its declared type (a copy: later steps write into
    the chain's array)."""
    if trace is not None:
        trace.append((lid, value.astype(graph.layer(lid).outputs[0].etype.dtype)))


class Decompressions:
    """How a Plan's chain steps are run: each chain's step (at its end's place in the walk) reads
    the chain's constants and gives its value, decompressed once and kept while within the budget,
    else computed each time. An observer set for the run (``begin``) is shown the chain's layers
    before its end, each with its value, as the chain computes them."""

    def __init__(self, graph: Graph, chains: list, room: int):
        self.graph = graph
        self.chains = {c.end: c for c in chains}
        self.cached: set[str] = set()
        for chain in chains:
            if chain.nbytes is not None and chain.nbytes <= room:
                room -= chain.nbytes
                self.cached.add(chain.end)
        self.values: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()  # (concurrent first runs decompress a chain once)
        self._run = threading.local()

    def begin(self, observer) -> None:
        self._run.observer = observer

    def evaluate(self, layer, ins: list, inplace: bool, path, wanted=None) -> list:
        try:
            return self._evaluate(layer, ins)
        except MemoryError:
            raise ExecutionError("out of memory", file=path, **layer.where()) from None
        except IRExecError:
            raise
        except Exception as e:  # (as the executor reports a layer's failure)
            raise ExecutionError(f"{type(e).__name__}: {e}", file=path, **layer.where()) from e

    def _evaluate(self, layer, ins: list) -> list:
        chain = self.chains[layer.id]
        observer = getattr(self._run, "observer", None)
        traced = None  # (the chain's value when an observer made it compute: not computed twice)
        if observer is not None:
            trace: list = []
            traced = decompress(self.graph, chain, ins, trace)
            for lid, value in trace[:-1]:
                view = value.view()
                view.flags.writeable = False
                observer(self.graph.layer(lid), (view,), 0.0)
        if chain.end not in self.cached:
            return [traced if traced is not None else decompress(self.graph, chain, ins)]
        value = self.values.get(chain.end)
        if value is None:
            with self._lock:
                value = self.values.get(chain.end)
                if value is None:
                    value = traced if traced is not None else decompress(self.graph, chain, ins)
                    value.flags.writeable = False  # shared by every run: never a target for in-place
                    self.values[chain.end] = value
        return [value]
