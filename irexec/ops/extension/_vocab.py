"""Vocabularies of the tokenization models (BPE, WordPiece, Unigram, VocabEncoder, Trie): decoded
from their begins/ends/chars inputs once per distinct content, and looked up by longest prefix as
the extension's byte trie does.

The extension builds its tables on the first run and keeps them; irexec keys them by the inputs'
bytes instead, so a vocabulary fed at run time that changes is read anew (the extension would keep
using the first one)."""

from __future__ import annotations

import numpy as np

from ...errors import ExecutionError
from ...shapes import DYN, fixed
from ..op import Fact
from ._ragged import I32, check_ranges, content_key, once


class Prefixes:
    """Longest-prefix lookup with the extension's byte trie's semantics: from ``text[i:]`` the
    longest token reachable along existing trie paths (every prefix of a token is one, so this is
    the longest token that is a prefix of the rest). A token of id -1 is no token, as the trie's
    "no value" is -1; the empty token is never matched (the trie's root is never a match)."""

    def __init__(self, tokens: dict):
        table = {}
        for tok, idx in tokens.items():
            if not tok:
                continue
            for k in range(1, len(tok)):
                table.setdefault(tok[:k], -1)
            table[tok] = idx
        self.table = table

    def longest(self, text: bytes, i: int) -> tuple:
        """(id, end) of the longest token at ``i``; (-1, i) when none."""
        table, n = self.table, len(text)
        best, end, j = -1, i, i + 1
        while j <= n:
            v = table.get(text[i:j])
            if v is None:
                break
            if v != -1:
                best, end = v, j
            j += 1
        return best, end


def ragged_rows(op: str, ragged_begins, ragged_ends, n: int) -> tuple:
    """Each row's [begin, end) over ``n`` strings as int64, checked; an empty row may lie
    anywhere (the extension reads no string of it)."""
    rb = np.asarray(ragged_begins, np.int64).reshape(-1)
    re_ = np.asarray(ragged_ends, np.int64).reshape(-1)
    if rb.shape != re_.shape:
        raise ExecutionError(f"{op}'s ragged_begins and ragged_ends differ in size: {rb.size} and {re_.size}")
    bad = (re_ > rb) & ((rb < 0) | (re_ > n))
    if bad.any():
        k = int(np.argmax(bad))
        raise ExecutionError(f"{op}'s row {k} spans strings [{rb[k]}, {re_[k]}), outside the {n} there are")
    return rb, re_


def tokenize_rows(op: str, ins: tuple, tokenize, empty=None) -> tuple:
    """The ragged ids of a ragged string tensor, each string through ``tokenize`` (bytes to a list
    of ids), the rows' shape kept: (ragged_begins, ragged_ends, ids). ``empty``, when given, takes
    an empty string instead, as ``empty(chars, begin)`` (for a model that reads on past it)."""
    ragged_begins, ragged_ends, begins, ends, chars = ins
    sb, se = check_ranges(op, "string", begins, ends, chars.size)
    data = np.ascontiguousarray(chars).tobytes()
    starts = sb.tolist()
    words = [data[i:j] for i, j in zip(starts, se.tolist())]
    rb, re_ = ragged_rows(op, ragged_begins, ragged_ends, len(words))
    out, new_b, new_e = [], np.empty(rb.size, np.int64), np.empty(rb.size, np.int64)
    at = 0
    for r, (b, e) in enumerate(zip(rb.tolist(), re_.tolist())):
        new_b[r] = at
        for k in range(b, e):
            w = words[k]
            ids = empty(data, starts[k]) if empty is not None and not w else tokenize(w)
            out.extend(ids)
            at += len(ids)
        new_e[r] = at
    shape = np.shape(ragged_begins)
    return (
        new_b.astype(np.int32).reshape(shape),
        new_e.astype(np.int32).reshape(shape),
        np.asarray(out, np.int64).astype(np.int32),
    )


class RaggedIds:
    """What a tokenization model shares: its outputs' facts (the ids' length known when every
    input's value is, as at run time, by tokenizing then) and one cached result, so the run-time
    rule and the compute that follows tokenize once. ``model(ins)`` gives the op's tokenizer (a
    bytes -> list of ids function) for its vocabulary inputs, ``ins[5:]``; one with an ``empty``
    attribute tokenizes empty words through it (see ``tokenize_rows``)."""

    n_words = 5  # ragged_begins, ragged_ends, begins, ends, chars

    def ragged_facts(self, ins: tuple) -> list:
        length = DYN
        if all(f.value is not None for f in ins):
            length = fixed(int(self.result(tuple(f.value for f in ins))[2].size))
        return [Fact(I32, ins[0].shape), Fact(I32, ins[0].shape), Fact(I32, (length,))]

    def result(self, ins: tuple) -> tuple:
        return once(self, tuple(np.asarray(a) for a in ins), self._tokenize_all)

    def _tokenize_all(self, *ins) -> tuple:
        n = self.n_words
        model = self.memo(content_key(*ins[n:]), lambda: self.model(ins))
        return tokenize_rows(self.type, ins[:n], model, getattr(model, "empty", None))

    def compute(self, *ins):
        return self.result(ins)


def memo_word(cache: dict, word: bytes, tokenize) -> list:
    """``tokenize(word)``, kept in ``cache`` (a model's words repeat across a text), at most 65536."""
    got = cache.get(word)
    if got is None:
        got = tokenize(word)
        if len(cache) < 65536:
            cache[word] = got
    return got
