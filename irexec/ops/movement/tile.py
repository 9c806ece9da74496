"""Tile-1: the data repeated ``repeats[i]`` times along each axis i (NumPy's ``np.tile``). When
``repeats`` is shorter than the data's rank, 1s fill it at the front; when longer, the data's
shape gets leading 1s. A repeat of 0 gives an empty output.

A negative repeat counts as 0, as OpenVINO's shape inference and the CPU plugin take it (the spec
does not say). With an empty ``repeats`` the CPU plugin's output is uninitialised memory, and for
a scalar it crashes; the spec's output is the data itself, which irexec gives.
"""

from __future__ import annotations

import numpy as np

from ...shapes import ONE, fixed, product
from ..common import dyn_rank, int_vector, itemsize, require_array_shape
from ..op import Fact, Input, Op
from ..registry import register
from ._axes import length, require_rank


def tile_repeats(rank: int, repeats: list) -> list:
    """The repeats, negatives as 0, one per output dim (1s in front of a short list)."""
    reps = [max(0, r) for r in repeats]
    return [1] * (rank - len(reps)) + reps


@register
class Tile(Op):
    type, version = "Tile", "opset1"
    spec = "movement/tile-1"
    inputs = (Input("data"), Input("repeats", "int", role="sizes", value=True))

    def output_facts(self, data, repeats):
        require_rank(repeats, (1,), "Tile", "repeats", 1, "a 1-D tensor")
        if data.shape is None:
            return Fact(data.etype, None)
        if repeats.value is None:
            n = length(repeats)
            return Fact(data.etype, None if n is None else dyn_rank(max(n, len(data.shape))))
        reps = tile_repeats(len(data.shape), int_vector(repeats.value, "repeats"))
        dims = (ONE,) * (len(reps) - len(data.shape)) + tuple(data.shape)
        out = tuple(product((d, fixed(r))) for d, r in zip(dims, reps))
        if all(d.is_static for d in out):
            require_array_shape([d.lo for d in out], itemsize(data), "the Tile output")
        return Fact(data.etype, out)

    def compute(self, data, repeats):
        data = np.asarray(data)
        reps = tile_repeats(data.ndim, int_vector(repeats, "repeats"))
        dims = (1,) * (len(reps) - data.ndim) + data.shape
        shape = tuple(d * r for d, r in zip(dims, reps))
        if 0 in shape:  # (np.tile would repeat along the other axes first, however large their counts)
            return np.zeros(shape, data.dtype)
        return np.tile(data, reps)
