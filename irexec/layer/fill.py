"""``--random`` for a snippet: values for the inputs that have none, valid for the op as its
inputs declare (``irexec.io.roles``): axes first, then indices (which depend on the axis and on
data's shape), then data.

- An **axis** input: an axis chosen at random among those for which the op's shape rule passes
  and its outputs have the declared dims.
- **Indices** with a bound: in range and non-negative, with distinct targets for a scatter whose
  reduction is none whenever there are enough positions (``irexec.io.random_values``).
- Inputs of role axes, shape or sizes are never invented.
- Anything else: random data of its element type.
"""

from __future__ import annotations

import math

import numpy as np

from ..check.shape_inference import layer_facts
from ..errors import InputError, IRExecError, ValidationError
from ..io.random_values import random_data, random_indices
from ..io.roles import GIVEN_ROLES, bound_axis, data_input, distinct_targets
from ..limits import fmt_bytes
from ..ops.op import Fact
from ..shapes import compatible, fmt, is_static, normalize_axis, static, to_ints
from .values import cast_values

_ORDER = {"axis": 0, "indices": 1}


def randomize(snippet, op, decls, types, feeds, missing, rng, budget) -> list:
    """Fill ``feeds`` (input index -> array) at the ``missing`` inputs; returns notes (indices
    that could not all differ)."""
    shapes = {}
    for i in missing:
        p = snippet.inputs[i]
        where = dict(file=snippet.path, line=p.line, port=p.id)
        if decls[i].role in GIVEN_ROLES:
            raise InputError(f"--random cannot invent {snippet.type}'s shape or axes input: give its values", **where)
        if not is_static(p.dims):
            raise InputError(f"its dims are {fmt(p.dims)}: --random needs static dims; give its values", **where)
        shapes[i] = to_ints(p.dims)
        size = math.prod(shapes[i]) * types[i].dtype.itemsize
        if size > budget:
            raise InputError(
                f"--random would make {fmt_bytes(size)} for this input, over the budget "
                f"of {fmt_bytes(budget)} for one tensor (see --max-bytes)",
                **where,
            )
    inputs = _Inputs(snippet, feeds, shapes)
    notes = []
    for i in sorted(missing, key=lambda i: _ORDER.get(decls[i].role, 2)):
        p, decl = snippet.inputs[i], decls[i]
        try:
            if decl.role == "axis":
                feeds[i] = _random_axis(snippet, op, decls, types, inputs, i, rng)
            elif decl.role == "indices" and decl.bound is not None:
                arr, note = _random_indices(op, decls, inputs, i, rng, budget)
                feeds[i] = cast_values(arr, types[i])
                if note:
                    notes.append(f"input port {p.id}: {note}")
            else:
                feeds[i] = random_data(rng, shapes[i], types[i])
        except IRExecError as e:
            raise e.located(file=snippet.path, line=p.line, port=p.id)
    return notes


class _Inputs:
    """The shapes of a snippet's inputs, made or to be made."""

    def __init__(self, snippet, feeds: dict, shapes: dict):
        self.snippet, self.feeds, self.shapes = snippet, feeds, shapes

    def shape(self, i: int) -> tuple:
        if i in self.feeds:
            return self.feeds[i].shape
        if i in self.shapes:
            return self.shapes[i]
        p = self.snippet.inputs[i]
        if not is_static(p.dims):
            raise InputError(f"--random needs input port {p.id}'s shape: its dims are {fmt(p.dims)}")
        return to_ints(p.dims)


def _random_axis(snippet, op, decls, types, inputs: _Inputs, i: int, rng) -> np.ndarray:
    """An axis chosen at random among those for which the op's shape rule passes and its output
    has the declared dims."""
    rank = len(inputs.shape(data_input(decls)))
    shape = inputs.shape(i)
    valid = []
    for axis in range(rank):
        value = np.full(shape, axis, dtype=types[i].dtype)
        facts = [Fact(types[j], static(inputs.shape(j)), value if j == i else None) for j in range(len(snippet.inputs))]
        try:
            out = layer_facts(op, facts)
        except IRExecError:
            continue
        if all(compatible(f.shape, p.dims) for f, p in zip(out, snippet.outputs)):
            valid.append(value)
    if not valid:
        raise ValidationError(f"no axis of data (rank {rank}) fits these shapes")
    return valid[int(rng.integers(len(valid)))]


def _random_indices(op, decls, inputs: _Inputs, i: int, rng, budget) -> tuple:
    bound = decls[i].bound
    data_shape = inputs.shape(data_input(decls))
    shape = inputs.shape(i)
    axis = 0
    if bound.kind != "nd":
        axis = bound_axis(op, decls, bound, inputs.feeds.get)
        if axis is None:
            raise ValidationError(f"--random needs the {bound.axis} input's value to make indices")
        axis = normalize_axis(axis, len(data_shape))
        if bound.kind == "elements" and len(shape) != len(data_shape):
            raise ValidationError(f"indices {list(shape)} and data {list(data_shape)} must have one rank")
    return random_indices(
        rng, bound.kind, shape, data_shape, axis, getattr(op, "batch_dims", 0), distinct_targets(op, bound), budget
    )
