"""Random values for ``--random`` (``irexec run`` and ``irexec layer``): data of any element type,
and indices valid for an index input's bound (``irexec.ops.op.Bound``).

Data: floats uniform in [-1, 1), strings of 0 to 8 ASCII letters and digits, integers in [-100, 100) (unsigned: [0, 100); i4: [-8, 8); u4:
[0, 16); u1, u2, u3, u6: 0 to 2^bits - 1), booleans with even odds; nf4 one of its 16 values, f8e8m0 (powers of two
only) a power of two in [2^-8, 2^8]. Values are drawn in float64/int64 a block at a time and cast
into the result, so a large tensor never has a float64 twin; the draws are those one call over
the whole shape would make, so a seed gives the same values whatever the block.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError, ValidationError
from ..kernels.packing import NF4
from ..limits import fmt_bytes
from ..strings import strings_from
from ..types import NARROW_UINTS, ElementType

_BLOCK = 1 << 20  # elements drawn at a time: the float64/int64 draws stay a few MiB


def random_data(rng: np.random.Generator, shape: tuple, etype: ElementType) -> np.ndarray:
    """Random values of ``shape`` and ``etype`` (see the module docstring for the ranges)."""
    shape = tuple(int(d) for d in shape)
    if etype.name in NARROW_UINTS:
        return rng.integers(0, 1 << etype.bits, shape, dtype=np.uint8)
    if etype.name == "string":
        return random_strings(rng, shape)
    if etype.name == "boolean":
        return _blocks(shape, np.bool_, lambda n: rng.random(n) < 0.5)
    if etype.name == "nf4":
        return _blocks(shape, etype.dtype, lambda n: NF4[rng.integers(0, 16, n)])
    if etype.name == "f8e8m0":
        return _blocks(shape, etype.dtype, lambda n: np.exp2(rng.integers(-8, 9, n)))
    if etype.is_float:
        return _blocks(shape, etype.dtype, lambda n: rng.uniform(-1.0, 1.0, n))
    lo, hi = {"i4": (-8, 8), "u4": (0, 16)}.get(etype.name, (-100, 100) if etype.dtype.kind == "i" else (0, 100))
    return _blocks(shape, etype.dtype, lambda n: rng.integers(lo, hi, n))


def random_below(rng: np.random.Generator, shape: tuple, etype: ElementType, high) -> np.ndarray:
    """Integers in [0, high) of ``etype``; ``high`` an int, or one bound per position along the
    last axis (index tuples)."""
    shape, high = tuple(shape), np.asarray(high, np.int64)
    if high.ndim and (not shape or shape[-1] != high.size):
        high = high.min()  # bounds per entry fit only tuples along the last axis
    if high.ndim == 0:
        return _blocks(shape, etype.dtype, lambda n: rng.integers(0, high, n))
    return _blocks(shape, etype.dtype, lambda rows: rng.integers(0, high, (rows, high.size)), row=high.size)


def _blocks(shape: tuple, dtype, draw, row: int = 1) -> np.ndarray:
    """The values ``draw(k)`` makes (k rows of ``row`` values, in C order) cast into a new array
    of ``shape``, a block of whole rows at a time."""
    out = np.empty(shape, dtype)
    flat = out.reshape(-1)
    step = max(_BLOCK // row, 1) * row
    for start in range(0, flat.size, step):
        n = min(step, flat.size - start)
        flat[start : start + n] = draw(n // row).reshape(-1).astype(dtype)
    return out


# ---- indices -----------------------------------------------------------------------------------


def random_indices(
    rng, kind: str, shape: tuple, data_shape: tuple, axis: int, batch_dims: int, distinct: bool, budget: int
) -> tuple:
    """Valid indices of ``shape`` (int64, non-negative) for an index input of bound ``kind``
    ("take", "elements", "nd"; see ``Bound``) into data of ``data_shape``, and a note when they
    cannot all differ though ``distinct`` asks it."""
    shape, note = tuple(shape), None
    if kind == "nd":
        k = shape[-1] if shape else 0
        space_dims = tuple(data_shape[batch_dims : batch_dims + k])
        if len(space_dims) != k:
            raise ValidationError(
                f"indices' last dim {k} is more than data's rank {len(data_shape)} after {batch_dims} batch dims"
            )
        count, space = math.prod(shape[:-1]) if shape else 0, math.prod(space_dims)
        if k == 0 or count == 0:
            return np.zeros(shape, np.int64), None
        flat, note = _pick(rng, space, count, distinct)
        return np.stack(np.unravel_index(flat, space_dims), axis=-1).reshape(shape).astype(np.int64), note
    size = data_shape[axis]
    if kind == "take":
        flat, note = _pick(rng, size, math.prod(shape), distinct)
        return flat.reshape(shape), note
    # "elements": one index per element, targets differing within each line along the axis.
    n = shape[axis]
    others = shape[:axis] + shape[axis + 1 :]
    lines = math.prod(others)
    if not distinct or n > size or lines * n == 0:
        flat, _ = _pick(rng, size, lines * n, False)
        if distinct and n > size:
            note = (
                f"{n} indices along axis {axis} into {size} positions cannot all differ: where two "
                f"meet, the later update wins"
            )
        return flat.reshape(shape), note
    if lines * size * 4 > budget:
        raise InputError(
            f"making {lines} lines of distinct indices over {size} positions would take "
            f"{fmt_bytes(lines * size * 4)}, over the budget of {fmt_bytes(budget)}"
        )
    # Each line is a shuffled range of the axis, cut to the indices' length.
    rows = np.tile(np.arange(size, dtype=np.int32), (lines, 1))
    rng.permuted(rows, axis=1, out=rows)
    picked = rows[:, :n].astype(np.int64).reshape(others + (n,))
    return np.moveaxis(picked, -1, axis), None


def _pick(rng, size: int, count: int, distinct: bool) -> tuple:
    if count and size == 0:
        raise InputError("data has no elements along the indexed dims: no index is valid")
    if distinct and count <= size:
        return rng.choice(size, count, replace=False).astype(np.int64), None
    note = (
        (f"{count} indices into {size} positions cannot all differ: where two meet, the later update wins")
        if distinct
        else None
    )
    return rng.integers(0, size, count, dtype=np.int64), note


_ALPHABET = np.frombuffer(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", np.uint8)
MAX_RANDOM_CHARS = 8


def random_strings(rng: np.random.Generator, shape: tuple) -> np.ndarray:
    """Random short ASCII strings of ``shape``, as irexec holds strings (an object array)."""
    count = int(np.prod(shape, dtype=np.int64))
    lengths = rng.integers(0, MAX_RANDOM_CHARS + 1, count)
    ends = np.cumsum(lengths)
    chars = _ALPHABET[rng.integers(0, _ALPHABET.size, int(ends[-1]) if count else 0)].tobytes()
    return strings_from(chars, ends - lengths, ends).reshape(shape)
