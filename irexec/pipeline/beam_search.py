"""genai 2026.4's group beam search (Sampler::GroupBeamSearcher), over the stateful model's steps.

The beams are split into num_beam_groups groups of group_size = num_beams / num_beam_groups. Each
step, for each group in turn, each of its beams proposes its 2*group_size most likely next tokens
(log-softmax of the raw logits in float32: neither penalties nor min_new_tokens apply in beam
search, as in genai), each token's log-prob lowered by diversity_penalty once per child beam of an
earlier group that chose it this step, and tokens completing an n-gram already seen banned
(no_repeat_ngram_size). The candidates, scored by cumulative log-prob, are ranked; in rank order a
stop token (even with ignore_eos) or a stop string finishes its candidate if it ranks below
group_size, else is skipped, and other candidates become the group's next beams until there are
group_size. A finished candidate enters the group's min-heap of at most group_size finished beams,
its score divided by length**length_penalty (the stop token counted); the worst is dropped. A group
is done when its heap is full and stop_criteria says no running beam can beat it, or when it has no
child; at max_new_tokens every running beam is finished the same way.

Beams share token histories as genai's sequences do: a parent's sequence is extended in place by
its last child and copied for the others, and the KV cache rows follow through ``beam_idx`` (each
new row names its parent's row). The result is every finished sequence ranked by
cumulative log-prob / length**length_penalty, best first, the first num_return_sequences of them.
genai truncates a stop string's parent sequence in place before copying it (so the stop string's
last token stays, and siblings share the truncation): so does this module, to give genai's tokens.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..ops.extension import _heap
from .config import StopCriteria
from .sampling import F32, Sequence


class _Sequence(Sequence):
    _ids = itertools.count()

    def __init__(self, tokens=(), log_probs=(), score=F32(0)):
        super().__init__(tokens, log_probs, score)
        self.id = next(self._ids)

    def fork(self) -> _Sequence:
        return _Sequence(self.tokens, self.log_probs, self.score)

    def beam_score(self, length_penalty) -> np.float32:
        return F32(self.score / _powf(len(self.tokens), length_penalty))


class _Beam:
    def __init__(self, sequence: _Sequence, score=F32(-np.inf)):
        self.sequence, self.score = sequence, F32(score)
        self.row, self.token, self.log_prob = 0, -1, F32(0)

    def child(self, token: int, log_prob) -> _Beam:
        beam = _Beam(self.sequence, F32(self.score + F32(log_prob)))
        beam.row, beam.token, beam.log_prob = self.row, token, F32(log_prob)
        return beam


def _powf(x, y) -> np.float32:
    return F32(np.power(np.float64(F32(x)), np.float64(F32(y))))


def log_softmax(x: np.ndarray) -> np.ndarray:
    """genai's log_softmax: (x - max) - log(sum of exp(x - max)), the sum accumulated in float32."""
    x = np.asarray(x, F32)
    shift = x.max()
    total = np.cumsum(np.exp((x - shift).astype(np.float64)).astype(F32), dtype=F32)[-1]
    return ((x - shift) - F32(np.log(np.float64(total)))).astype(F32)


def _banned(text: list[int], size: int) -> list[int]:
    """Tokens that followed each earlier occurrence of the text's last size-1 tokens (genai's kmp_search)."""
    if len(text) <= 1 or len(text) < size:
        return []
    tail = text[len(text) - size + 1 :]
    m = len(tail)
    return [text[i + m] for i in range(len(text) - m) if text[i : i + m] == tail]


def _score(entry):
    """The finished heap's key: genai's comparator "a > b" on the score makes it a min-heap."""
    return entry[0]


class _Group:
    def __init__(self, sequence: _Sequence, size: int):
        self.ongoing = [_Beam(sequence, F32(0) if i == 0 else F32(-np.inf)) for i in range(size)]
        self.heap: list = []  # (score, beam): a min-heap, the worst finished beam first
        self.done = False


class _Search:
    def __init__(self, prompt, cfg, match_stop):
        self.cfg, self.prompt, self.match_stop = cfg, prompt, match_stop
        self.group_size = cfg.num_beams // cfg.num_beam_groups
        self.sequences = [_Sequence()]  # genai's sequence group, in its order
        self.groups = [_Group(self.sequences[0], self.group_size) for _ in range(cfg.num_beam_groups)]
        self.stop_ids = cfg.stop_token_ids
        self.length_penalty = F32(cfg.length_penalty)
        self.limit = cfg.new_tokens_limit(len(prompt))

    def running(self) -> list[_Sequence]:
        return [s for s in self.sequences if s.finish is None]

    def remove(self, sequence: _Sequence) -> None:
        self.sequences = [s for s in self.sequences if s is not sequence]

    def fork(self, sequence: _Sequence) -> _Sequence:
        new = sequence.fork()
        self.sequences.append(new)
        return new

    def finish(self, group: _Group, beam: _Beam) -> _Sequence | None:
        """Group::finish: the beam joins the finished heap; returns the sequence pushed out, if any."""
        length = len(beam.sequence.tokens) + (1 if beam.token in self.stop_ids else 0)
        entry = (F32(beam.score / _powf(length, self.length_penalty)), beam)
        _heap.push(group.heap, entry, _score)
        if len(group.heap) > self.group_size:
            return _heap.pop(group.heap, _score)[1].sequence
        return None

    def try_finish(self, group: _Group, candidate: _Beam) -> None:
        parent = candidate.sequence
        out = self.finish(group, candidate)
        if out is parent:
            return  # the candidate itself was the worst: ignored
        if out is not None:
            self.remove(out)
        finished = self.fork(parent)
        finished.finish = "stop"
        for _, beam in group.heap:
            if beam.sequence is parent:
                beam.sequence = finished
                break
        finished.append(candidate.token, candidate.log_prob)

    def step(self, logits: np.ndarray) -> None:
        """select_next_tokens: one step of every group that is not done."""
        rows = {s.id: r for r, s in enumerate(self.running())}
        children_of: dict[int, int] = {}
        for group in self.groups:
            if not group.done:
                for beam in group.ongoing:
                    beam.row = rows[beam.sequence.id]
                    children_of[beam.sequence.id] = 0
        chosen: list[list[_Beam]] = []
        for g, group in enumerate(self.groups):
            chosen.append([])
            if group.done:
                continue
            candidates = []
            for beam in group.ongoing:
                lp = log_softmax(logits[beam.row])
                for earlier in chosen[:g]:
                    for child in earlier:
                        lp[child.token] = F32(lp[child.token] - F32(self.cfg.diversity_penalty))
                text = self.prompt + beam.sequence.tokens
                for token in _banned(text, self.cfg.no_repeat_ngram_size):
                    lp[token] = -np.inf
                top = np.argsort(-lp, kind="stable")[: 2 * self.group_size]
                candidates += [beam.child(int(t), lp[t]) for t in top]
            order = sorted(range(len(candidates)), key=lambda i: -float(candidates[i].score))
            for rank, candidate in enumerate(candidates[i] for i in order):
                if candidate.token in self.stop_ids:
                    if rank < self.group_size:
                        self.try_finish(group, candidate)
                    continue
                if self.match_stop is not None:
                    removed = self.match_stop(candidate.sequence.tokens + [candidate.token])
                    if removed is not None:
                        if rank < self.group_size:
                            candidate.sequence.remove_last(removed)
                            self.try_finish(group, candidate)
                        continue
                children_of[candidate.sequence.id] += 1
                chosen[g].append(candidate)
                if len(chosen[g]) == self.group_size:
                    break
            self._check_done(group)
            if not chosen[g]:
                group.done = True
            if group.done:
                for beam in group.ongoing:
                    self.remove(beam.sequence)
                group.ongoing = []
        for g, group in enumerate(self.groups):
            if group.done:
                continue
            for child in chosen[g]:
                key = child.sequence.id
                if children_of[key] > 1:
                    child.sequence = self.fork(child.sequence)
                    children_of[key] -= 1
                child.sequence.append(child.token, child.log_prob)
            for beam in group.ongoing:
                if children_of.get(beam.sequence.id, 0) == 0:
                    self.remove(beam.sequence)
            group.ongoing = chosen[g]

    def _check_done(self, group: _Group) -> None:
        """Group::is_done, on the group's beams of the previous step (genai checks them there)."""
        if len(group.heap) < self.group_size:
            return
        best, worst = group.ongoing[0], group.heap[0][0]
        criteria = self.cfg.stop_criteria
        if criteria == StopCriteria.EARLY:
            group.done = True
            return
        length = len(best.sequence.tokens)
        if criteria == StopCriteria.NEVER and self.length_penalty > 0:
            length = self.limit
        group.done = bool(worst >= F32(best.score / _powf(length, self.length_penalty)))

    def finalize(self) -> None:
        """At max_new_tokens every running beam finishes (reason "length")."""
        for group in self.groups:
            if group.done:
                continue
            for beam in group.ongoing:
                out = self.finish(group, beam)
                if out is not None:
                    self.remove(out)
                beam.sequence.finish = "length"


def search(step, prompt: list[int], cfg, match_stop) -> tuple[list, list, list]:
    """Runs the search to its end; returns (tokens, scores, finish reasons), best first."""
    beams = _Search(prompt, cfg, match_stop if cfg.stop_strings else None)
    logits = step(np.array([prompt], np.int64), np.zeros(1, np.int32))
    while True:
        beams.step(logits)
        running = beams.running()
        if running and len(running[0].tokens) == beams.limit:
            beams.finalize()
            running = beams.running()
        if not running:
            break
        rows = {}
        for group in beams.groups:
            for beam in group.ongoing:
                rows.setdefault(beam.sequence.id, beam.row)
        ids = np.array([[s.tokens[-1]] for s in running], np.int64)
        logits = step(ids, np.array([rows[s.id] for s in running], np.int32))
    finished = [s for s in beams.sequences if s.finish is not None]
    finished.sort(key=lambda s: -float(s.beam_score(beams.length_penalty)))
    best = finished[: cfg.num_return_sequences]
    scores = [float(s.beam_score(beams.length_penalty)) for s in best]
    return [list(s.tokens) for s in best], scores, [s.finish for s in best]
