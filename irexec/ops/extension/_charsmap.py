"""SentencePiece's ``normalizer::Normalizer``, as openvino_tokenizers' normalization ops run it: a
precompiled charsmap (a Darts double-array trie of UTF-8 keys and their normalized strings) applied
by greedy longest match, then SentencePiece's whitespace rules.

Each step takes the longest key at the current byte; where none matches, one valid UTF-8
character is copied as it is, and a byte that starts none becomes U+FFFD (one per byte).
``remove_extra_whitespaces`` drops the pieces that normalize to one space at the start, leading
spaces of a piece after a space, and trailing spaces; ``add_dummy_prefix`` puts a space first
(not on a string that is empty, or all spaces removed); ``escape_whitespaces`` writes each space
as U+2581.

A charsmap blob: a little-endian u32 trie size, the trie's 32-bit units, then the normalized
strings, each ended by NUL. A blob that says less than that, or a trie that points outside
itself, is refused in one line (the extension reads out of range, or gives empty strings)."""

from __future__ import annotations

import numpy as np

from ...errors import ExecutionError

SPACE, ESCAPED = b" ", "\u2581".encode()
REPLACEMENT = "\ufffd".encode()
_LEAF = object()  # the key under which a trie node keeps its value


def _char_length(s: bytes, i: int) -> int:
    """The length of the valid UTF-8 character at ``s[i]`` (SentencePiece's DecodeUTF8: no
    overlongs, surrogates or code points past U+10FFFF), or 0."""
    b = s[i]
    if b < 0x80:
        return 1
    size = 2 if 0xC2 <= b < 0xE0 else 3 if 0xE0 <= b < 0xF0 else 4 if 0xF0 <= b < 0xF5 else 0
    if not size or i + size > len(s):
        return 0
    try:
        s[i : i + size].decode()
    except UnicodeDecodeError:
        return 0
    return size


class DictTrie:
    """A map built here (the extension's built-in forms), as nested dicts over the keys' bytes."""

    def __init__(self, table: dict):
        root: dict = {}
        for key, value in table.items():
            node = root
            for b in "".join(map(chr, key)).encode("utf-8", "surrogatepass"):
                node = node.setdefault(b, {})
            node[_LEAF] = "".join(map(chr, value)).encode("utf-8", "surrogatepass")
        self.root = root
        self.empty = not root

    def tables(self) -> tuple:
        single, pair = np.zeros(256, bool), np.zeros((256, 256), bool)
        for a, node in self.root.items():
            if a is _LEAF:
                continue
            single[a] = _LEAF in node
            for b in node:
                if b is not _LEAF:
                    pair[a, b] = True
        return single, pair

    def longest(self, s: bytes, i: int) -> tuple:
        node, best, value = self.root, 0, None
        for j in range(i, len(s)):
            node = node.get(s[j])
            if node is None:
                break
            hit = node.get(_LEAF)
            if hit is not None:
                best, value = j - i + 1, hit
        return best, value


class DartsTrie:
    """A precompiled charsmap blob, walked as Darts-clone's commonPrefixSearch walks it."""

    def __init__(self, op: str, blob: bytes):
        self.op = op
        if len(blob) <= 4:
            raise ExecutionError(f"{op}'s charsmap of {len(blob)} bytes is broken: it has no trie size")
        size = int.from_bytes(blob[:4], "little")
        if size >= len(blob) or size < 4:
            raise ExecutionError(f"{op}'s charsmap says its trie holds {size} bytes, of the {len(blob)} there are")
        self.units = np.frombuffer(blob[4 : 4 + size - size % 4], "<u4").tolist()
        self.strings = blob[4 + size :]
        self.values: dict = {}
        self.empty = False

    def _bad(self, what: str):
        return ExecutionError(f"{self.op}'s charsmap is broken: its trie points {what}")

    def _value(self, at: int) -> bytes:
        hit = self.values.get(at)
        if hit is None:
            end = self.strings.find(b"\0", at)
            if at >= len(self.strings) or end < 0:
                raise self._bad(f"at a normalized string at {at}, past the {len(self.strings)} bytes of them")
            hit = self.values[at] = self.strings[at:end]
        return hit

    def _child(self, node: int, c: int):
        """The node after byte ``c`` from ``node`` (its offset applied), None where there is none,
        True where the trie points out of itself (the walk then refuses it)."""
        units, n = self.units, len(self.units)
        nxt = node ^ c
        if nxt >= n:
            return True
        u = units[nxt]
        if u & 0x800000FF != c:
            return None
        nxt ^= (u >> 10) << ((u & 0x200) >> 6)
        return (nxt, bool(u & 0x100))

    def tables(self) -> tuple:
        """Which bytes are keys of one byte, and which byte pairs begin longer keys (where the
        trie is out of order, both say "maybe": the walk finds the fault)."""
        single, pair = np.zeros(256, bool), np.zeros((256, 256), bool)
        if not self.units:
            return ~single, ~pair
        u = self.units[0]
        root = (u >> 10) << ((u & 0x200) >> 6)
        for a in range(256):
            hit = self._child(root, a)
            if hit is None:
                continue
            if hit is True:
                single[a] = pair[a] = True
                continue
            single[a] = hit[1]
            for b in range(256):
                pair[a, b] = self._child(hit[0], b) is not None
        return single, pair

    def longest(self, s: bytes, i: int) -> tuple:
        units, n = self.units, len(self.units)
        if not n:
            raise self._bad("nowhere: it has no units")
        u = units[0]
        node = (u >> 10) << ((u & 0x200) >> 6)
        best, value = 0, None
        for j in range(i, len(s)):
            c = s[j]
            node ^= c
            if node >= n:
                raise self._bad(f"past its {n} units")
            u = units[node]
            if u & 0x800000FF != c:
                break
            node ^= (u >> 10) << ((u & 0x200) >> 6)
            if u & 0x100:
                if node >= n:
                    raise self._bad(f"past its {n} units")
                best, value = j - i + 1, units[node] & 0x7FFFFFFF
        return best, (None if value is None else self._value(value))


def plain_runs(trie, chars: np.ndarray, spaces: bool = False) -> list:
    """For each byte of ``chars``, where the run of plain bytes from it ends: ASCII bytes other
    than the space that start no key (no one-byte key, no longer key beginning with the byte and
    the next) are copied as they are, so a run of them is copied whole. (Across two strings the
    next byte is the next string's: a pair that may begin a key only sends the byte the slow
    way.) ``spaces``: the space is plain too (where no whitespace rule is on)."""
    tables = trie.__dict__.get("_tables")
    if tables is None:
        tables = trie._tables = trie.tables()
    single, pair = tables
    d = np.asarray(chars, np.uint8).reshape(-1)
    if not d.size:
        return []
    nxt = np.empty_like(d)
    nxt[:-1] = d[1:]
    plain = (d < 0x80) & ~single[d] & ~pair[d, nxt]
    if not spaces:
        plain &= d != 0x20
    plain[-1] = plain[-1] and not pair[d[-1]].any()
    at = np.where(plain, d.size, np.arange(d.size))
    return np.minimum.accumulate(at[::-1])[::-1].tolist()


def normalize(trie, s: bytes, dummy_prefix: bool, remove_extra: bool, escape: bool, runs=None, base=0) -> bytes:
    """One string through SentencePiece's Normalizer::Normalize; ``runs`` (``plain_runs`` of the
    buffer the string starts at ``base`` in) lets plain bytes be copied a run at a time."""
    n, i = len(s), 0
    longest = trie.longest

    def piece(i: int) -> tuple:
        if runs is not None:
            end = runs[base + i] - base
            if end > i:
                end = min(end, n)
                return s[i:end], end - i
        size, value = longest(s, i) if not trie.empty else (0, None)
        if size:
            return value, size
        size = _char_length(s, i)
        return (s[i : i + size], size) if size else (REPLACEMENT, 1)

    if remove_extra:
        while i < n:
            p, size = piece(i)
            if p != SPACE:
                break
            i += size
    if i >= n:
        return b""
    space = ESCAPED if escape else SPACE
    out = bytearray(space if dummy_prefix else b"")
    after_space = remove_extra
    while i < n:
        p, size = piece(i)
        if after_space:
            p = p.lstrip(SPACE)
        if p:
            out += p.replace(SPACE, space) if escape else p
            after_space = p.endswith(SPACE)
        i += size
        if not remove_extra:
            after_space = False
    if remove_extra:
        while out.endswith(space):
            del out[-len(space) :]
    return bytes(out)
