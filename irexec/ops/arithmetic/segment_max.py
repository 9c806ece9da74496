"""SegmentMax-16: the maximum of each segment of ``data``'s first axis. ``segment_ids`` [N]
(sorted, non-negative) puts ``data[i]`` in segment ``segment_ids[i]``::

    output[s] = max(data[i] for i where segment_ids[i] == s)    (elementwise over data.shape[1:])

of shape ``[num_segments] + data.shape[1:]``, ``num_segments`` given, or ``max(segment_ids) + 1``
when left out (0 for no id). An empty segment is ``fill_mode``'s value: 0 (``zero``) or the
lowest finite value of data's type (``lowest``: -65504 for f16, about -3.39e38 for bf16, the
least integer for an integer type).

A NaN takes no part in a maximum (NumPy's ``fmax``), as in the plugin, whose maximum keeps its
running value when compared with a NaN; a segment of only NaNs is NaN (the plugin: the lowest
value).

irexec refuses unsorted or negative ids, an id of ``num_segments`` or more (the spec: "must be
smaller"; the plugin drops those rows), and a negative ``num_segments``, naming the position.

Departs from the CPU plugin, whose ``lowest`` for f16 is f32's lowest value rounded to f16,
-inf (for bf16 too, on CPUs that round it up: AVX2); which computes i64 data as i32 (values
beyond i32 wrap; ``lowest`` is i32's); and which fills an output of no data rows with garbage or
crashes, and crashes the process on a negative id.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ...errors import ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import DYN, fixed, fmt, intersect
from ..common import scalar_int
from ..op import Attr, Fact, Input, Op
from ..registry import register

OP = "SegmentMax"


def lowest(dtype: np.dtype):
    """The lowest finite value of ``dtype``."""
    if dtype == np.dtype(ml_dtypes.bfloat16):
        return ml_dtypes.finfo(ml_dtypes.bfloat16).min
    if dtype.kind == "f":
        return np.finfo(dtype).min
    return np.iinfo(dtype).min


def segment_count(value) -> int:
    n = scalar_int(value, "num_segments")
    if n < 0:
        raise ValidationError(f"{OP}'s num_segments must not be negative, got {n}", port=2)
    return n


def bad_ids(ids, count):
    """The message for the first id that is negative, out of order, or not below ``count`` (None:
    not known), or None."""
    ids = np.asarray(ids).reshape(-1)
    if not ids.size:
        return None
    if ids[0] < 0:
        return f"{OP}'s segment_ids: id {int(ids[0])} at position [0] is negative"
    down = np.flatnonzero(ids[1:] < ids[:-1])
    if down.size:
        i = int(down[0]) + 1
        return f"{OP}'s segment_ids must be sorted: id {int(ids[i])} at position [{i}] follows {int(ids[i - 1])}"
    if count is not None and ids[-1] >= count:
        i = int(np.argmax(ids >= count))
        return f"{OP}'s segment_ids: id {int(ids[i])} at position [{i}] is not below num_segments {count}"
    return None


@register
class SegmentMax(Op):
    type, version = OP, "opset16"
    spec = "arithmetic/segment-max-16"
    inputs = (
        Input("data", "numeric"),
        Input("segment_ids", "i32|i64", role="indices", value=True),
        Input("num_segments", "i32|i64", role="sizes", value=True, optional=True),
    )
    attrs = (Attr("fill_mode", "str", choices=("zero", "lowest")),)

    def output_facts(self, data, segment_ids, num_segments=None):
        if data.shape is not None and not data.shape:
            raise ValidationError(f"{OP}'s data must have rank 1 or more, got a scalar", port=0)
        if segment_ids.shape is not None and len(segment_ids.shape) != 1:
            raise ValidationError(f"{OP}'s segment_ids must be 1-D, got shape {fmt(segment_ids.shape)}", port=1)
        if (
            data.shape is not None
            and segment_ids.shape is not None
            and intersect(data.shape[0], segment_ids.shape[0]) is None
        ):
            raise ValidationError(
                f"{OP}'s segment_ids must have one id per row of data, got shape "
                f"{fmt(segment_ids.shape)} for data {fmt(data.shape)}",
                port=1,
            )
        if num_segments is not None and num_segments.shape is not None and num_segments.shape:
            raise ValidationError(f"{OP}'s num_segments must be a scalar, got shape {fmt(num_segments.shape)}", port=2)
        count = None if num_segments is None or num_segments.value is None else segment_count(num_segments.value)
        ids = segment_ids.value
        if ids is not None:
            bad = bad_ids(ids, count)
            if bad:
                raise ValidationError(bad, port=1, code="C004")
            if num_segments is None:
                ids = np.asarray(ids).reshape(-1)
                count = int(ids[-1]) + 1 if ids.size else 0
        if data.shape is None:
            return Fact(data.etype, None)
        return Fact(data.etype, (DYN if count is None else fixed(count),) + tuple(data.shape[1:]))

    def compute(self, data, segment_ids, num_segments=None):
        ids = np.asarray(segment_ids).reshape(-1).astype(np.int64)
        count = segment_count(num_segments) if num_segments is not None else (int(ids[-1]) + 1 if ids.size else 0)
        bad = bad_ids(ids, count)
        if bad:
            raise IndexOutOfRangeError(bad, port=1)
        fill = lowest(data.dtype) if self.fill_mode == "lowest" else 0
        out = np.full((count,) + data.shape[1:], fill, data.dtype)
        if ids.size:
            starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
            out[ids[starts]] = np.fmax.reduceat(data, starts, axis=0)
        return out
