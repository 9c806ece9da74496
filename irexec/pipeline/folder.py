"""What an exported folder holds, as optimum-cli writes it: ``openvino_model.xml`` (the stateful
LLM), ``openvino_tokenizer.xml`` and ``openvino_detokenizer.xml`` (openvino_tokenizers' IRs,
whose ``<rt_info>`` carries the chat template and the special tokens' ids),
``generation_config.json``. Paths are checked here, once, each missing one named in one line."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..errors import UsageError, one_line

MODEL, TOKENIZER, DETOKENIZER = "openvino_model.xml", "openvino_tokenizer.xml", "openvino_detokenizer.xml"
GENERATION_CONFIG = "generation_config.json"


@dataclass(frozen=True)
class ExportFolder:
    path: str

    def __post_init__(self):
        if not os.path.isdir(self.path):
            raise UsageError(f"{one_line(self.path)} is not a folder (give the folder optimum-cli exported)")

    def file(self, name: str, what: str) -> str:
        found = os.path.join(self.path, name)
        if not os.path.isfile(found):
            raise UsageError(f"{one_line(self.path)} has no {name} ({what})")
        return found

    @property
    def model(self) -> str:
        return self.file(MODEL, "the model")

    @property
    def tokenizer(self) -> str:
        return self.file(TOKENIZER, "the tokenizer IR openvino_tokenizers writes")

    @property
    def detokenizer(self) -> str:
        return self.file(DETOKENIZER, "the detokenizer IR openvino_tokenizers writes")

    @property
    def generation_config(self) -> str | None:
        found = os.path.join(self.path, GENERATION_CONFIG)
        return found if os.path.isfile(found) else None
