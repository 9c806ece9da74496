"""SentencePiece's two subword encoders over a normalized string (``_sentencepiece``'s model):
each gives (piece, id) pairs, unknown stretches under the unk id, as ``Model::Encode`` does.

UNIGRAM (``unigram::Model::Encode``): Viterbi over the pieces (NORMAL, USER_DEFINED; UNUSED
ones match nothing), each segment starting at a character boundary. A piece scores its f32
score, a user-defined one ``length * max_score - 0.1`` (max over NORMAL pieces), a character no
one-character piece covers ``min_score - 10`` as unknown. Candidates are summed in double and
kept in f32 (as the C++ does); between equal sums the first found (the longest) stays.

BPE (``bpe::Model::SampleEncode``): the string split into characters (a user-defined symbol
whole, and frozen), then the adjacent pair whose concatenation is a piece of highest score
merged, the leftmost first between equal scores, until none is; an UNUSED piece formed is split
back into the pieces it was merged from. ``sample="chars"`` is BPE-dropout with alpha >= 1: no
merge at all."""

from __future__ import annotations

import heapq

import numpy as np

from ._sentencepiece_kinds import BPE, NORMAL, UNUSED, USER_DEFINED
from ._vocab import Prefixes

UNK_PENALTY = np.float32(10.0)
_FLT_MAX, _FLT_MIN = float(np.finfo(np.float32).max), float(np.finfo(np.float32).tiny)
# A UTF-8 character's length from its first byte's high nibble (SentencePiece's OneCharLen: a
# continuation or invalid byte counts as one).
CHAR_LEN = bytes([1] * 12 + [2, 2, 3, 4])


def make_encoder(model):
    return _Bpe(model).encode if model.model_type == BPE else _Unigram(model).encode


def _f32(x: float) -> float:
    return float(np.float32(x))


class _Unigram:
    def __init__(self, model):
        self.model = model
        normal = [s for s, t in zip(model.scores, model.types) if t == NORMAL]
        self.min_score = min(normal) if normal else _FLT_MAX
        self.max_score = max(normal) if normal else _FLT_MIN
        self.max_score = max(self.max_score, _FLT_MIN)
        self.table = Prefixes(model.normal_ids).table
        self.unk_score = float(np.float32(self.min_score) - UNK_PENALTY)

    def encode(self, text: bytes, sample: str = "") -> list:
        # f32 sums overflow to inf as the C++'s do (a hostile model's scores), without a warning.
        with np.errstate(over="ignore"):
            return self._encode(text)

    def _encode(self, text: bytes) -> list:
        n = len(text)
        if not n:
            return []
        model, table, types, scores = self.model, self.table, self.model.types, self.model.scores
        unk = model.unk_id
        best = [0.0] * (n + 1)  # f32 values
        start = [-1] * (n + 1)
        ids = [unk] * (n + 1)
        i = 0
        while i < n:
            here = best[i]
            step = min(CHAR_LEN[text[i] >> 4], n - i)
            single = False
            j = i + 1
            while j <= n:
                v = table.get(text[i:j])
                if v is None:
                    break
                if v >= 0 and types[v] != UNUSED:
                    length = j - i
                    if types[v] == USER_DEFINED:
                        score = float(np.float32(length * np.float32(self.max_score))) - 0.1
                    else:
                        score = scores[v]
                    cand = score + here
                    if start[j] == -1 or cand > best[j]:
                        best[j], start[j], ids[j] = _f32(cand), i, v
                    if length == step:
                        single = True
                j += 1
            if not single:
                k = i + step
                cand = _f32(np.float32(self.unk_score) + np.float32(here))
                if start[k] == -1 or cand > best[k]:
                    best[k], start[k], ids[k] = cand, i, unk
            i += step
        out, end = [], n
        while end > 0:
            out.append((text[start[end] : end], ids[end]))
            end = start[end]
        out.reverse()
        return out


class _Bpe:
    def __init__(self, model):
        self.model = model
        self.symbols = model.prefixes  # user-defined symbols, matched longest first

    def encode(self, text: bytes, sample: str = "") -> list:
        if not text:
            return []
        model = self.model
        pieces_ids, scores, types = model.normal_ids, model.scores, model.types
        # The initial symbols: [start, end) ranges, linked both ways; frozen ones never merge.
        starts, ends, frozen = [], [], []
        at, n = 0, len(text)
        while at < n:
            size = self.symbols.user_symbol(text, at) if self.symbols.symbols else 0
            frozen.append(size > 0)
            if not size:
                size = min(CHAR_LEN[text[at] >> 4], n - at)
            starts.append(at)
            ends.append(at + size)
            at += size
        count = len(starts)
        prev = list(range(-1, count - 1))
        nxt = list(range(1, count + 1))
        nxt[-1] = -1
        agenda, rev_merge = [], {}

        def add(left: int, right: int):
            if left == -1 or right == -1 or frozen[left] or frozen[right]:
                return
            piece = text[starts[left] : ends[right]]
            i = pieces_ids.get(piece)
            if i is None:
                return
            # highest score first, then the leftmost (heapq pops the smallest)
            heapq.heappush(agenda, (-scores[i], left, right, len(piece)))
            if types[i] == UNUSED:
                rev_merge[piece] = (text[starts[left] : ends[left]], text[starts[right] : ends[right]])

        for k in range(1, count):
            add(k - 1, k)
        while agenda and sample != "chars":
            _, left, right, size = heapq.heappop(agenda)
            ls, rs = ends[left] - starts[left], ends[right] - starts[right]
            if not ls or not rs or ls + rs != size:
                continue  # a pair one of whose symbols has changed since
            ends[left] = starts[left] + size
            nxt[left] = nxt[right]
            if nxt[right] >= 0:
                prev[nxt[right]] = left
            ends[right] = starts[right]
            add(prev[left], left)
            add(left, nxt[left])
        out, k = [], 0
        while k != -1:
            # An UNUSED piece split back into what formed it, depth first (a stack, not recursion:
            # a hostile model's chain of them may be thousands deep).
            stack = [text[starts[k] : ends[k]]]
            while stack:
                w = stack.pop()
                i = model.piece_to_id(w)
                if types[i] != UNUSED or w not in rev_merge:
                    out.append((w, i))
                else:
                    stack += reversed(rev_merge[w])
            k = nxt[k]
        return out
