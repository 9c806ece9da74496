"""A folder's tokenizer and detokenizer IRs run on irexec, as openvino-genai's Tokenizer runs them.

genai adds switches to the IRs when it loads them; irexec makes the same models without them:
``add_special_tokens=False`` empties the segments CombineSegments adds (genai's
MakeAddSpecialTokensStateful: every segment whose ends are not the text's own, from an Add, a
Subtract or a Truncate, gets ends 0), and ``skip_special_tokens=False`` empties the list of ids
VocabDecoder skips (genai's MakeVocabDecoderStateful slices it to nothing). Each variant is made
once, when first asked for. The special tokens' ids come from the tokenizer's ``<rt_info>`` and
their texts from decoding them with nothing skipped, as genai reads them."""

from __future__ import annotations

import numpy as np

from ..api.assembly import model_nodes
from ..api.building import constant
from ..api.model import Model, read_model
from ..errors import UsageError
from .chat import render
from .folder import ExportFolder

_TEXT_ENDS = ("Add", "Truncate")


def _rt(model: Model, key: str):
    value = model.graph.rt_info.get(key)
    return None if value in (None, "") else value


def _rebuilt(model: Model, change) -> Model:
    """``model`` with ``change(nodes)`` applied to its nodes (rewired in place), as a new model."""
    parameters, results, sinks, nodes = model_nodes(model)
    if not change(nodes):
        return model
    return Model(results, parameters, model.name, sinks=sinks, max_tensor_bytes=model.max_tensor_bytes)


def _no_special_tokens(nodes: dict) -> bool:
    changed = False
    for node in nodes.values():
        if node.get_type_name() != "CombineSegments":
            continue
        for k in range(0, node.get_input_size() - 1, 3):
            begins, ends = node.input_value(k).get_node(), node.input_value(k + 1).get_node()
            if ends.get_type_name() in _TEXT_ENDS or begins.get_type_name() == "Subtract":
                continue
            shape = tuple(int(d) for d in node.input_value(k + 1).get_partial_shape().to_shape())
            node.input(k + 1).replace_source_output(constant(np.zeros(shape, np.int32)).output(0))
            changed = True
    return changed


def _keep_special_tokens(nodes: dict) -> bool:
    changed = False
    for node in nodes.values():
        if node.get_type_name() == "VocabDecoder" and node.get_input_size() >= 5:
            node.input(4).replace_source_output(constant(np.zeros((0,), np.int32)).output(0))
            changed = True
    return changed


class Tokenizer:
    def __init__(self, folder: ExportFolder, max_tensor_bytes: int | None = None):
        self._tokenizer = read_model(folder.tokenizer, max_tensor_bytes=max_tensor_bytes)
        self._detokenizer = read_model(folder.detokenizer, max_tensor_bytes=max_tensor_bytes)
        self._variants: dict = {}
        rt = self._tokenizer
        self.chat_template = _rt(rt, "chat_template") or ""
        self.bos_token_id, self.eos_token_id, self.pad_token_id = (
            int(v) if v is not None else -1
            for v in (_rt(rt, k) for k in ("bos_token_id", "eos_token_id", "pad_token_id"))
        )
        self.bos_token, self.eos_token, self.pad_token = (
            self.decode([[i]], skip_special_tokens=False)[0] if i >= 0 else ""
            for i in (self.bos_token_id, self.eos_token_id, self.pad_token_id)
        )

    def _model(self, which: str, flag: bool) -> Model:
        base = self._tokenizer if which == "tokenizer" else self._detokenizer
        if flag:
            return base
        if which not in self._variants:
            self._variants[which] = _rebuilt(base, _no_special_tokens if which == "tokenizer" else _keep_special_tokens)
        return self._variants[which]

    def encode(self, texts: list, add_special_tokens: bool = True) -> dict:
        """The tokenizer's outputs (input_ids, attention_mask, ...) for a batch of texts."""
        model = self._model("tokenizer", add_special_tokens)
        if len(model.inputs) != 1:
            raise UsageError(f"the tokenizer takes {len(model.inputs)} texts per row (pairs): give one text per row")
        out = model.infer({model.inputs[0].name: np.array(texts, dtype=object)})
        return {k: np.asarray(v) for k, v in out.items()}

    def decode(self, ids, skip_special_tokens: bool = True) -> list:
        """The texts of a batch of token id rows."""
        model = self._model("detokenizer", skip_special_tokens)
        port = model.inputs[0]
        arr = np.asarray(ids, dtype=port.element_type.dtype if port.element_type is not None else np.int64)
        if arr.ndim == 1:
            arr = arr[None]
        out = model.infer({port.name: arr})
        return [str(s) for s in np.asarray(next(iter(out.values()))).reshape(-1).tolist()]

    def apply_chat_template(self, messages: list, add_generation_prompt: bool = True) -> str:
        if not self.chat_template:
            raise UsageError("the tokenizer has no chat template: give the prompt as it is (--no-chat-template)")
        return render(self.chat_template, messages, add_generation_prompt, self.bos_token, self.eos_token)
