"""SparseFillEmptyRows-16: fill the empty rows of a 2-D sparse tensor (TensorFlow's
``SparseFillEmptyRows``). The tensor is ``values`` [M] at ``indices`` [M, 2] (row, column) in a
dense shape ``dense_shape`` = [rows, cols]. Every row no index names gets one entry,
``default_value`` at [row, 0]::

    empty_row_indicator[r] = r not in indices[:, 0]                   (boolean, [rows])
    entries = [(indices[i], values[i]) for i] + [([r, 0], default_value) for r where empty_row_indicator[r]]
    output_indices, output_values = entries sorted by (row, column)  ([M', 2] and [M'])

with ``M' = M + count(empty_row_indicator)``: the output is in row-major order whatever the order
of ``indices``; entries at one position (which the spec gives no order) keep their order in the
input. ``output_indices`` has the indices' type, ``output_values`` the values'.

irexec refuses a row or column outside [0, rows) or [0, cols), naming its position (the plugin's
shape inference refuses them in constant indices; its kernel crashes the process on them), and
a negative ``dense_shape``.

Departs from the CPU plugin, whose sort is not stable: past a few entries, those at one position
come out in another order than the input's; and which computes i64 values as i32 (values beyond
i32 wrap).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import DYN, fixed, fmt, intersect, span
from ..elementwise import BOOL
from ..op import Fact, Input, Op
from ..registry import register

OP = "SparseFillEmptyRows"


def _require(ok: bool, message: str, port: int) -> None:
    if not ok:
        raise ValidationError(f"{OP}'s {message}", port=port)


def dense_dims(value) -> tuple:
    """``dense_shape``'s two sizes, checked."""
    d = np.asarray(value).reshape(-1)
    _require(d.size == 2, f"dense_shape must hold 2 sizes, got {d.size}", 1)
    rows, cols = int(d[0]), int(d[1])
    _require(rows >= 0 and cols >= 0, f"dense_shape must not be negative, got [{rows}, {cols}]", 1)
    return rows, cols


def bad_position(indices, rows: int, cols: int):
    """The message for the first row or column out of range, or None."""
    idx = np.asarray(indices).reshape(-1, 2)
    bad = (idx < 0) | (idx >= np.array([rows, cols]))
    if not bad.any():
        return None
    i, k = (int(p) for p in np.argwhere(bad)[0])
    what, size = ("row", rows) if k == 0 else ("column", cols)
    return (
        f"{OP}'s indices: {what} {int(idx[i, k])} at position [{i}, {k}] is out of range "
        f"[0, {size - 1}] for dense_shape [{rows}, {cols}]"
    )


@register
class SparseFillEmptyRows(Op):
    type, version = OP, "opset16"
    spec = "sparse/fill-empty-rows-16"
    inputs = (
        Input("values", "numeric"),
        Input("dense_shape", "i32|i64", role="shape", value=True),
        Input("indices", "i32|i64", same_as="dense_shape", role="indices", value=True),
        Input("default_value", same_as="values"),
    )
    outputs = ("output_indices", "output_values", "empty_row_indicator")

    def output_facts(self, values, dense_shape, indices, default_value):
        _require(
            values.shape is None or len(values.shape) == 1, f"values must be 1-D, got shape {fmt(values.shape)}", 0
        )
        ds = dense_shape.shape
        _require(
            ds is None or (len(ds) == 1 and ds[0].compatible(fixed(2))),
            f"dense_shape must be [2] (a 2-D sparse tensor), got shape {fmt(dense_shape.shape)}",
            1,
        )
        _require(
            indices.shape is None or (len(indices.shape) == 2 and indices.shape[1].compatible(fixed(2))),
            f"indices must be [M, 2], got shape {fmt(indices.shape)}",
            2,
        )
        _require(
            default_value.shape is None or len(default_value.shape) == 0,
            f"default_value must be a scalar, got shape {fmt(default_value.shape)}",
            3,
        )
        m = DYN
        for f in (values, indices):
            if f.shape is not None:
                both = intersect(m, f.shape[0])
                _require(
                    both is not None,
                    f"values and indices must have one entry each, got shapes "
                    f"{fmt(values.shape)} and {fmt(indices.shape)}",
                    2,
                )
                m = both
        if dense_shape.value is None:
            count = span(m.lo, None)
            rows = DYN
        else:
            n_rows, n_cols = dense_dims(dense_shape.value)
            rows = fixed(n_rows)
            if indices.value is not None:
                bad = bad_position(indices.value, n_rows, n_cols)
                if bad:
                    raise ValidationError(bad, port=2, code="C004")
                present = np.unique(np.asarray(indices.value).reshape(-1, 2)[:, 0]).size
                count = fixed(np.asarray(indices.value).shape[0] + n_rows - present)
            else:
                # Every row has an entry; at most every row is added.
                count = span(max(m.lo, n_rows), None if m.hi is None else m.hi + n_rows)
        return [Fact(indices.etype, (count, fixed(2))), Fact(values.etype, (count,)), Fact(BOOL, (rows,))]

    def compute(self, values, dense_shape, indices, default_value):
        n_rows, n_cols = dense_dims(dense_shape)
        bad = bad_position(indices, n_rows, n_cols)
        if bad:
            raise IndexOutOfRangeError(bad, port=2)
        idx = np.asarray(indices)
        present = np.zeros(n_rows, bool)
        present[idx[:, 0]] = True
        empty = ~present
        added = np.flatnonzero(empty).astype(idx.dtype)
        row = np.concatenate([idx[:, 0], added])
        col = np.concatenate([idx[:, 1], np.zeros_like(added)])
        vals = np.concatenate([values, np.full(added.size, default_value, values.dtype)])
        order = np.lexsort((col, row))  # (stable: entries at one position keep their order)
        return np.stack([row[order], col[order]], axis=1), vals[order], empty
