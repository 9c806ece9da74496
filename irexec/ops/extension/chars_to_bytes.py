"""CharsToBytes (openvino_tokenizers): the inverse of BytesToChars, as a byte-level BPE
detokenizer ends: each row of a ragged string tensor (its tokens) becomes one string, each
character of GPT-2's byte-level alphabet (``_bytes``) turned back into its byte.

A token holding a character outside the alphabet (a CJK or an emoji added token, an invalid
byte) is kept as its bytes, as HF's ByteLevel decoder keeps such a token; the extension reads its
pair table at whatever such a character gives (out of range past U+017F, unset entries below)."""

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fmt
from ..op import Fact, Op
from ..registry import register
from ._bytes import PAIRS, gather
from ._normalizing import cached, sized
from ._ragged import I32, U8, WORDS, check_ranges, rows


@register
class CharsToBytes(Op):
    type, version = "CharsToBytes", "extension"
    inputs = (*WORDS,)
    outputs = ("begins", "ends", "chars")

    def output_facts(self, ragged_begins, ragged_ends, begins, ends, chars):
        if chars.shape is not None and len(chars.shape) != 1:
            raise ValidationError(f"CharsToBytes's chars must be 1-D, got {fmt(chars.shape)}", port=4)
        facts = [Fact(I32, ragged_begins.shape), Fact(I32, ragged_begins.shape), Fact(U8, (DYN,))]
        return sized(self, facts, (ragged_begins, ragged_ends, begins, ends, chars), self._run)

    def compute(self, *ins):
        return cached(self, ins, self._run)

    def _run(self, ragged_begins, ragged_ends, begins, ends, chars):
        b, e = check_ranges("CharsToBytes", "string", begins, ends, chars.size)
        rb, re_ = rows("CharsToBytes", ragged_begins, ragged_ends, b.size)
        order, row_of = gather(rb, re_ - rb)
        pos, tok = gather(b[order], e[order] - b[order])
        data = chars[pos].astype(np.int64)
        nxt = np.empty_like(data)
        nxt[:-1] = data[1:]
        nxt[-1:] = 0
        same = np.zeros(data.size, bool)
        same[:-1] = tok[1:] == tok[:-1]
        lead = (data >= 0xC2) & (data <= 0xC5) & same & (nxt >= 0x80) & (nxt < 0xC0)
        value = np.where(lead, PAIRS[np.clip((data - 0xC2) * 64 + nxt - 0x80, 0, PAIRS.size - 1)], data)
        lead &= value >= 0
        trail = np.zeros(data.size, bool)
        trail[1:] = lead[:-1]
        # A token is in the alphabet when every byte is ASCII, a mapped lead or its trail.
        bad = np.bincount(tok, weights=~((data < 0x80) | lead | trail), minlength=order.size) > 0
        bad_byte = bad[tok]
        keep = ~(trail & ~bad_byte)
        out = np.where(lead & ~bad_byte, value, data)[keep].astype(np.uint8)
        counts = np.bincount(row_of[tok[keep]], minlength=rb.size).astype(np.int64)
        ends_out = np.cumsum(counts)
        shape = np.shape(ragged_begins)
        return (ends_out - counts).astype(np.int32).reshape(shape), ends_out.astype(np.int32).reshape(shape), out
