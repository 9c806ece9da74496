"""BPETokenizer (openvino_tokenizers): each word of a ragged string tensor to its byte-pair
encoding ids, the rows kept (ragged_begins, ragged_ends, ids).

Inputs: the words (ragged_begins, ragged_ends, begins, ends, chars), the vocabulary (a token's id
is its position; a token listed twice takes the later position), then the merges, either as
strings "left right" split at the first space (11 inputs) or as two string tensors of lefts and
rights (14 inputs), then optionally the added tokens and their ids (15 or 18 inputs), which join
the vocabulary where their string is not in it already (the first of repeated ones counts).

A merge's rank is its position in the list (a pair listed twice takes the later rank); its left,
right and joined strings must all be in the vocabulary. A word (with ``end_suffix`` appended) is
first cut greedily into the longest vocabulary tokens that are not the result of any merge; a
byte that starts none becomes ``<0xNN>`` under ``byte_fallback`` (when the vocabulary has it),
else ``unk_token``'s id (when the vocabulary has it), else it is dropped. Each unknown byte gives
its own unk id whatever ``fuse_unk`` says: the extension reads the attribute and ignores it (HF
fuses a run of unknowns into one), and irexec does as the extension does. Then the adjacent pair of
lowest rank merges, the leftmost first among equal ranks, until none is a merge; pairs that
appear after a merge queue behind older ones of the same rank (the extension's priority queue,
whose order irexec keeps exactly). ``suffix_indicator`` is read and unused (the extension has not
implemented it), ``cache_capacity`` changes no output."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ..op import Attr, Input, Op
from ..registry import register
from . import _heap
from ._positional import check_rank
from ._ragged import WORDS, pieces, string_inputs
from ._vocab import Prefixes, RaggedIds


@register
class BPETokenizer(RaggedIds, Op):
    type, version = "BPETokenizer", "extension"
    # The 18-input layout; with 15 the added tokens sit where the right merges are here (the types
    # by position agree: i32, i32, u8, then the i32 ids).
    inputs = (
        *WORDS,
        *string_inputs("vocab"),
        *string_inputs("merges"),
        *string_inputs("right_merges", optional=True),
        *string_inputs("added", optional=True),
        Input("added_ids", "i32", optional=True, value=True),
    )
    outputs = ("ragged_begins", "ragged_ends", "ids")
    attrs = (
        Attr("unk_token", "str", ""),
        Attr("fuse_unk", "bool", False),
        Attr("suffix_indicator", "str", ""),
        Attr("end_suffix", "str", ""),
        Attr("byte_fallback", "bool", False),
        Attr("cache_capacity", "int", 20000),
    )

    def output_facts(self, *ins):
        if len(ins) not in (11, 14, 15, 18):
            raise ValidationError(f"BPETokenizer takes 11, 14, 15 or 18 inputs, the layer has {len(ins)}")
        for k in range(2, len(ins)):
            if k != len(ins) - 1 or len(ins) < 15:
                check_rank("BPETokenizer", self.declared_input(k).name, ins[k], (1,), k)
        if len(ins) >= 15:
            a, i = ins[-4], ins[-1]
            if (
                a.shape is not None
                and i.shape is not None
                and len(i.shape) == 1
                and not a.shape[0].compatible(i.shape[0])
            ):
                raise ValidationError("BPETokenizer's added tokens and their ids differ in number", port=len(ins) - 1)
        return self.ragged_facts(ins)

    def model(self, ins: tuple):
        return _Model(self, ins).tokenize


class _Model:
    """The vocabulary trie, the merges by id pair, and a cache of words seen."""

    def __init__(self, op: BPETokenizer, ins: tuple):
        name = "BPETokenizer"
        n = len(ins)
        vocab = {}
        for i, tok in enumerate(pieces(name, *ins[5:8], what="vocab string")):
            vocab[tok] = i
        if n >= 15:
            added = pieces(name, *ins[n - 4 : n - 1], what="added token")
            ids = np.asarray(ins[n - 1]).reshape(-1)
            if ids.size != len(added):
                raise ExecutionError(f"{name}'s {len(added)} added tokens have {ids.size} ids")
            for tok, i in zip(added, ids.tolist()):
                vocab.setdefault(tok, i)
        lefts = pieces(name, *ins[8:11], what="merge")
        if n in (14, 18):
            rights = pieces(name, *ins[11:14], what="right merge")
            if len(rights) != len(lefts):
                raise ExecutionError(f"{name}'s {len(lefts)} left merges have {len(rights)} right ones")
        else:
            # (No space: the extension's find gives npos, and both halves are the whole string.)
            split = [m.split(b" ", 1) if b" " in m else [m, m] for m in lefts]
            lefts, rights = [s[0] for s in split], [s[1] for s in split]
        merges, joined = {}, set()
        for rank, (a, b) in enumerate(zip(lefts, rights)):
            for tok in (a, b, a + b):
                if tok not in vocab:
                    raise ExecutionError(
                        f"{name}'s merge {rank} ({_show(a)} {_show(b)}) needs {_show(tok)}, not in the vocabulary"
                    )
            merges[(vocab[a], vocab[b])] = (rank, vocab[a + b])
            joined.add(a + b)
        base = {t: i for t, i in vocab.items() if t not in joined}
        self.prefixes = Prefixes(base)
        self.merges = merges
        self.unk = vocab.get(op.unk_token.encode(), -1)
        self.suffix = op.end_suffix.encode()
        self.fallback = [base.get(b"<0x%02X>" % k, -1) if op.byte_fallback else -1 for k in range(256)]
        self.cache = {}

    def tokenize(self, word: bytes) -> list:
        got = self.cache.get(word)
        if got is None:
            got = self._tokenize(word + self.suffix)
            if len(self.cache) < 65536:
                self.cache[word] = got
        return got

    def _tokenize(self, text: bytes) -> list:
        ids, i, n, prefixes = [], 0, len(text), self.prefixes
        unk = self.unk
        while i < n:
            tok, end = prefixes.longest(text, i)
            if tok != -1:
                ids.append(tok)
                i = end
                continue
            fb = self.fallback[text[i]]
            if fb != -1:
                ids.append(fb)
            elif unk != -1:
                ids.append(unk)
            i += 1
        if len(ids) < 2:
            return ids
        return self._merge(ids)

    def _merge(self, ids: list) -> list:
        merges = self.merges
        # Symbols: ids, prev, next, alive; merged ones are appended, as in the extension.
        prev = list(range(-1, len(ids) - 1))
        nxt = list(range(1, len(ids) + 1))
        nxt[-1] = -1
        alive = [True] * len(ids)
        heap, seq, key = [], 0, _entry_key
        for a in range(len(ids) - 1):
            m = merges.get((ids[a], ids[a + 1]))
            if m is not None:
                _heap.push(heap, (m[0], seq, a, a + 1, m[1]), key)
            seq += 1
        head, live = 0, len(ids)
        while heap and live >= 2:
            _, _, a, b, new = _heap.pop(heap, key)
            if not (alive[a] and alive[b] and nxt[a] == b):
                continue
            p, q, c = prev[a], nxt[b], len(ids)
            ids.append(new)
            prev.append(p)
            nxt.append(q)
            alive.append(True)
            alive[a] = alive[b] = False
            if p != -1:
                nxt[p] = c
            else:
                head = c
            if q != -1:
                prev[q] = c
            live -= 1
            seq += 1
            if p != -1 and (m := merges.get((ids[p], new))) is not None:
                _heap.push(heap, (m[0], seq, p, c, m[1]), key)
            if q != -1 and (m := merges.get((new, ids[q]))) is not None:
                _heap.push(heap, (m[0], seq, c, q, m[1]), key)
        out, k = [], head
        while k != -1:
            out.append(ids[k])
            k = nxt[k]
        return out


def _entry_key(e: tuple) -> tuple:
    return (e[0], e[1])


def _show(tok: bytes) -> str:
    return repr(tok.decode("utf-8", "backslashreplace"))
