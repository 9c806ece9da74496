"""Small SentencePiece precompiled charsmaps for the normalization tables: a Darts-clone double
array (each node's children in a block of 256 units of its own, which keeps the builder short)
and the normalized strings, laid out as ``Normalizer::DecodePrecompiledCharsMap`` reads them."""

import struct

NFKC_SAMPLE = {
    "\uff21": "A",  # fullwidth A
    "\uff42": "b",
    "\uff76\uff9e": "\u30ac",  # halfwidth ｶﾞ to ガ
    "\uff76": "\u30ab",
    "\ufb01": "fi",
    "e\u0301": "\u00e9",
    "\u3000": " ",
    "\u2160": "I",
    "\u216b": "XII",
    "\u2460": "1",
    "\u00a0": " ",
    "\t": " ",
    "\u200b": "",  # zero-width space: dropped, as nmt_nfkc does
    "\u1e9e": "\u00df",
}


def darts_blob(table: dict) -> bytes:
    """The precompiled charsmap of ``table`` (str keys to str values)."""
    strings, offsets = b"", {}
    for value in sorted(set(table.values())):
        offsets[value] = len(strings)
        strings += value.encode() + b"\0"
    root: dict = {}
    for key, value in table.items():
        node = root
        for b in key.encode():
            node = node.setdefault(b, {})
        node[None] = offsets[value]
    units = [0] * 256

    def place(node: dict, at: int, label: int):
        base = len(units)
        units.extend([0] * 256)
        offset = at ^ base
        assert offset < 1 << 21
        units[at] = (offset << 10) | ((None in node) << 8) | label
        if None in node:
            units[base] = (1 << 31) | node[None]
        for c, child in node.items():
            if c is not None:
                place(child, base ^ c, c)

    place(root, 0, 0)
    return struct.pack("<I", 4 * len(units)) + struct.pack(f"<{len(units)}I", *units) + strings
