"""Byte-level helpers of the extension's byte ops: GPT-2's byte-to-character alphabet (what
BytesToChars writes and CharsToBytes reads) and gathering the bytes of many ranges at once."""

from __future__ import annotations

import numpy as np


def _alphabet() -> tuple:
    """GPT-2's ``bytes_to_unicode``: the printable bytes (33-126, 161-172, 174-255) stand for
    themselves, the others for U+0100 onwards in byte order; each as its UTF-8 bytes."""
    printable = [*range(33, 127), *range(161, 173), *range(174, 256)]
    cps, extra = {}, 0
    for b in range(256):
        if b in printable:
            cps[b] = b
        else:
            cps[b] = 256 + extra
            extra += 1
    encoded = [chr(cps[b]).encode() for b in range(256)]
    table = np.zeros((256, 2), np.uint8)
    sizes = np.zeros(256, np.int64)
    for b, e in enumerate(encoded):
        table[b, : len(e)] = list(e)
        sizes[b] = len(e)
    # The inverse over two-byte characters: (lead - 0xC2) * 64 + (trail - 0x80) -> byte, -1 unmapped.
    pairs = np.full(4 * 64, -1, np.int64)
    for b, e in enumerate(encoded):
        if len(e) == 2:
            pairs[(e[0] - 0xC2) * 64 + e[1] - 0x80] = b
    return table, sizes, pairs


TABLE, SIZES, PAIRS = _alphabet()


def gather(starts, lengths) -> tuple:
    """For ranges ``[starts[i], starts[i] + lengths[i])``: every position in them, in order, and
    the range each belongs to."""
    lengths = np.asarray(lengths, np.int64)
    total = int(lengths.sum())
    owner = np.repeat(np.arange(lengths.size), lengths)
    first = np.cumsum(lengths) - lengths
    pos = np.arange(total, dtype=np.int64) - first[owner] + np.asarray(starts, np.int64)[owner]
    return pos, owner
