"""ContribStringJoin (openvino_tokenizers, onnxruntime-extensions' StringJoin): the strings joined
along ``axis`` with ``sep`` between neighbours, as a string tensor of the input's shape without
that axis. Inputs: the strings (``begins``, ``ends``, ``chars``), ``sep`` (its bytes, u8 1-D) and
``axis`` (i32 or i64, one element; negative counts from the end).

As the extension does it: a 1-D input gives one string (a scalar), however many it joins; an
axis of length 0 gives empty strings (``[0, 3]`` along 0: three); a scalar input is its one
string, whatever ``axis`` holds (only an input of rank 1 or more checks it). Where the extension
reads out of range (a string whose offsets leave ``chars`` or run backwards), irexec refuses it,
and it refuses a result past what i32 offsets address before making it."""

from __future__ import annotations

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fmt, is_static, to_ints
from ..op import Fact, Input, Op
from ..registry import register
from ._bytes import gather
from ._normalizing import cached, exact_facts, string_input_facts
from ._ragged import I32, MAX_CHARS, U8, check_ranges, string_inputs, string_shape

NAME = "ContribStringJoin"


@register
class ContribStringJoin(Op):
    type, version = NAME, "extension"
    inputs = (
        *string_inputs(),
        Input("sep", "u8", value=True),
        Input("axis", "i32|i64", role="axis", value=True),
    )
    outputs = ("begins", "ends", "chars")

    def output_facts(self, begins, ends, chars, sep, axis):
        string_input_facts(NAME, begins, ends, chars)
        if sep.shape is not None and len(sep.shape) != 1:
            raise ValidationError(f"{NAME}'s sep must be a 1-D u8 tensor, got shape {fmt(sep.shape)}", port=3)
        if is_static(axis.shape) and int(np.prod(to_ints(axis.shape))) != 1:
            raise ValidationError(f"{NAME} axis input must be a scalar (single element), got {fmt(axis.shape)}", port=4)
        shape = begins.shape
        # (A scalar input leaves the axis unchecked, as the extension does.)
        known = shape is not None and len(shape) > 0 and axis.value is not None
        at = _axis(int(np.asarray(axis.value).reshape(-1)[0]), len(shape)) if known else None
        if shape is not None and len(shape) <= 1:
            shape = ()
        elif shape is not None:
            # The axis a constant gives keeps the other dims; without it only the rank is known.
            shape = tuple(DYN for _ in shape[1:]) if at is None else shape[:at] + shape[at + 1 :]
        facts = [Fact(I32, shape), Fact(I32, shape), Fact(U8, (DYN,))]
        return exact_facts(self, facts, (begins, ends, chars, sep, axis), self._run)

    def compute(self, begins, ends, chars, sep, axis):
        return cached(self, (begins, ends, chars, sep, axis), self._run)

    def _run(self, begins, ends, chars, sep, axis):
        shape = string_shape(NAME, begins, ends)
        if np.size(axis) != 1:
            raise ExecutionError(f"{NAME} axis input must be a scalar (single element), got {np.size(axis)} values")
        b, e = check_ranges(NAME, "string", begins, ends, chars.size)
        order = np.arange(b.size).reshape(shape)
        if not shape:
            out_shape, order = (), order.reshape(1, 1)
        else:
            at = _axis(int(np.asarray(axis).reshape(-1)[0]), len(shape))
            out_shape = () if len(shape) == 1 else shape[:at] + shape[at + 1 :]
            # One row per output string: the indices of the strings it joins, in axis order.
            order = np.moveaxis(order, at, -1).reshape(int(np.prod(out_shape, dtype=np.int64)), shape[at])
        k = order.shape[1]
        # Each output string is k pieces with the separator between: segments of one buffer,
        # the strings' bytes then the separator's, gathered in one pass.
        starts = np.full((order.shape[0], max(2 * k - 1, 0)), chars.size, np.int64)
        lengths = np.full(starts.shape, sep.size, np.int64)
        starts[:, ::2], lengths[:, ::2] = b[order], (e - b)[order]
        per_row = lengths.sum(axis=1)
        out_ends = np.cumsum(per_row)
        if out_ends.size and out_ends[-1] > MAX_CHARS:
            raise ExecutionError(f"{NAME}'s strings hold {out_ends[-1]} bytes, past what its i32 offsets address")
        pos, _ = gather(starts.reshape(-1), lengths.reshape(-1))
        out_chars = np.concatenate([np.asarray(chars, np.uint8), np.asarray(sep, np.uint8).reshape(-1)])[pos]
        out_begins = (out_ends - per_row).astype(np.int32).reshape(out_shape)
        return out_begins, out_ends.astype(np.int32).reshape(out_shape), out_chars


def _axis(axis: int, rank: int) -> int:
    if not -rank <= axis < rank:
        raise ValidationError(f"{NAME} axis out of range: {axis} for rank {rank}", port=4)
    return axis % rank
