"""WordpieceTokenizer (openvino_tokenizers): each word of a ragged string tensor to its WordPiece
ids, the rows kept (ragged_begins, ragged_ends, ids).

Inputs: the words (ragged_begins, ragged_ends, begins, ends, chars), the vocabulary (a token's id
is its position; a token listed twice takes the later one) and the unk id (a scalar, given out as it
is, even negative). Greedy longest match first: the word's longest prefix
among the tokens that do not start with ``suffix_indicator``, then, repeatedly, the longest token
among those that do, matching ``suffix_indicator`` followed by the rest of the word. A word whose
start or any continuation matches no token is one unk id as a whole; a word longer than
``max_bytes_per_word`` bytes too.

An empty word is matched as the extension matches it: its first token is looked for in the bytes
of ``chars`` from the word's begin on, past its end (the next word's bytes, where the strings lie
end to end), and gives that one token, or the unk id when none starts there (or when
``max_bytes_per_word`` is negative); nothing continues it.

Where irexec departs from the extension (undefined there): an empty word at the end of ``chars``
gives no id here; the extension reads past the buffer for it (as for a match that runs to the
buffer's end with longer tokens still possible, which irexec ends there). The extension sizes
its ids for at most one per byte of ``chars``, so words that give more ids than that (empty words
among few bytes) stop its run; irexec gives them all.

``suffix_indicator`` alone, when the vocabulary holds it, matches nothing (it would consume no
byte of the word)."""

import numpy as np

from ...errors import ExecutionError
from ..op import Attr, Input, Op
from ..registry import register
from ._positional import check_rank
from ._ragged import WORDS, pieces, string_inputs
from ._vocab import Prefixes, RaggedIds, memo_word


@register
class WordpieceTokenizer(RaggedIds, Op):
    type, version = "WordpieceTokenizer", "extension"
    inputs = (*WORDS, *string_inputs("vocab"), Input("unk_id", "i32|i64", value=True))
    outputs = ("ragged_begins", "ragged_ends", "ids")
    attrs = (Attr("suffix_indicator", "str", "##"), Attr("max_bytes_per_word", "int", 100))

    def output_facts(self, *ins):
        for k in range(2, 8):
            check_rank(self.type, self.declared_input(k).name, ins[k], (1,), k)
        return self.ragged_facts(ins)

    def model(self, ins: tuple):
        return _Model(self, ins)


class _Model:
    def __init__(self, op: WordpieceTokenizer, ins: tuple):
        vocab = {}
        for i, tok in enumerate(pieces(op.type, *ins[5:8], what="vocab string")):
            vocab[tok] = i
        unk = np.asarray(ins[8]).reshape(-1)
        if unk.size != 1:
            raise ExecutionError(f"{op.type}'s unk_id must hold one value, got {unk.size}")
        self.unk = int(unk[0])
        self.suffix = op.suffix_indicator.encode()
        self.max_bytes = op.max_bytes_per_word
        s = self.suffix
        self.roots = Prefixes({t: i for t, i in vocab.items() if not t.startswith(s)})
        self.subwords = Prefixes({t: i for t, i in vocab.items() if t.startswith(s)})
        self.cache = {}

    def __call__(self, word: bytes) -> list:
        return memo_word(self.cache, word, self._tokenize)

    def empty(self, chars: bytes, at: int) -> list:
        """An empty word's ids: the extension's, its first token from ``chars[at:]``."""
        if self.max_bytes < 0:
            return [self.unk]
        if at >= len(chars):
            return []  # (irexec's own: the extension reads past chars)
        tok, _ = self.roots.longest(chars, at)
        return [self.unk if tok == -1 else tok]

    def _tokenize(self, word: bytes) -> list:
        if not word:
            return self.empty(b"", 0)
        if len(word) > self.max_bytes:
            return [self.unk]
        tok, end = self.roots.longest(word, 0)
        if tok == -1:
            return [self.unk]
        ids, s = [tok], self.suffix
        while end < len(word):
            text = s + word[end:]
            tok, at = self.subwords.longest(text, 0)
            # (A match of the indicator alone would make no progress.)
            if tok == -1 or at <= len(s):
                return [self.unk]
            ids.append(tok)
            end += at - len(s)
        return ids
