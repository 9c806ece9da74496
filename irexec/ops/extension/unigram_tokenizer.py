"""UnigramTokenizer (openvino_tokenizers): each word of a ragged string tensor to the ids of its
most probable segmentation under a unigram language model (SentencePiece's Viterbi), the rows kept
(ragged_begins, ragged_ends, ids).

Inputs: the words (ragged_begins, ragged_ends, begins, ends, chars), the vocabulary (a token's id
is its position) and each token's score (f32 log-probability). Segments start at UTF-8 character
boundaries; a token may be any byte string of the vocabulary. The best path to each end position
maximises the sum of scores, in f32 as the extension adds them; between equal sums the path whose
last token starts first (the longest last token) wins. A character that starts no one-character
token may also be crossed as unknown, at the lowest score of the vocabulary less 10, giving
``unk_token_id``. On the best path, adjacent tokens of that id (unknowns, or a vocabulary token
with the same id) give it once: the extension always fuses them, whatever ``fuse_unk`` says, and
ignores ``byte_fallback`` (an unknown character gives the unk id, never its ``<0xNN>`` tokens);
irexec does as the extension does, where HF's Unigram follows the two attributes.
``min_score`` is read and unused, as in the extension.

Where irexec departs from the extension (which fails): an empty token matches nothing here (its
score still counts for the lowest); the extension refuses the vocabulary."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ..op import Attr, Input, Op
from ..registry import register
from ._positional import check_rank
from ._ragged import WORDS, pieces, string_inputs
from ._sentencepiece_encode import CHAR_LEN
from ._vocab import Prefixes, RaggedIds, memo_word

UNK_PENALTY = 10.0


@register
class UnigramTokenizer(RaggedIds, Op):
    type, version = "UnigramTokenizer", "extension"
    inputs = (*WORDS, *string_inputs("vocab"), Input("scores", "f32", value=True))
    outputs = ("ragged_begins", "ragged_ends", "ids")
    attrs = (
        Attr("byte_fallback", "bool", False),
        Attr("unk_token_id", "int", 0),
        Attr("fuse_unk", "bool", False),
        Attr("min_score", "float", float("inf")),
    )

    def output_facts(self, *ins):
        for k in range(2, 9):
            check_rank(self.type, self.declared_input(k).name, ins[k], (1,), k)
        v, s = ins[6], ins[8]
        if v.shape is not None and s.shape is not None and not v.shape[0].compatible(s.shape[0]):
            raise ValidationError("UnigramTokenizer's vocabulary and scores differ in number", port=8)
        return self.ragged_facts(ins)

    def model(self, ins: tuple):
        return _Model(self, ins).tokenize


class _Model:
    def __init__(self, op: UnigramTokenizer, ins: tuple):
        tokens = pieces(op.type, *ins[5:8], what="vocab string")
        scores = np.asarray(ins[8], np.float32).reshape(-1)
        if scores.size != len(tokens):
            raise ExecutionError(f"{op.type}'s {len(tokens)} vocabulary tokens have {scores.size} scores")
        # (a token listed twice is found as its last id, as the extension's trie keeps it)
        self.table = Prefixes({tok: i for i, tok in enumerate(tokens)}).table
        self.scores = [np.float32(x) for x in scores.tolist()]
        low = float(scores.min()) if scores.size else float(np.finfo(np.float32).max)
        self.unk_score = np.float32(low - UNK_PENALTY)
        self.unk = op.unk_token_id
        self.cache = {}

    def tokenize(self, word: bytes) -> list:
        return memo_word(self.cache, word, self._tokenize)

    def _tokenize(self, text: bytes) -> list:
        n = len(text)
        if not n:
            return []
        table, scores, unk = self.table, self.scores, self.unk
        # Per end position: best score, where its last token starts (-1: not reached), its id.
        best = [np.float32(0)] * (n + 1)
        start = [-1] * (n + 1)
        ids = [unk] * (n + 1)
        i = 0
        while i < n:
            so_far = best[i]
            step = min(CHAR_LEN[text[i] >> 4], n - i)
            found = False
            j = i + 1
            while j <= n:
                v = table.get(text[i:j])
                if v is None:
                    break
                if v >= 0:
                    cand = scores[v] + so_far
                    if start[j] == -1 or cand > best[j]:
                        best[j], start[j], ids[j] = cand, i, v
                    if j - i == step:
                        found = True
                j += 1
            if not found:
                cand = self.unk_score + so_far
                k = i + step
                if start[k] == -1 or cand > best[k]:
                    best[k], start[k], ids[k] = cand, i, unk
            i += step
        out, end, prev = [], n, None
        while end > 0:
            tok = ids[end]
            if not (tok == unk and prev == unk):
                out.append(tok)
            prev, end = tok, start[end]
        out.reverse()
        return out
