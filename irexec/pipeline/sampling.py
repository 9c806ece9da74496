"""genai 2026.4's sampler for one sequence's logits: the logit processing, greedy and multinomial.

Every step follows genai's float32 arithmetic, in genai's order, so that a draw picks the same token
from the same logits (sampling/logit_processor.hpp, logit_transformers.hpp and sampler.cpp):

1. min_new_tokens: while fewer tokens were generated, every stop id's logit is set to -inf (the
   genai sources hold versions writing 0.0 instead; 2026.4.1 draws as with -inf: the recorded case
   sample-min_new-full tells them apart);
2. repetition_penalty over the prompt's ids and the generated ones (a logit >= 0 divided, one < 0
   multiplied), then presence_penalty and frequency_penalty over the generated ones (moved towards
   0 by the penalty, times the count); genai keeps the penalties as doubles, so each is applied in
   float64 and rounded to float32 once;
3. multinomial only: top_k, temperature, top_p, then one draw.

top_k keeps the k largest logits in the order genai's min-heap leaves them (std::make_heap, then a
pop_heap/push_heap per later logit beating the heap's minimum), and the draw walks that order: the
heap is replayed on the few logits that enter it (``_heap_top_k``). With top_p == 1 genai defers
exp to the draw: weights exp(logit/T - max), drawn as ``sum * u``. Otherwise the candidates are
softmaxed (exp((x - max) * (1/T)), sums accumulated in order in float32), top_p sorts them in
descending order and keeps the shortest prefix whose float32 running sum exceeds top_p, and the draw
is ``total * u`` over the kept probabilities, unnormalised. ``u`` is
std::uniform_real_distribution<float>(0, 1) over std::mt19937(rng_seed): one 32-bit output x gives
float(x) / 2**32. The token is the first whose float32 running sum exceeds the draw.

A token's log-probability (what genai adds up into a sequence's score) is that of the distribution
drawn from; greedy decoding reports 0.0 (genai's value when logprobs is 0).

exp and log are computed in float64 and rounded to float32, which is what glibc's expf and logf
return (they are correctly rounded but for rare halfway cases).
"""

from __future__ import annotations

import numpy as np

from ..errors import UsageError
from ..ops.extension import _heap
from .config import SIZE_MAX, GenerationConfig

F32 = np.float32


class Sequence:
    """A generated sequence as genai's sampler keeps it: its tokens, each one's log-prob, and their
    float32 running sum (the score), added to and taken from the same way by every decoding."""

    def __init__(self, tokens=(), log_probs=(), score=F32(0)):
        self.tokens, self.log_probs, self.score = list(tokens), list(log_probs), F32(score)
        self.finish: str | None = None  # "stop" or "length" once finished

    def append(self, token: int, log_prob) -> None:
        self.tokens.append(token)
        self.log_probs.append(F32(log_prob))
        self.score = F32(self.score + F32(log_prob))

    def remove_last(self, n: int) -> None:
        # genai subtracts each removed token's log-prob from the float32 sum (not a new sum).
        for _ in range(n):
            self.score = F32(self.score - self.log_probs.pop())
            self.tokens.pop()


class Mt19937:
    """std::mt19937(seed) and std::uniform_real_distribution<float>(0, 1) on it, as libstdc++ draws.

    NumPy's legacy RandomState seeds MT19937 from an integer with init_genrand, as std::mt19937(seed)
    does, and ``randint(0, 2**32, dtype=uint32)`` returns its raw 32-bit outputs."""

    def __init__(self, seed: int):
        # std::mt19937's constructor takes the seed modulo 2**32 (its result_type is 32 bits).
        self._state = np.random.RandomState(int(seed) % 2**32)

    def next_u32(self) -> int:
        return int(self._state.randint(0, 2**32, dtype=np.uint32))

    def uniform(self) -> np.float32:
        # generate_canonical<float, 24>: one output, converted to float (rounded to nearest), divided
        # by 2**32; a result rounded up to 1 becomes the float just below 1.
        value = F32(self.next_u32()) / F32(2.0**32)
        return value if value < 1 else np.nextafter(F32(1), F32(0))


def _exp(x) -> np.ndarray:
    return np.exp(np.asarray(x, np.float64)).astype(F32)


def _log(x) -> np.float32:
    return F32(np.log(np.float64(x)))


def running_sum(values: np.ndarray) -> np.ndarray:
    """The float32 sums genai accumulates left to right (np.cumsum adds in order; np.sum does not)."""
    return np.cumsum(values, dtype=F32)


def _total(values: np.ndarray) -> np.float32:
    return running_sum(values)[-1] if len(values) else F32(0)


def _first_above(sums: np.ndarray, threshold) -> int:
    """The index of the first running sum above ``threshold``; the last one when none is (genai's
    fallback for rounding)."""
    hits = np.flatnonzero(sums > threshold)
    return int(hits[0]) if len(hits) else len(sums) - 1


class LogitProcessor:
    """One request's logit processing (genai's LogitProcessor): the prompt's ids and the counts of
    the generated ones, shared by every sequence of the request as in genai."""

    def __init__(self, config: GenerationConfig, prompt_ids):
        if config.min_p > 0:
            raise UsageError("min_p is not supported by irexec generate")
        if config.logprobs > 0:
            raise UsageError("logprobs is not supported by irexec generate")
        self.config = config
        self.prompt_ids = np.unique(np.asarray(prompt_ids, np.int64))
        self.counts: dict[int, int] = {}
        self.generated = 0  # tokens generated per sequence before this step (min_new_tokens)
        self.stop_ids = np.array(sorted(config.stop_token_ids), np.int64)

    def register(self, token: int) -> None:
        self.counts[token] = self.counts.get(token, 0) + 1

    def penalised(self, logits: np.ndarray) -> np.ndarray:
        """Steps 1 and 2: the logits of one sequence (float32 [vocab]) with the penalties applied."""
        cfg, x = self.config, np.array(logits, dtype=F32)
        vocab = len(x)
        if self.generated < cfg.min_new_tokens and len(self.stop_ids):
            x[_checked(self.stop_ids, vocab)] = -np.inf
        generated = np.array(sorted(self.counts), np.int64)
        if F32(cfg.repetition_penalty) != 1:
            ids = _checked(np.union1d(self.prompt_ids, generated), vocab)
            x[ids] = _towards_zero(x[ids], np.float64(F32(cfg.repetition_penalty)), divide=True)
        if len(generated) and F32(cfg.presence_penalty) != 0:
            ids = _checked(generated, vocab)
            x[ids] = _towards_zero(x[ids], np.float64(F32(cfg.presence_penalty)))
        if len(generated) and F32(cfg.frequency_penalty) != 0:
            ids = _checked(generated, vocab)
            counts = np.array([self.counts[int(i)] for i in ids], np.float64)
            x[ids] = _towards_zero(x[ids], np.float64(F32(cfg.frequency_penalty)) * counts)
        return x


def _checked(ids: np.ndarray, vocab: int) -> np.ndarray:
    if len(ids) and (ids.min() < 0 or ids.max() >= vocab):
        bad = ids[(ids < 0) | (ids >= vocab)][0]
        raise UsageError(f"token id {bad} is out of the model's vocabulary of {vocab}")
    return ids


def _towards_zero(values: np.ndarray, penalty, divide: bool = False) -> np.ndarray:
    """genai's penalty on float logits with a double penalty: computed in double, stored as float."""
    v = values.astype(np.float64)
    if divide:
        out = np.where(v >= 0, v / penalty, v * penalty)
    else:
        out = np.where(v >= 0, v - penalty, v + penalty)
    return out.astype(F32)


def greedy(logits: np.ndarray) -> tuple[int, float]:
    """The first index of the largest logit (genai keeps a strictly greater one), log-prob 0.0."""
    return int(np.argmax(logits)), 0.0


class Candidates:
    """What multinomial sampling draws from: ``weights`` over ``ids`` in genai's order, and how a
    drawn weight becomes a log-prob."""

    def __init__(self, ids: np.ndarray, weights: np.ndarray, deferred: bool, shift=F32(0), values=None):
        self.ids, self.weights, self.deferred = ids, weights, deferred
        self.shift, self.values = shift, values  # deferred only: the max logit, the scaled logits

    def draw(self, rng: Mt19937) -> tuple[int, float]:
        sums = running_sum(self.weights)
        total = sums[-1] if len(sums) else F32(0)
        if self.deferred:
            if not (total > 0 and np.isfinite(total)):  # genai's uniform fallback (all -inf logits)
                weights = np.ones(len(self.ids), F32)
                total, sums = F32(len(weights)), running_sum(weights)
                index = _first_above(sums, F32(total * rng.uniform()))
                return int(self.ids[index]), float(_log(F32(1) / F32(len(weights))))
            index = _first_above(sums, F32(total * rng.uniform()))
            log_total = F32(_log(total) + self.shift)
            return int(self.ids[index]), float(F32(self.values[index] - log_total))
        if not (total > 0 and np.isfinite(total)):
            raise UsageError("every token has probability 0: nothing to sample")
        index = _first_above(sums, F32(total * rng.uniform()))
        return int(self.ids[index]), float(F32(_log(self.weights[index]) - _log(total)))


def candidates(x: np.ndarray, config: GenerationConfig) -> Candidates:
    """Step 3 on penalised logits: the top_k, temperature and top_p transforms of genai's sampler."""
    vocab = len(x)
    top_k, top_p = config.top_k, F32(config.top_p)
    inv_t = F32(1) / F32(config.temperature)
    top_k_on = 0 < top_k < SIZE_MAX
    if top_k_on and top_k < vocab:
        values, ids = _heap_top_k(x, top_k)
    else:  # genai's TopKFilter leaves logits of a vocabulary no bigger than k as they are
        values, ids = x, np.arange(vocab)
    if top_k_on and top_p == 1:
        # Deferred exp: the logits scaled by 1/T (not at all when T == 1), exp'd at the draw.
        if F32(config.temperature) != 1:
            values = (values * inv_t).astype(F32)
        shift = values.max()
        return Candidates(ids, _exp(values - shift), True, shift, values)
    shifted = values - values.max()
    probs = _exp(shifted if F32(config.temperature) == 1 else (shifted * inv_t).astype(F32))
    probs = (probs / _total(probs)).astype(F32)
    if top_p != 1:
        # genai sorts by probability, descending (std::partial_sort / std::sort: not stable, so the
        # order of equal probabilities may differ from this stable sort's), and keeps the prefix up
        # to the first running float32 sum above top_p (compared as doubles).
        order = np.argsort(-probs, kind="stable")
        probs, ids = probs[order], ids[order]
        keep = np.flatnonzero(running_sum(probs).astype(np.float64) > np.float64(top_p))
        size = int(keep[0]) + 1 if len(keep) else len(probs)
        probs, ids = probs[:size], ids[:size]
    return Candidates(ids, probs, False)


def _heap_top_k(x: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """genai's TopKFilter: the k largest logits, in the order libstdc++'s min-heap leaves them.

    The heap starts as make_heap over the first k logits; a later logit enters when it is strictly
    greater than the heap's minimum (pop_heap, overwrite the last slot, push_heap). The minimum only
    grows, so a logit not above the first heap's minimum never enters: the replay loops over the
    rest only, in index order (about k*log(vocab/k) of them for logits in no particular order)."""
    heap = [(F32(x[i]), i) for i in range(k)]
    _heap.make_heap(heap, _value)
    rest = np.flatnonzero(x[k:] > heap[0][0]) + k
    for i in rest:
        value = F32(x[i])
        if value > heap[0][0]:
            _heap.pop(heap, _value)
            _heap.push(heap, (value, int(i)), _value)
    return np.array([v for v, _ in heap], F32), np.array([i for _, i in heap], np.int64)


def _value(entry):
    """The heap's key: genai's comparator "a > b" on the value makes it a min-heap (the exact moves
    matter, as the draw walks the heap's array order)."""
    return entry[0]
