"""The generation loop: genai 2026.4's LLMPipeline decoding, one model step at a time.

``decode(step, prompt_ids, config, *, eos_token_id, decode_text=None, encode_text=None,
on_token=None) -> Result``

- ``step(input_ids, beam_idx) -> logits``: one inference of the stateful model. ``input_ids`` is
  int64 [batch, n] (the whole prompt at the first call, batch 1; then one token per running
  sequence), ``beam_idx`` int32 [batch]: the row of the previous call's batch whose KV cache each
  row continues (all 0 at the first call). The caller feeds the model's ``beam_idx`` input with it
  and builds ``attention_mask`` (ones, [batch, past + n]) and ``position_ids`` (past .. past+n-1)
  from the tokens it has been given: every row has the same length. It returns the last position's
  logits, float32 [batch, vocab].
- ``config``: a GenerationConfig; a copy is given ``eos_token_id`` (the pipeline's EOS, from the
  folder) when it has none, as genai does, and validated (UsageError with genai's reason).
- ``decode_text(ids) -> str``: the detokenizer (skipping special tokens, genai's default), and
  ``encode_text(text) -> list[int]``: the tokenizer without special tokens. Only stop_strings
  need them: genai decodes the last N generated tokens, N the longest stop string's token count.
- ``on_token(id)``: called with each token of the single sequence as it becomes final (only when
  num_beams == 1 and num_return_sequences == 1, as genai streams): at once, or with stop_strings
  N tokens later (a stop string may still remove them), the rest when generation ends.

``Result``: ``tokens`` (each sequence's generated ids, without the prompt), ``scores`` (genai's
DecodedResults.scores: the cumulative float32 log-prob for sampling, 0.0 for greedy, the beam
score for beam search) and ``finish_reasons`` ("stop" or "length"), best sequence first: genai
sorts the finished sequences by score and returns num_return_sequences of them.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable

import numpy as np

from ..errors import UsageError
from . import beam_search
from .config import GenerationConfig
from .sampling import LogitProcessor, Mt19937, Sequence, candidates, greedy


@dataclasses.dataclass
class Result:
    tokens: list[list[int]]
    scores: list[float]
    finish_reasons: list[str]


class _Sequence(Sequence):
    def __init__(self, row: int):
        super().__init__()
        self.row = row  # its row in the last step's logits


def decode(
    step: Callable,
    prompt_ids: list[int],
    config: GenerationConfig,
    *,
    eos_token_id: int | None,
    decode_text: Callable | None = None,
    encode_text: Callable | None = None,
    on_token: Callable | None = None,
) -> Result:
    cfg = copy.deepcopy(config)
    if cfg.eos_token_id == -1 and eos_token_id is not None and eos_token_id >= 0:
        cfg.set_eos_token_id(eos_token_id)
    cfg.validate()
    if not prompt_ids:
        raise UsageError("the prompt has no tokens")
    stops = StopStrings(cfg, decode_text, encode_text)
    if cfg.is_beam_search():
        tokens, scores, reasons = beam_search.search(step, list(prompt_ids), cfg, stops.match)
        return Result(tokens, scores, reasons)
    return _sample(step, list(prompt_ids), cfg, stops, on_token)


class StopStrings:
    """genai's stop-string check: the last ``window`` generated tokens decoded, each stop string
    (in std::set's byte order) looked for in that text; none is looked for before ``window`` tokens
    were generated. ``window`` is the longest stop string's token count."""

    def __init__(self, cfg: GenerationConfig, decode_text, encode_text):
        self.strings = sorted(cfg.stop_strings, key=lambda s: s.encode("utf-8"))
        self.include = cfg.include_stop_str_in_output
        self.decode = decode_text
        self.window = 0
        if self.strings:
            if decode_text is None or encode_text is None:
                raise UsageError("stop_strings need the tokenizer and the detokenizer")
            self.window = max(len(encode_text(s)) for s in self.strings)

    def match(self, tokens: list[int]) -> int | None:
        """None when no stop string is in the text of the last tokens; else how many tokens genai
        removes from the end (those after the stop string, or from it on when it is excluded)."""
        if not self.strings or len(tokens) < self.window:
            return None
        buffer = tokens[len(tokens) - self.window :]
        text = self.decode(buffer)
        for stop in self.strings:
            pos = text.find(stop)
            if pos < 0:
                continue
            kept = text[: pos + (len(stop) if self.include else 0)].rstrip(" \n")
            if not kept:
                return len(buffer)
            # The fewest leading tokens of the buffer whose text holds what is kept.
            for i in range(len(buffer)):
                if kept in self.decode(buffer[: i + 1]):
                    return len(buffer) - i - 1
            return 0
        return None


def _sample(step, prompt, cfg: GenerationConfig, stops: StopStrings, on_token) -> Result:
    """Greedy and multinomial decoding: genai's Sampler over one request, step by step."""
    limit = cfg.new_tokens_limit(len(prompt))
    processor = LogitProcessor(cfg, prompt)
    rng = Mt19937(cfg.rng_seed)
    stop_ids = cfg.stop_token_ids if not cfg.ignore_eos else set()
    streaming = on_token is not None and cfg.num_return_sequences == 1
    streamed = 0
    sequences = [_Sequence(row=0)]
    logits = step(np.array([prompt], np.int64), np.zeros(1, np.int32))
    while True:
        running = [s for s in sequences if s.finish is None]
        # Sample every running sequence in order, one draw each (num_return_sequences draws for
        # the first step's only sequence, the extra ones forking it), from one shared generator
        # and one shared logit processor, as genai's request does.
        for seq in running:
            x = processor.penalised(logits[seq.row])
            if cfg.do_sample:
                pool = candidates(x, cfg)
                n = cfg.num_return_sequences if len(sequences) == 1 else 1
                draws = [pool.draw(rng) for _ in range(n)]
            else:
                draws = [greedy(x)]
            for token, log_prob in draws[1:]:
                fork = _Sequence(row=seq.row)
                fork.append(token, log_prob)
                processor.register(token)
                sequences.append(fork)
            seq.append(*draws[0])
            processor.register(draws[0][0])
            if draws[0][0] in stop_ids:
                seq.finish = "stop"
        processor.generated = min(len(s.tokens) for s in running)  # genai's align_all_sequence_len
        for seq in sequences:
            if seq.finish is None:
                _try_finish(seq, limit, stop_ids, stops)
        if streaming:
            seq = sequences[0]
            final = len(seq.tokens) if seq.finish else max(0, len(seq.tokens) - stops.window)
            for token in seq.tokens[streamed:final]:
                on_token(token)
            streamed = max(streamed, final)
        running = [s for s in sequences if s.finish is None]
        if not running:
            break
        ids = np.array([[s.tokens[-1]] for s in running], np.int64)
        beam_idx = np.array([s.row for s in running], np.int32)
        logits = step(ids, beam_idx)
        for row, seq in enumerate(running):
            seq.row = row
    return _results(sequences, cfg.num_return_sequences)


def _try_finish(seq: _Sequence, limit: int, stop_ids, stops: StopStrings) -> None:
    """genai's _try_finish_generation for a running sequence: the length limit, then stop strings."""
    if len(seq.tokens) >= limit:
        seq.finish = "length"
        return
    removed = stops.match(seq.tokens)
    if removed is not None:
        seq.remove_last(removed)
        seq.finish = "stop"


def _results(sequences, count: int) -> Result:
    # genai sorts the finished sequences by score, best first (std::sort: equal scores may come in
    # another order than this stable sort's), and returns the first num_return_sequences.
    ranked = sorted(sequences, key=lambda s: -float(s.score))[:count]
    return Result([list(s.tokens) for s in ranked], [float(s.score) for s in ranked], [s.finish for s in ranked])
