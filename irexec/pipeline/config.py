"""GenerationConfig: openvino_genai's generation parameters, defaults and checks (as of 2026.4.1).

The defaults, the keys ``from_json`` reads from a folder's generation_config.json and the messages
of ``validate`` are genai's, checked against the installed package: a config irexec accepts is one
genai accepts, and one it refuses fails with genai's reason, on one line. genai keeps "unset" sizes
as SIZE_MAX (2**64 - 1) rather than None; so does this class, so values compare with genai's as they
are. Floats are kept as given; the sampler rounds them to float32 where genai holds them so."""

from __future__ import annotations

import dataclasses
import enum
import json
import math

import numpy as np

from ..errors import UsageError

SIZE_MAX = 2**64 - 1


class StopCriteria(enum.IntEnum):
    """When beam search stops (genai's StopCriteria): EARLY as soon as a group holds num_beams
    finished beams, HEURISTIC when no running beam can beat them, NEVER when none could even at
    max_new_tokens."""

    EARLY = 0
    HEURISTIC = 1
    NEVER = 2


@dataclasses.dataclass
class GenerationConfig:
    max_new_tokens: int = SIZE_MAX
    max_length: int = SIZE_MAX
    min_new_tokens: int = 0
    ignore_eos: bool = False
    eos_token_id: int = -1
    stop_token_ids: set = dataclasses.field(default_factory=set)
    stop_strings: set = dataclasses.field(default_factory=set)
    include_stop_str_in_output: bool = False
    echo: bool = False
    logprobs: int = 0
    apply_chat_template: bool = True
    repetition_penalty: float = 1.0
    presence_penalty: float = 0.0
    frequency_penalty: float = 0.0
    num_beams: int = 1
    num_beam_groups: int = 1
    diversity_penalty: float = 0.0
    length_penalty: float = 1.0
    num_return_sequences: int = 1
    no_repeat_ngram_size: int = SIZE_MAX
    stop_criteria: StopCriteria = StopCriteria.HEURISTIC
    do_sample: bool = False
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = SIZE_MAX
    min_p: float = 0.0
    rng_seed: int = 0

    # -- reading ----------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, path) -> GenerationConfig:
        """The config genai builds from a generation_config.json: only the keys genai reads (not
        stop_token_ids, rng_seed nor apply_chat_template, which HF's file does not have); a null
        value is skipped; eos_token_id may be a list, whose first id is the EOS and all of which
        stop; ``early_stopping`` true/false/"never" sets stop_criteria."""
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            raise UsageError(f"cannot read the generation config: {e}", file=str(path)) from None
        if not isinstance(data, dict):
            raise UsageError("the generation config is not a JSON object", file=str(path))
        config = cls()
        try:
            config._read(data)
        except UsageError as e:
            raise e.located(file=str(path)) from None
        return config

    def _read(self, data: dict) -> None:
        eos = data.get("eos_token_id")
        if isinstance(eos, list):
            ids = [_json_value("eos_token_id", i, int) for i in eos]
            self.stop_token_ids.update(ids)
            if ids and self.eos_token_id == -1:
                self.eos_token_id = ids[0]
        elif eos is not None:
            self.eos_token_id = _json_value("eos_token_id", eos, int)
        for key, kind in _JSON_KEYS.items():
            if data.get(key) is not None:
                setattr(self, key, _json_value(key, data[key], kind))
        self.stop_strings = set(self.stop_strings)
        stopping = data.get("early_stopping")
        if stopping == "never":
            self.stop_criteria = StopCriteria.NEVER
        elif stopping is True:
            self.stop_criteria = StopCriteria.EARLY
        elif stopping is False:
            self.stop_criteria = StopCriteria.HEURISTIC
        if self.eos_token_id != -1:
            self.stop_token_ids.add(self.eos_token_id)

    def update(self, **kwargs) -> GenerationConfig:
        """Set the named fields (genai's update_generation_config); an EOS id set is also a stop id."""
        names = {f.name for f in dataclasses.fields(self)}
        for key, value in kwargs.items():
            if key not in names:
                raise UsageError(f"unknown generation parameter '{key}'")
            if key in ("stop_token_ids", "stop_strings"):
                value = set(value)
            elif key == "stop_criteria":
                value = StopCriteria[value.upper()] if isinstance(value, str) else StopCriteria(value)
            setattr(self, key, value)
        if self.eos_token_id != -1:
            self.stop_token_ids.add(self.eos_token_id)
        return self

    def set_eos_token_id(self, eos_token_id: int) -> None:
        """The tokenizer's EOS, as the pipeline sets it on a config that has none: it also stops."""
        self.eos_token_id = eos_token_id
        self.stop_token_ids.add(eos_token_id)

    # -- what it asks for -------------------------------------------------------------------------

    def is_beam_search(self) -> bool:
        return self.num_beams > 1

    def new_tokens_limit(self, prompt_len: int) -> int:
        """How many tokens may be generated: max_new_tokens wins over max_length when both are set."""
        if self.max_new_tokens != SIZE_MAX:
            return self.max_new_tokens
        if self.max_length <= prompt_len:
            raise UsageError(f"max_length ({self.max_length}) must be bigger than the prompt's {prompt_len} tokens")
        return self.max_length - prompt_len

    def validate(self) -> None:
        """genai's GenerationConfig::validate: the same checks in the same order, the same reasons."""
        for ok, message in self._checks():
            if not ok():
                raise UsageError(message())

    def _checks(self):
        # Lazy pairs (condition, message): each check reads only fields earlier ones vouched for.
        f32 = _f32
        beam = self.is_beam_search()
        negative = sorted(i for i in self.stop_token_ids if i < 0)
        yield lambda: self.num_return_sequences > 0, lambda: "num_return_sequences must be greater than 0"
        yield (
            lambda: self.eos_token_id == -1 or self.eos_token_id in self.stop_token_ids,
            lambda: (
                "'stop_token_ids' must contain 'eos_token_id'. Please, call 'set_eos_token_id' with 'eos_token_id' value"
            ),
        )
        yield (
            lambda: not negative,
            lambda: f"'stop_token_ids' must be non-negative, but it contains a value {negative[0]}",
        )
        limited = self.max_new_tokens != SIZE_MAX or self.max_length != SIZE_MAX
        yield (
            lambda: not self.ignore_eos or limited,
            lambda: "ignore_eos is true, in this case either 'max_new_tokens', or 'max_length' should be defined.",
        )
        yield (
            lambda: self.eos_token_id != -1 or bool(self.stop_token_ids) or bool(self.stop_strings) or limited,
            lambda: (
                "Either 'eos_token_id', or 'stop_token_ids', or 'stop_strings', or 'max_new_tokens', or "
                "'max_length' should be defined."
            ),
        )
        yield (
            lambda: self.max_new_tokens > 0 or (self.max_new_tokens == 0 and self.echo),
            lambda: "'max_new_tokens' must be greater than 0, if `echo` is set, 0 is also accepted",
        )
        yield (
            lambda: self.min_new_tokens <= self.max_new_tokens,
            lambda: "min_new_tokens must be less or equal max_new_tokens",
        )
        yield (
            lambda: self.num_return_sequences == 1 or self.do_sample or beam,
            lambda: (
                "'num_return_sequences' can be more than 1 only in case of beam search or multinomial "
                f"sampling, but got {self.num_return_sequences}"
            ),
        )
        if not beam:
            for name in ("frequency_penalty", "presence_penalty"):
                label = "frequence_penalty" if name == "frequency_penalty" else name
                value = f32(getattr(self, name))
                yield (
                    lambda value=value: -2.0 <= value <= 2.0,
                    lambda label=label, value=value: (
                        f"'{label}' penalty must be within [-2.0; 2.0], but got {_g(value)}"
                    ),
                )
            yield (
                lambda: f32(self.repetition_penalty) > 0,
                lambda: (
                    f"'repetition_penalty' must be a strictly positive float, but got {_g(self.repetition_penalty)}"
                ),
            )
        else:
            for name, neutral in (("frequency_penalty", 0.0), ("presence_penalty", 0.0), ("repetition_penalty", 1.0)):
                value = f32(getattr(self, name))
                yield (
                    lambda value=value, neutral=neutral: value == neutral,
                    lambda name=name, value=value, neutral=neutral: (
                        f"'{name}' is not currently supported by beam "
                        f"search and should be {neutral}f, but got {_g(value)}"
                    ),
                )
        if self.do_sample:
            yield (
                lambda: 0 < f32(self.top_p) <= 1.0,
                lambda: (
                    f"When 'do_sample' is true, top_p must be a positive float > 0.0 and <= 1.0, but got {_g(self.top_p)}"
                ),
            )
            yield (
                lambda: f32(self.temperature) > 0,
                lambda: (
                    "When 'do_sample' is true, temperature must be a strictly positive float, but got "
                    f"{_g(self.temperature)}"
                ),
            )
            yield (
                lambda: 0.0 <= f32(self.min_p) < 1.0,
                lambda: f"When 'do_sample' is true, min_p must be in [0.0, 1.0), but got {_g(self.min_p)}",
            )
        if beam:
            yield (
                lambda: self.num_beam_groups > 0 and self.num_beams % self.num_beam_groups == 0,
                lambda: (
                    f"'num_beams' ({self.num_beams}) should be divisible by 'num_beam_groups' ({self.num_beam_groups})"
                ),
            )
            yield (
                lambda: self.num_beams >= self.num_return_sequences,
                lambda: (
                    f"'num_beams' ({self.num_beams}) must be greater equal than 'num_return_sequences' "
                    f"({self.num_return_sequences})"
                ),
            )
            yield (
                lambda: not self.do_sample,
                lambda: (
                    "Beam search with sampling is not supported yet. Please either set do_sample=false to use "
                    "beam search or set num_beams=1 if you with to use multinomial sampling."
                ),
            )
            yield lambda: self.no_repeat_ngram_size > 0, lambda: "'no_repeat_ngram_size' must be positive"
            if self.num_beam_groups > 1:
                yield (
                    lambda: f32(self.diversity_penalty) != 0.0,
                    lambda: (
                        "For grouped beam search 'diversity_penalty' should not be zero, otherwise it fallbacks "
                        "to non-grouped beam search"
                    ),
                )
            else:
                yield (
                    lambda: f32(self.diversity_penalty) == 0.0,
                    lambda: (
                        "For beam search 'diversity_penalty' is applicable only when grouped beam search is "
                        "used, but got 'num_beam_groups' == 1"
                    ),
                )


# The keys genai's GenerationConfig(json_path) reads besides eos_token_id and early_stopping, with
# the JSON kind each must have (nlohmann refuses a bool for a number and a number for a bool).
_JSON_KEYS = {
    "max_new_tokens": int,
    "max_length": int,
    "ignore_eos": bool,
    "min_new_tokens": int,
    "stop_strings": list,
    "include_stop_str_in_output": bool,
    "echo": bool,
    "logprobs": int,
    "repetition_penalty": float,
    "frequency_penalty": float,
    "presence_penalty": float,
    "num_beam_groups": int,
    "num_beams": int,
    "diversity_penalty": float,
    "length_penalty": float,
    "num_return_sequences": int,
    "no_repeat_ngram_size": int,
    "do_sample": bool,
    "temperature": float,
    "top_p": float,
    "top_k": int,
    "min_p": float,
}


def _json_value(key: str, value, kind):
    if kind is bool:
        if not isinstance(value, bool):
            raise UsageError(f"generation config '{key}' must be a boolean, got {json.dumps(value)}")
        return value
    if kind is list:
        if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
            raise UsageError(f"generation config '{key}' must be a list of strings, got {json.dumps(value)}")
        return set(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise UsageError(f"generation config '{key}' must be a number, got {json.dumps(value)}")
    if kind is int:
        # nlohmann converts a float to an integer field by truncation (5.0 -> 5); a negative size
        # would wrap in genai's size_t, so it is refused here rather than read as 2**64 - n.
        if value < 0 and key != "eos_token_id":
            raise UsageError(f"generation config '{key}' must not be negative, got {json.dumps(value)}")
        return int(value)
    return float(value)


def _f32(value) -> float:
    """The value as genai's float field holds it."""
    return float(np.float32(value))


def _g(value) -> str:
    """A float as C++'s ostream prints it in genai's messages (6 significant digits, no trailing 0)."""
    return f"{_f32(value):g}"
