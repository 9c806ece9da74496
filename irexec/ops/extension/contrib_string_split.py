"""ContribStringSplit (openvino_tokenizers, onnxruntime-extensions' StringSplit): each string split
at every occurrence of ``delimiter``, as a sparse tensor of one rank more than the input. Inputs:
the strings (``begins``, ``ends``, ``chars``), ``delimiter`` (its bytes, u8 1-D) and ``skip_empty``
(boolean, u8 or i8, one element). Outputs: ``indices`` (i64 [N, rank + 1]: a token's string's
coordinates, then its slot in that string's split), the N tokens (``begins``, ``ends``,
``chars``) and ``dense_shape`` (i64 [rank + 1]: the input's shape, then the most slots a string
split into).

As the extension does it: occurrences are found left to right without overlapping (``aaa`` at
``aa``: ``""`` and ``a``); a string without one is one token, itself (an empty string too);
an empty delimiter splits a string into its bytes (not its characters), an empty string into
none. ``skip_empty`` leaves out empty tokens, but they keep their slots: the indices' last
column and ``dense_shape`` count them. Where the extension reads out of range (offsets past
``chars``) irexec refuses the string, as it (and the extension) refuse one that runs backwards."""

from __future__ import annotations

from itertools import chain, compress

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fixed, fmt, is_static, to_ints
from ..op import Fact, Input, Op
from ..registry import register
from ._bytes import gather
from ._normalizing import cached, exact_facts, string_input_facts
from ._ragged import I32, U8, check_ranges, pack, string_inputs, string_shape
from .string_to_hash_bucket import I64

NAME = "ContribStringSplit"


@register
class ContribStringSplit(Op):
    type, version = NAME, "extension"
    inputs = (
        *string_inputs(),
        Input("delimiter", "u8", value=True),
        Input("skip_empty", "boolean|u8|i8", value=True),
    )
    outputs = ("indices", "begins", "ends", "chars", "dense_shape")

    def output_facts(self, begins, ends, chars, delimiter, skip_empty):
        string_input_facts(NAME, begins, ends, chars)
        if delimiter.shape is not None and len(delimiter.shape) != 1:
            raise ValidationError(
                f"{NAME}'s delimiter must be a 1-D u8 tensor, got shape {fmt(delimiter.shape)}", port=3
            )
        if is_static(skip_empty.shape) and int(np.prod(to_ints(skip_empty.shape))) != 1:
            raise ValidationError(
                f"{NAME} skip_empty input must be a scalar (single element), got {fmt(skip_empty.shape)}", port=4
            )
        rank = DYN if begins.shape is None else fixed(len(begins.shape) + 1)
        facts = [Fact(I64, (DYN, rank)), Fact(I32, (DYN,)), Fact(I32, (DYN,)), Fact(U8, (DYN,)), Fact(I64, (rank,))]
        return exact_facts(self, facts, (begins, ends, chars, delimiter, skip_empty), self._run)

    def compute(self, begins, ends, chars, delimiter, skip_empty):
        return cached(self, (begins, ends, chars, delimiter, skip_empty), self._run)

    def _run(self, begins, ends, chars, delimiter, skip_empty):
        shape = string_shape(NAME, begins, ends)
        if np.size(skip_empty) != 1:
            raise ExecutionError(
                f"{NAME} skip_empty input must be a scalar (single element), got {np.size(skip_empty)}"
            )
        skip = bool(np.asarray(skip_empty).reshape(-1)[0] != 0)
        b, e = check_ranges(NAME, "string", begins, ends, chars.size)
        delim = np.asarray(delimiter, np.uint8).tobytes()
        if delim:
            tokens, counts, sizes = _split(chars, b, e, delim)
        else:  # each byte a token: none is empty, so skip_empty changes nothing
            counts = e - b
            sizes = np.ones(int(counts.sum()), np.int64)
            tokens = None
        # Each token's string and its slot in that string's split, then those skip_empty leaves out.
        slot, owner = gather(np.zeros(counts.size, np.int64), counts)
        keep = sizes > 0 if skip else np.ones(sizes.size, bool)
        if tokens is None:
            pos, _ = gather(b, counts)
            out_b = np.arange(pos.size, dtype=np.int32)
            out_e, out_c = out_b + 1, np.asarray(chars, np.uint8)[pos]
        else:
            out_b, out_e, out_c = pack(NAME, list(compress(tokens, keep.tolist())))
        coords = np.unravel_index(owner[keep], shape) if shape else ()
        indices = np.stack([*coords, slot[keep]], axis=1).astype(np.int64).reshape(-1, len(shape) + 1)
        dense = np.array([*shape, int(counts.max()) if counts.size else 0], np.int64)
        return indices, out_b, out_e, out_c, dense


def _split(chars: np.ndarray, b: np.ndarray, e: np.ndarray, delim: bytes) -> tuple:
    """Every string's tokens (a flat list), how many each has, and each token's length. bytes.split
    is the extension's find loop (left to right, no overlaps), run once a string in C: the strings
    may lie anywhere in ``chars``, overlapping and in any order, so no one pass over it finds them."""
    data = np.asarray(chars, np.uint8).tobytes()
    parts = [data[i:j].split(delim) for i, j in zip(b.tolist(), e.tolist())]
    counts = np.fromiter(map(len, parts), np.int64, len(parts))
    tokens = list(chain.from_iterable(parts))
    return tokens, counts, np.fromiter(map(len, tokens), np.int64, len(tokens))
