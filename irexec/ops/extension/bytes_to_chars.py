"""BytesToChars (openvino_tokenizers): each byte of each string of a ragged string tensor written
as its character in GPT-2's byte-level alphabet (``_bytes``: printable bytes as themselves, the
others from U+0100 on), as byte-level BPE tokenizers do before their vocabulary lookup. The rows
pass through; the strings are laid out anew in row order.

A string no row covers has no place in the extension's output (its begin and end are left
unwritten); irexec gives it the empty range [0, 0)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fmt
from ..op import Fact, Op
from ..registry import register
from ._bytes import SIZES, TABLE, gather
from ._normalizing import cached, sized
from ._ragged import I32, U8, WORDS, check_ranges, rows


@register
class BytesToChars(Op):
    type, version = "BytesToChars", "extension"
    inputs = (*WORDS,)
    outputs = ("ragged_begins", "ragged_ends", "begins", "ends", "chars")

    def output_facts(self, ragged_begins, ragged_ends, begins, ends, chars):
        if chars.shape is not None and len(chars.shape) != 1:
            raise ValidationError(f"BytesToChars's chars must be 1-D, got {fmt(chars.shape)}", port=4)
        facts = [
            Fact(I32, ragged_begins.shape),
            Fact(I32, ragged_ends.shape),
            Fact(I32, begins.shape),
            Fact(I32, ends.shape),
            Fact(U8, (DYN,)),
        ]
        return sized(self, facts, (ragged_begins, ragged_ends, begins, ends, chars), self._run, at=4)

    def compute(self, *ins):
        return cached(self, ins, self._run)

    def _run(self, ragged_begins, ragged_ends, begins, ends, chars):
        b, e = check_ranges("BytesToChars", "string", begins, ends, chars.size)
        rb, re_ = rows("BytesToChars", ragged_begins, ragged_ends, b.size)
        # The strings in row order (a string in two rows twice, as the extension writes it).
        order, _ = gather(rb, re_ - rb)
        lengths = e[order] - b[order]
        pos, owner = gather(b[order], lengths)
        data = chars[pos]
        sizes = SIZES[data]
        # Each byte's one or two output bytes, in order.
        out = TABLE[data][np.arange(2)[None, :] < sizes[:, None]]
        new_len = np.bincount(owner, weights=sizes, minlength=order.size).astype(np.int64)
        new_end = np.cumsum(new_len)
        if new_end.size and new_end[-1] > np.iinfo(np.int32).max:
            raise ExecutionError("BytesToChars's strings grow past what its i32 offsets address")
        out_b = np.zeros(b.size, np.int32)
        out_e = np.zeros(b.size, np.int32)
        out_b[order] = new_end - new_len
        out_e[order] = new_end
        shape = np.shape(begins)
        return (
            np.asarray(ragged_begins, np.int32).copy(),
            np.asarray(ragged_ends, np.int32).copy(),
            out_b.reshape(shape),
            out_e.reshape(shape),
            out,
        )
