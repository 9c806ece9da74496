"""``irexec run --random``: each input not given gets random values of its shape (``--shape`` for
dynamic dims) and element type (``irexec.io.random_values``), within the budget for one tensor; a
string input gets short random ASCII strings (``random_strings``).

Index-aware: an integer input that feeds an index input (role "indices" in the op's declaration,
``irexec.io.roles``), directly or through the value-preserving ops in ``PASS_THROUGH`` (by their data
input), gets values valid there instead of [-100, 100): [0, n) for a "take" or "elements" index
counting n positions along its axis, and, for an "nd" index tuple, each entry below its dim. The
data shapes and axes come from a shape-inference pass over the actual input shapes (and the
values of small given inputs). Feeding several index inputs, it takes the smallest bound. When a
bound cannot be known (a dynamic dim, an axis computed from inputs), the usual range is used.

A run that still fails in a layer fed by values --random made says so (``blame_random``).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ..api.model import Model
from ..check.shape_inference import fact_of, layer_facts
from ..errors import InputError, IRExecError, UsageError
from ..limits import fmt_bytes
from ..ops.op import Fact
from ..shapes import fmt, normalize_axis, static
from ..types import NARROW_UINTS
from .inputs import suggest
from .random_values import random_below, random_data, random_strings
from .roles import bound_axis, data_input, declared_inputs

# Ops an index passes through unchanged in value: element type, or layout only. An "nd" tuple
# keeps its entries in the last axis only through Convert.
PASS_THROUGH = frozenset(("Convert", "Reshape", "Squeeze", "Unsqueeze"))


def random_inputs(m: Model, given: dict, shapes: dict, seed: int) -> dict:
    """Random arrays for the inputs of ``m`` not in ``given`` (name -> array), by input name;
    ``shapes``: the shape of inputs with dynamic dims (name -> tuple)."""
    if seed < 0:  # (NumPy's generators take non-negative seeds only)
        raise UsageError(f"--seed {seed}: the seed must be 0 or more")
    rng = np.random.default_rng(seed)
    wanted, total = {}, 0
    for info in m.inputs:
        if info.name in given:
            continue
        shape = shapes.get(info.name)
        if shape is None:
            if info.shape is None or not all(d.is_static for d in info.shape):
                raise InputError(
                    f"input '{info.name}' has dynamic shape {fmt(info.shape)}: give its size "
                    f"with {suggest(m, info, '--shape', 'D1,D2,...')} or its values with "
                    f"{suggest(m, info, '-i', 'FILE.npy')}"
                )
            shape = tuple(d.lo for d in info.shape)
        count = int(np.prod(shape, dtype=object))
        total += count * info.element_type.dtype.itemsize
        if total > m.max_tensor_bytes:
            raise InputError(
                f"--random would allocate more than {fmt_bytes(m.max_tensor_bytes)}, the "
                f"budget for one tensor (input '{info.name}' has shape {list(shape)}; "
                f"see --max-bytes)"
            )
        wanted[info.name] = (info, tuple(shape))
    highs = index_bounds(m, given, wanted)
    out = {}
    for name, (info, shape) in wanted.items():
        high = highs.get(name)
        if info.element_type.is_string:
            out[name] = random_strings(rng, shape)
            continue
        out[name] = (
            random_data(rng, shape, info.element_type)
            if high is None
            else random_below(rng, shape, info.element_type, high)
        )
    return out


# --random strings: 0 to 8 characters each, letters and digits (printable, one byte in UTF-8).
def index_bounds(m: Model, given: dict, wanted: dict) -> dict:
    """For each integer input in ``wanted`` (name -> (info, shape)) that feeds index inputs, the
    exclusive upper bound of valid values: an int, or a tuple (one per position along the last
    axis, index tuples)."""
    graph = m.graph
    integers = {name: info for name, (info, _) in wanted.items() if info.element_type.is_integer}
    consumers = _consumers(graph) if integers else {}
    uses = {}
    for name, info in integers.items():
        found = _index_uses(graph, consumers, info.layer_id)
        if found:
            uses[name] = found
    if not uses:
        return {}
    order = m.plan.order
    position = {lid: n for n, lid in enumerate(order)}
    last = max(position[lid] for found in uses.values() for lid, _, _ in found)
    facts = _facts(m, given, wanted, order[: last + 1])  # (what comes after feeds no index used)
    bounds = {}
    for name, found in uses.items():
        info, shape = wanted[name]
        highs = [
            h
            for lid, k, layout in found
            for h in [_bound(graph.layer(lid), k, facts, graph, layout, shape)]
            if h is not None
        ]
        high = _smallest(highs, info.element_type)
        if high is not None:
            bounds[name] = high
    return bounds


def _consumers(graph) -> dict:
    """(layer id, output index) -> [(layer id, input index)] it feeds."""
    out = {}
    for lid in graph.layers:
        for k, src in graph.producers(lid).items():
            out.setdefault(src, []).append((lid, k))
    return out


def _index_uses(graph, consumers: dict, start: str) -> list:
    """The index inputs the Parameter ``start`` feeds, as (layer id, input index, whether the
    values reach it in their own layout: through Convert only)."""
    found, todo, seen = [], [(start, True)], {start}
    while todo:
        src, layout = todo.pop()
        for lid, k in consumers.get((src, 0), ()):
            layer = graph.layer(lid)
            decl = declared_inputs(type(layer.op), len(layer.inputs))[k]
            if decl.role == "indices" and decl.bound is not None:
                found.append((lid, k, layout))
            elif layer.type in PASS_THROUGH and k == 0 and lid not in seen:
                seen.add(lid)
                todo.append((lid, layout and layer.type == "Convert"))
    return found


def _facts(m: Model, given: dict, wanted: dict, order: list) -> dict:
    """Shape inference over ``order`` on the inputs' actual shapes, tolerant: a layer whose rule
    fails (or whose inputs are unknown) is left without facts."""
    facts = {}
    for name, arr in given.items():
        info = m.input(name)
        facts[(info.layer_id, 0)] = fact_of(np.asarray(arr), info.element_type)
    for info, shape in wanted.values():
        facts[(info.layer_id, 0)] = Fact(info.element_type, static(shape))
    for lid in order:
        layer = m.graph.layer(lid)
        if layer.type == "Parameter":
            continue
        feeds = m.graph.producers(lid)
        try:
            outs = layer_facts(layer.op, [facts[feeds[i]] for i in range(len(layer.inputs))])
        except Exception:  # unknown inputs, or a rule that refuses them: the run will say
            continue
        for i, fact in enumerate(outs):
            facts[(lid, i)] = fact
    return facts


def _bound(layer, k: int, facts: dict, graph, layout: bool, shape: tuple):
    """The bound of ``layer``'s index input ``k`` (see ``index_bounds``), None when unknown."""
    op = layer.op
    decls = declared_inputs(type(op), len(layer.inputs))
    bound = decls[k].bound
    feeds = graph.producers(layer.id)
    data = facts.get(feeds[data_input(decls)])
    if data is None or data.shape is None:
        return None
    if bound.kind == "nd":
        idx = facts.get(feeds[k])
        if idx is None or not idx.shape or not idx.shape[-1].is_static:
            return None
        n, batch = idx.shape[-1].lo, getattr(op, "batch_dims", 0)
        dims = data.shape[batch : batch + n]
        if n == 0 or len(dims) != n or not all(d.is_static for d in dims):
            return None
        highs = tuple(d.lo for d in dims)
        return highs if layout and shape and shape[-1] == n else min(highs)
    try:
        axis = bound_axis(op, decls, bound, lambda i: _value(facts.get(feeds[i])))
        if axis is None:
            return None
        dim = data.shape[normalize_axis(axis, len(data.shape))]
    except IRExecError:
        return None
    return dim.lo if dim.is_static else None


def _value(fact):
    return None if fact is None else fact.value


def _smallest(highs: list, etype):
    """The smallest of several bounds (per position where all are tuples of one length), within
    what ``etype`` holds; None when there is none, or no valid value (a bound of 0)."""
    if not highs:
        return None
    top = 1 << etype.bits if etype.name in NARROW_UINTS else min(int(ml_dtypes.iinfo(etype.dtype).max) + 1, 1 << 62)
    arrays = [np.asarray(h, np.int64) for h in highs]
    rows = [a for a in arrays if a.ndim]
    if rows and all(len(r) == len(rows[0]) for r in rows):
        high = np.minimum.reduce(np.broadcast_arrays(*arrays))
    else:
        high = np.int64(min(int(a.min()) for a in arrays))
    high = np.minimum(high, top)
    if high.min() <= 0:
        return None
    return tuple(int(h) for h in high) if high.ndim else int(high)


# ---- when a run fails anyway ----------------------------------------------------------------------


def blame_random(m, error: IRExecError, random_names) -> None:
    """A layer failing on values that --random made says so: the values, not the model, may be
    what is wrong (an index out of range that no bound derived from the ops' declarations caught)."""
    if not random_names or error.layer_id is None or error.layer_id not in m.graph.layers:
        return
    layer, feeds = m.graph.layer(error.layer_id), m.graph.producers(error.layer_id)
    upstream = {error.layer_id}
    k = _input_of(layer, error.port)
    if k in feeds:  # the error names the input it found wrong: look above that one only
        upstream = {feeds[k][0]}
    todo = list(upstream)
    while todo:
        for src, _ in m.graph.producers(todo.pop()).values():
            if src not in upstream:
                upstream.add(src)
                todo.append(src)
    names = [info.name for info in m.inputs if info.name in random_names and info.layer_id in upstream]
    if names:
        quoted = ", ".join(f"'{n}'" for n in names)
        error.message += f" ({'input' if len(names) == 1 else 'inputs'} {quoted} came from --random)"


def _input_of(layer, port):
    """The input index an error's ``port`` names: ops give the index, the checks the port id."""
    if isinstance(port, int):
        return port
    try:
        return layer.input_index(str(port))
    except KeyError:
        return None
