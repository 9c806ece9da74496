"""What the block movement ops share (DepthToSpace, SpaceToDepth, BatchToSpace, SpaceToBatch):
dims multiplied and divided by block sizes over partial shapes, and the checks of their
attributes and 1-D integer inputs."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import Dim, fmt, span
from ..common import dyn_rank, int_vector
from ..op import Fact


def times(d: Dim, k: int) -> Dim:
    return span(d.lo * k, None if d.hi is None else d.hi * k)


def divided(d: Dim, k: int, what: str) -> Dim:
    """The dim divided by ``k``, which must divide it: a static dim that it does not divide is
    refused; of an interval, the sizes it divides (as OpenVINO's Dimension division)."""
    if d.is_static and d.lo % k:
        raise ValidationError(f"{what} {d.lo} is not divisible by {k}")
    lo, hi = -(-d.lo // k), None if d.hi is None else d.hi // k
    if hi is not None and lo > hi:
        raise ValidationError(f"{what} {d} holds no multiple of {k}")
    return span(lo, hi)


def check_block_size(op) -> None:
    if op.block_size < 1:
        raise ValidationError(f"{op.type}'s block_size must be 1 or more, got {op.block_size}")


def require_min_rank(shape, n: int, what: str) -> None:
    if shape is not None and len(shape) < n:
        raise ValidationError(f"{what} must have rank {n} or more, got {fmt(shape)}")


def vector_inputs(op_type: str, facts: list, names: tuple, data_shape) -> int | None:
    """The three 1-D inputs of BatchToSpace/SpaceToBatch: each 1-D, all of one length, which is
    the data's rank. Returns that length when known."""
    n = None
    for k, (f, name) in enumerate(zip(facts, names), start=1):
        if f.shape is None:
            continue
        if len(f.shape) != 1:
            raise ValidationError(f"{op_type}'s {name} must be a 1-D tensor, got shape {fmt(f.shape)}", port=k)
        if f.shape[0].is_static:
            if n is not None and f.shape[0].lo != n:
                raise ValidationError(
                    f"{op_type}'s {', '.join(names)} must have one length, got "
                    f"{', '.join(fmt(g.shape) for g in facts)}",
                    port=k,
                )
            n = f.shape[0].lo
    if data_shape is not None and n is not None and n != len(data_shape):
        raise ValidationError(f"{op_type}'s {names[0]} has {n} elements for a rank-{len(data_shape)} input", port=1)
    return n


def vector_values(op_type: str, arrays: list, names: tuple, rank: int) -> list:
    """The values of the three 1-D inputs, checked as the spec asks: block sizes 1 or more (the
    first 1), pads or crops 0 or more (the first 0)."""
    block, begin, end = (int_vector(a, n) for a, n in zip(arrays, names))
    if len(block) != rank or len(begin) != rank or len(end) != rank:
        raise ValidationError(
            f"{op_type}'s {', '.join(names)} must have {rank} elements each, got {block}, {begin}, {end}"
        )
    if any(b < 1 for b in block) or block[0] != 1:
        raise ValidationError(f"{op_type}'s block_shape {block} must be 1 or more, and 1 for the batch")
    if any(p < 0 for p in begin + end) or begin[0] or end[0]:
        raise ValidationError(
            f"{op_type}'s {names[1]} {begin} and {names[2]} {end} must be 0 or more, and 0 for the batch"
        )
    return [block, begin, end]


def known(facts: list) -> list | None:
    """The three inputs' values, when all are known."""
    if any(f.value is None for f in facts):
        return None
    return [np.asarray(f.value) for f in facts]


def product(values: list) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def block_vectors_fact(op_type: str, data: Fact, vectors: list, names: tuple, shape_of) -> Fact:
    """BatchToSpace's and SpaceToBatch's rule: data of rank 2 or more and three 1-D vectors of
    its rank; the output shape ``shape_of(data shape, *vector values)`` when they are known."""
    require_min_rank(data.shape, 2, f"{op_type}'s data")
    n = vector_inputs(op_type, vectors, names, data.shape)
    if data.shape is None:
        return Fact(data.etype, None if n is None else dyn_rank(n))
    values = known(vectors)
    if values is None:
        return Fact(data.etype, dyn_rank(len(data.shape)))
    return Fact(data.etype, shape_of(data.shape, *vector_values(op_type, values, names, len(data.shape))))
