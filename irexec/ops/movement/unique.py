"""Unique-10: the distinct elements of data (flattened), or its distinct slices along ``axis``
(the optional second input: a scalar or a 1-element tensor), with four outputs: the unique
elements or slices; for each, the index of its first occurrence; for each element or slice of
data, the index of its unique one (``data == take(unique, that)``); and the count of each.
``sorted`` (the default) orders them ascending (slices lexicographically, in row-major order of
each slice), else in order of first occurrence. Indices are ``index_element_type``, counts
``count_element_type`` (i64 by default, or i32).

Elements are equal as ``==`` says: -0.0 and 0.0 are one (the first occurrence kept), and NaN
equals nothing, so each NaN is its own unique element (sorted: after every number, by index).
The spec says nothing of NaN; the CPU plugin keeps each NaN apart with ``sorted=false`` as irexec
does, and returns garbage with ``sorted=true`` (more elements than data has); OpenVINO's constant
folding gives yet other counts (it takes rows holding NaN in the same places as equal).

Where else the CPU plugin departs: it narrows i64 data to i32; it misses equal slices along an
axis other than 0 (columns 3 and 5 of [[1,0,1,1,0,1],[0,0,0,1,0,1]] come out apart); it cannot run
empty data without an axis, and OpenVINO crashes reading a Unique of constant empty data.

The number of unique elements depends on the values: without them the rule gives a range (1 to
the size), and the run sizes the outputs from the actual data (a value input for that).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, ONE, fixed, fmt, normalize_axis, product, span
from ...types import element_type
from ..common import int_vector
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register

I64 = element_type("i64")


def rows_of(data: np.ndarray, axis) -> np.ndarray:
    """Data as one row per element (no axis) or per slice along ``axis``."""
    if axis is None:
        x = data.reshape(-1, 1)
    else:
        x = np.moveaxis(data, axis, 0)
        x = x.reshape(x.shape[0], int(np.prod(x.shape[1:], dtype=np.int64)))  # (-1 fails on empty data)
    return x.astype(np.float32) if x.dtype in HALF else x


def unique_rows(rows: np.ndarray, keep_sorted: bool) -> tuple:
    """(first index, inverse, counts) of the distinct rows, in ascending or first-seen order."""
    n, m = rows.shape
    if n == 0:
        empty = np.zeros(0, np.int64)
        return empty, empty, empty
    # Stable lexicographic order (the first column the primary key; NaN after every number).
    order = np.lexsort(rows.T[::-1]) if m else np.arange(n)
    ranked = rows[order]
    # A row starts a new group unless equal to the one before (NaN != NaN: each is its own).
    new = np.ones(n, bool)
    new[1:] = np.any(ranked[1:] != ranked[:-1], axis=1) if m else False
    group = np.cumsum(new) - 1
    inverse = np.empty(n, np.int64)
    inverse[order] = group
    first = order[new]  # the stable order puts each group's first occurrence first
    counts = np.diff(np.append(np.flatnonzero(new), n))
    if not keep_sorted:
        seen = np.argsort(first, kind="stable")
        rank = np.empty_like(seen)
        rank[seen] = np.arange(seen.size)
        first, counts, inverse = first[seen], counts[seen], rank[inverse]
    return first, inverse, counts


def given_axis(axis) -> int:
    values = int_vector(np.asarray(axis).reshape(-1), "axis")
    return values[0]


@register
class Unique(Op):
    type, version = "Unique", "opset10"
    spec = "movement/unique-10"
    inputs = (Input("data", value=True), Input("axis", "i32|i64", role="axis", value=True, optional=True))
    outputs = ("unique", "indices", "reverse_indices", "counts")
    attrs = (
        Attr("sorted", "bool", True),
        Attr("index_element_type", "etype", I64),
        Attr("count_element_type", "etype", I64),
    )

    def setup(self):
        for name in ("index_element_type", "count_element_type"):
            if getattr(self, name).name not in ("i32", "i64"):
                raise ValidationError(f"Unique {name} must be i32 or i64, got {getattr(self, name)}")

    def output_facts(self, data, axis=None):
        if (
            axis is not None
            and axis.shape is not None
            and (len(axis.shape) > 1 or (len(axis.shape) == 1 and not axis.shape[0].compatible(ONE)))
        ):
            raise ValidationError(
                f"Unique's axis must be a scalar or hold one element, got shape {fmt(axis.shape)}", port=1
            )
        idx, cnt = self.index_element_type, self.count_element_type
        if axis is not None and (axis.value is None or data.shape is None):
            # The slices are known once the axis is: until then, only the rank.
            rank = None if data.shape is None else (DYN,) * len(data.shape)
            return [Fact(data.etype, rank), Fact(idx, (DYN,)), Fact(idx, (DYN,)), Fact(cnt, (DYN,))]
        if data.shape is None:
            return [Fact(data.etype, (DYN,)), Fact(idx, (DYN,)), Fact(idx, (DYN,)), Fact(cnt, (DYN,))]
        ax = None if axis is None else normalize_axis(given_axis(axis.value), len(data.shape))
        size = product(data.shape) if ax is None else data.shape[ax]
        if data.value is not None:
            count = fixed(len(unique_rows(rows_of(np.asarray(data.value), ax), self.sorted)[0]))
        else:
            count = span(min(1, size.lo), size.hi)  # at least one, unless there is nothing
        uniq = (count,) if ax is None else data.shape[:ax] + (count,) + data.shape[ax + 1 :]
        return [Fact(data.etype, uniq), Fact(idx, (count,)), Fact(idx, (size,)), Fact(cnt, (count,))]

    def compute(self, data, axis=None):
        ax = None if axis is None else normalize_axis(given_axis(axis), data.ndim)
        first, inverse, counts = unique_rows(rows_of(data, ax), self.sorted)
        uniq = data.reshape(-1)[first] if ax is None else np.take(data, first, axis=ax)
        idx = self.index_element_type.dtype
        return uniq, first.astype(idx), inverse.astype(idx), counts.astype(self.count_element_type.dtype)
