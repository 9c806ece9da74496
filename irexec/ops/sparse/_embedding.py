"""What the embedding-bag ops share: their rules over partial shapes, the checks of index values
(one message, whether the rule finds a bad value in a constant or the kernel at run time), and the
vectorised gathers and bag reductions.

Every embedding op computes f16/bf16 in f32 (products and sums) and rounds once at the end, as the
CPU plugin does; integers sum in their own type (wrapping) and a mean of integers truncates toward
zero, as the plugin's division does.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import DYN, fmt, intersect
from ..elementwise import HALF
from ..op import Attr, Bound, Fact, Input, Op

# Embedding indices pick rows of the table: along its first axis (named for the tools that make
# valid indices, which read the axis from an attribute or a class attribute of this name).
TABLE_AXIS = "table_axis"
REDUCTION = Attr("reduction", "str", "sum", ("sum", "mean"))


def table_input() -> Input:
    return Input("emb_table", "numeric")


def indices_input(name: str = "indices", same_as=None) -> Input:
    return Input(name, "i32|i64", same_as=same_as, role="indices", bound=Bound("take", axis=TABLE_AXIS))


# ---- rules -------------------------------------------------------------------------------------


def require_rank(op: str, name: str, fact: Fact, rank: int, port: int) -> None:
    if fact.shape is not None and len(fact.shape) != rank:
        what = "a scalar" if rank == 0 else f"{rank}-D"
        raise ValidationError(f"{op}'s {name} must be {what}, got shape {fmt(fact.shape)}", port=port)


def same_shape(op: str, a: str, fa: Fact, b: str, fb: Fact, port: int):
    """The shape two inputs must share, each dim what both allow (None: rank unknown)."""
    if fa.shape is None or fb.shape is None:
        return fa.shape if fb.shape is None else fb.shape
    dims = [intersect(x, y) for x, y in zip(fa.shape, fb.shape)]
    if len(fa.shape) != len(fb.shape) or None in dims:
        raise ValidationError(
            f"{op}'s {a} and {b} must have one shape, got {fmt(fa.shape)} and {fmt(fb.shape)}", port=port
        )
    return tuple(dims)


def output_fact(op: str, table: Fact, first) -> Fact:
    """The table's shape with its first dim replaced by ``first`` (a Dim, or None: unknown)."""
    if table.shape is None:
        return Fact(table.etype, None)
    if not table.shape:
        raise ValidationError(f"{op}'s emb_table must have rank 1 or more, got a scalar", port=0)
    return Fact(table.etype, (first or DYN,) + tuple(table.shape[1:]))


def num_rows(table: Fact):
    """The table's row count when known, else None."""
    if table.shape is None or not table.shape or not table.shape[0].is_static:
        return None
    return table.shape[0].lo


def refuse_in_rule(message) -> None:
    """A bad value found in a constant (or a small folded input) by the rule: rule C004."""
    if message:
        text, port = message
        raise ValidationError(text, port=port, code="C004")


def refuse_at_run(message) -> None:
    if message:
        text, port = message
        raise IndexOutOfRangeError(text, port=port)


# ---- value checks: (message, port) or None -----------------------------------------------------


def _first(bad: np.ndarray, values: np.ndarray) -> tuple:
    pos = tuple(int(p) for p in np.argwhere(bad)[0])
    return int(values[pos]), list(pos)


def bad_indices(op: str, name: str, idx, rows: int, port: int):
    """The first index outside [0, rows)."""
    idx = np.asarray(idx)
    bad = (idx < 0) | (idx >= rows)
    if not bad.any():
        return None
    value, pos = _first(bad, idx)
    return (
        f"{op}'s {name}: index {value} at position {pos} is out of range [0, {rows - 1}] (emb_table has {rows} rows)",
        port,
    )


def bad_default(op: str, value, rows: int, port: int, minus_one: bool):
    """A default index outside [0, rows) (-1 allowed when ``minus_one``: empty bags give zeros)."""
    d = int(np.asarray(value).reshape(()))
    if 0 <= d < rows or (minus_one and d == -1):
        return None
    allowed = f"-1 or [0, {rows - 1}]" if minus_one else f"[0, {rows - 1}]"
    return f"{op}'s default_index {d} is out of range {allowed} (emb_table has {rows} rows)", port


def bad_offsets(op: str, offsets, n_indices, port: int = 2):
    """Offsets that decrease, are negative, or pass the end of ``indices`` (``n_indices``: None
    when not known)."""
    off = np.asarray(offsets).astype(np.int64).reshape(-1)
    if off.size and off[0] < 0:
        return f"{op}'s offsets: offset {int(off[0])} at position [0] is negative", port
    down = np.flatnonzero(off[1:] < off[:-1])
    if down.size:
        i = int(down[0]) + 1
        return (
            f"{op}'s offsets must not decrease: offset {int(off[i])} at position [{i}] follows {int(off[i - 1])}",
            port,
        )
    if n_indices is not None and off.size and off[-1] > n_indices:
        i = int(np.argmax(off > n_indices))
        return (
            f"{op}'s offsets: offset {int(off[i])} at position [{i}] is past the end of the {n_indices} indices",
            port,
        )
    return None


def bad_segments(op: str, ids, count, port: int = 2):
    """Segment ids that decrease, or are outside [0, count) (``count``: None when not known: only
    negatives)."""
    ids = np.asarray(ids)
    down = np.flatnonzero(ids.reshape(-1)[1:] < ids.reshape(-1)[:-1])
    if down.size:
        i = int(down[0]) + 1
        return (
            f"{op}'s segment_ids must be sorted: id {int(ids[i])} at position [{i}] follows {int(ids[i - 1])}",
            port,
        )
    bad = (ids < 0) if count is None else (ids < 0) | (ids >= count)
    if not bad.any():
        return None
    value, pos = _first(bad, ids)
    bound = "must not be negative" if count is None else f"is out of range [0, {count - 1}]"
    return f"{op}'s segment_ids: id {value} at position {pos} {bound}", port


# ---- kernels -----------------------------------------------------------------------------------


def work_type(table: np.ndarray):
    """The type the kernel sums in: f32 for f16/bf16, else the table's own."""
    return np.dtype(np.float32) if table.dtype in HALF else table.dtype


def gathered(table: np.ndarray, idx: np.ndarray, weights) -> np.ndarray:
    """``table[idx]`` in the working type, each row times its weight (when given)."""
    rows = table[idx.astype(np.int64, copy=False)]
    wt = work_type(table)
    rows = rows.astype(wt, copy=False)
    if weights is not None:
        w = np.asarray(weights).astype(wt, copy=False)
        rows = rows * w.reshape(w.shape + (1,) * (rows.ndim - w.ndim))
    return rows


def mean_of(total: np.ndarray, count: np.ndarray) -> np.ndarray:
    """``total / count`` per bag (count >= 1, shaped to broadcast); integers truncate toward zero."""
    if total.dtype.kind == "f":
        return total / count.astype(total.dtype)
    if total.dtype.kind == "u":
        return total // count.astype(total.dtype)
    c = count.astype(total.dtype)
    q = np.abs(total) // c
    return np.where(total < 0, -q, q).astype(total.dtype, copy=False)


def fill_empty(out: np.ndarray, empty: np.ndarray, table: np.ndarray, default) -> None:
    """Empty bags: the table's row ``default`` (None, or -1: left as zeros)."""
    if default is None:
        return
    d = int(np.asarray(default).reshape(()))
    if d >= 0 and empty.any():
        out[empty] = table[d].astype(out.dtype)


def finish(out: np.ndarray, table: np.ndarray) -> np.ndarray:
    return out.astype(table.dtype, copy=False)


def bags_by_offsets(table, indices, offsets, default, weights, mean: bool) -> np.ndarray:
    """Bag ``b`` reduces rows ``indices[offsets[b]:offsets[b+1]]`` (the last: to the end); the
    offsets are checked (non-decreasing, within [0, len(indices)])."""
    off = np.asarray(offsets).astype(np.int64).reshape(-1)
    n, batch = len(indices), len(off)
    ends = np.append(off[1:], n)
    count = ends - off
    out = np.zeros((batch,) + table.shape[1:], work_type(table))
    full = count > 0
    if full.any():
        start = int(off[0])
        rows = gathered(table, np.asarray(indices)[start:], None if weights is None else np.asarray(weights)[start:])
        # Empty bags share their offset with the next bag, so the starts of the full bags, in
        # order, cut the indices into exactly those bags.
        out[full] = np.add.reduceat(rows, off[full] - start, axis=0)
        if mean:
            out[full] = mean_of(out[full], count[full].reshape((-1,) + (1,) * (out.ndim - 1)))
    fill_empty(out, ~full, table, default)
    return finish(out, table)


# ---- the op families ---------------------------------------------------------------------------


class OffsetsBags(Op):
    """EmbeddingBagOffsetsSum-3 and EmbeddingBagOffsets-15."""

    inputs = (
        table_input(),
        indices_input(),
        Input("offsets", "i32|i64", same_as="indices", role="indices"),
        Input("default_index", "i32|i64", same_as="indices", role="indices", optional=True),
        Input("per_sample_weights", same_as="emb_table", optional=True),
    )
    table_axis = 0
    reduction = "sum"

    def output_facts(self, table, indices, offsets, default=None, weights=None):
        op = self.type
        require_rank(op, "indices", indices, 1, 1)
        require_rank(op, "offsets", offsets, 1, 2)
        if default is not None:
            require_rank(op, "default_index", default, 0, 3)
        if weights is not None:
            if self.reduction != "sum":
                raise ValidationError(
                    f"{op}'s per_sample_weights are supported only with reduction 'sum', not '{self.reduction}'", port=4
                )
            require_rank(op, "per_sample_weights", weights, 1, 4)
            same_shape(op, "indices", indices, "per_sample_weights", weights, 4)
        rows = num_rows(table)
        if rows is not None:
            if indices.value is not None:
                refuse_in_rule(bad_indices(op, "indices", indices.value, rows, 1))
            if default is not None and default.value is not None:
                refuse_in_rule(bad_default(op, default.value, rows, 3, minus_one=True))
        if offsets.value is not None:
            n = indices.shape[0].lo if indices.shape is not None and indices.shape[0].is_static else None
            refuse_in_rule(bad_offsets(op, offsets.value, n))
        return output_fact(op, table, offsets.shape[0] if offsets.shape is not None else None)

    def compute(self, table, indices, offsets, default=None, weights=None):
        op, rows = self.type, table.shape[0]
        refuse_at_run(bad_indices(op, "indices", indices, rows, 1))
        if default is not None:
            refuse_at_run(bad_default(op, default, rows, 3, minus_one=True))
        refuse_at_run(bad_offsets(op, offsets, len(indices)))
        return bags_by_offsets(table, indices, offsets, default, weights, self.reduction == "mean")


class PackedBags(Op):
    """EmbeddingBagPackedSum-3 and EmbeddingBagPacked-15."""

    inputs = (table_input(), indices_input(), Input("per_sample_weights", same_as="emb_table", optional=True))
    table_axis = 0
    reduction = "sum"

    def output_facts(self, table, indices, weights=None):
        op = self.type
        require_rank(op, "indices", indices, 2, 1)
        shape = indices.shape
        if weights is not None:
            if self.reduction != "sum":
                raise ValidationError(
                    f"{op}'s per_sample_weights are supported only with reduction 'sum', not '{self.reduction}'", port=2
                )
            require_rank(op, "per_sample_weights", weights, 2, 2)
            shape = same_shape(op, "indices", indices, "per_sample_weights", weights, 2)
        rows = num_rows(table)
        if rows is not None and indices.value is not None:
            refuse_in_rule(bad_indices(op, "indices", indices.value, rows, 1))
        return output_fact(op, table, shape[0] if shape is not None else None)

    def compute(self, table, indices, weights=None):
        refuse_at_run(bad_indices(self.type, "indices", indices, table.shape[0], 1))
        rows = gathered(table, indices, weights)  # [batch, per_bag, ...]
        total = rows.sum(axis=1, dtype=rows.dtype)
        if self.reduction == "mean" and indices.shape[1]:
            total = mean_of(total, np.full((1,) * total.ndim, indices.shape[1], np.int64))
        return finish(total, table)
