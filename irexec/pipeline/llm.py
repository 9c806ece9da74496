"""``LLMPipeline``: openvino-genai's pipeline in pure Python, over a folder optimum-cli exported.

As genai does it: a plain prompt goes through the folder's chat template as one user message
(``apply_chat_template``, on by default when the tokenizer has a template) and is then encoded
without special tokens (the template writes its own); with the template off, the prompt is
encoded with them. The stateful model runs one request per generation (its KV cache in the
request's variables, reordered by ``beam_idx`` for beam search), every inference at f32, and the
generated ids are decoded skipping special tokens. Greedy search, seeded multinomial sampling,
beam search and the stop conditions are irexec.pipeline.decoding's, which reproduces genai's
sampler token for token. Times are kept per generation (``perf``): time to the first token and
tokens per second, as genai's PerfMetrics reports them."""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass

import numpy as np

from ..api.model import read_model
from ..errors import UsageError
from .config import GenerationConfig
from .decoding import decode
from .folder import ExportFolder
from .streaming import TextStreamer
from .tokenizer import Tokenizer


@dataclass
class PerfMetrics:
    """One generation's timing: ``ttft`` (seconds from the call to the first generated token),
    ``generated`` tokens (all sequences), ``seconds`` in all, ``prompt_tokens``."""

    ttft: float = 0.0
    generated: int = 0
    seconds: float = 0.0
    prompt_tokens: int = 0

    @property
    def throughput(self) -> float:
        """Generated tokens per second after the first (genai's throughput)."""
        rest = self.seconds - self.ttft
        return (self.generated - 1) / rest if self.generated > 1 and rest > 0 else 0.0


@dataclass
class DecodedResults:
    texts: list
    scores: list
    perf_metrics: PerfMetrics

    def __str__(self) -> str:
        return (
            self.texts[0]
            if len(self.texts) == 1
            else "\n".join(f"{s:.6f}: {t}" for s, t in zip(self.scores, self.texts))
        )


class ModelSteps:
    """``decode``'s ``step`` over a stateful model's own request. The model's inputs for one step,
    from what the request has seen: ``attention_mask`` all ones over past + new tokens,
    ``position_ids`` counting on from the past."""

    def __init__(self, model):
        self.model = model
        self.request = model.create_infer_request()
        self.names = {i.name for i in model.inputs}
        self.past = 0
        self.first_token_at: float | None = None

    def __call__(self, input_ids: np.ndarray, beam_idx: np.ndarray) -> np.ndarray:
        batch, n = input_ids.shape
        feeds = {"input_ids": input_ids.astype(np.int64)}
        if "attention_mask" in self.names:
            feeds["attention_mask"] = np.ones((batch, self.past + n), np.int64)
        if "position_ids" in self.names:
            feeds["position_ids"] = np.broadcast_to(np.arange(self.past, self.past + n, dtype=np.int64), (batch, n))
        if "beam_idx" in self.names:
            feeds["beam_idx"] = beam_idx.astype(np.int32)
        missing = self.names - set(feeds)
        if missing:
            raise UsageError(
                f"the model takes inputs a text-generation step does not make: {', '.join(sorted(missing))}"
            )
        logits = next(iter(self.request.infer(feeds).values()))
        self.past += n
        if self.first_token_at is None:
            self.first_token_at = time.perf_counter()
        return np.asarray(logits[:, -1, :], np.float32)


class LLMPipeline:
    """``LLMPipeline(folder)``; ``generate(prompt, generation_config=None, streamer=None, **kw)``
    gives the text for a prompt (a str), or ``DecodedResults`` for a list of one prompt.
    ``streamer``: a callable taking each piece of text as it is produced."""

    def __init__(
        self, folder: str, device: str = "CPU", config: dict | None = None, max_tensor_bytes: int | None = None
    ):
        self.folder = ExportFolder(folder)
        self.tokenizer = Tokenizer(self.folder, max_tensor_bytes)
        self.model = read_model(self.folder.model, max_tensor_bytes=max_tensor_bytes)
        if len(self.model.outputs) != 1 or not any(i.name == "input_ids" for i in self.model.inputs):
            raise UsageError(f"{self.folder.model} is not a text-generation model (input_ids in, logits out)")
        path = self.folder.generation_config
        self.generation_config = GenerationConfig.from_json(path) if path else GenerationConfig()
        if self.generation_config.eos_token_id in (None, -1) and self.tokenizer.eos_token_id >= 0:
            self.generation_config.set_eos_token_id(self.tokenizer.eos_token_id)
        self.last_perf = PerfMetrics()

    def get_tokenizer(self) -> Tokenizer:
        return self.tokenizer

    def get_generation_config(self) -> GenerationConfig:
        return self.generation_config

    def set_generation_config(self, config: GenerationConfig) -> None:
        self.generation_config = config

    def prompt_ids(self, prompt: str, apply_chat_template: bool) -> list:
        """The ids genai feeds for a prompt."""
        if apply_chat_template and self.tokenizer.chat_template:
            text = self.tokenizer.apply_chat_template([{"role": "user", "content": prompt}], add_generation_prompt=True)
            return self._ids(text, add_special_tokens=False)
        return self._ids(prompt)

    def _ids(self, text: str, add_special_tokens: bool = True) -> list:
        return self.tokenizer.encode([text], add_special_tokens)["input_ids"][0].tolist()

    def _text(self, ids: list) -> str:
        return self.tokenizer.decode([ids])[0]

    def generate(self, inputs, generation_config: GenerationConfig | None = None, streamer=None, **kwargs):
        single = isinstance(inputs, str)
        prompts = [inputs] if single else list(inputs)
        if len(prompts) != 1:
            raise UsageError(f"generate takes one prompt at a time here, not {len(prompts)}")
        # (a copy: the keywords are for this call, as genai takes them)
        config = copy.deepcopy(generation_config or self.generation_config).update(**kwargs)
        started = time.perf_counter()
        ids = self.prompt_ids(prompts[0], config.apply_chat_template)
        steps = ModelSteps(self.model)
        text_streamer = TextStreamer(self._text, streamer) if streamer else None
        result = decode(
            steps,
            ids,
            config,
            eos_token_id=self.tokenizer.eos_token_id if self.tokenizer.eos_token_id >= 0 else None,
            decode_text=self._text,
            encode_text=lambda text: self._ids(text, add_special_tokens=False),
            on_token=text_streamer.put if text_streamer else None,
        )
        texts = [self._text(t) if t else "" for t in result.tokens]
        if text_streamer:
            text_streamer.end(texts[0])
        done = time.perf_counter()
        first = steps.first_token_at if steps.first_token_at is not None else done
        self.last_perf = PerfMetrics(first - started, sum(map(len, result.tokens)), done - started, len(ids))
        if single:
            return texts[0]
        return DecodedResults(texts, list(result.scores), self.last_perf)
