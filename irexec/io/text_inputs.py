"""Text as a model's input (``irexec run FOLDER --text ...``): a folder exported by optimum-intel
holds the model (``openvino_model.xml``) beside the tokenizer IR openvino_tokenizers wrote
(``openvino_tokenizer.xml``); the texts go through that tokenizer, on irexec like any model, and
its outputs feed the model's inputs of the same names (``input_ids``, ``attention_mask``,
``token_type_ids``). A model input the tokenizer does not give (``position_ids``) is left to the
other options (``-i``, ``--random``), and a model input not given is named in the usual error."""

from __future__ import annotations

import os

import numpy as np

from ..api.model import Model, read_model
from ..errors import UsageError, one_line

MODEL, TOKENIZER = "openvino_model.xml", "openvino_tokenizer.xml"


def model_in_folder(path: str) -> str:
    """The model's .xml: ``path`` itself, or in a folder its ``openvino_model.xml``."""
    if not os.path.isdir(path):
        return path
    xml = os.path.join(path, MODEL)
    if not os.path.isfile(xml):
        raise UsageError(f"{one_line(path)} is a folder without {MODEL}: give the model's .xml")
    return xml


def tokenizer_of(model_path: str, folder: str | None) -> str:
    """The tokenizer IR beside the model (in ``folder`` when given)."""
    where = folder if folder else os.path.dirname(os.path.abspath(model_path))
    xml = os.path.join(where, TOKENIZER)
    if not os.path.isfile(xml):
        raise UsageError(f"--text needs the tokenizer IR {TOKENIZER} beside the model, in {one_line(where)}")
    return xml


def text_feeds(m: Model, tokenizer_path: str, texts: list, max_bytes: int | None = None) -> dict:
    """The model's inputs the tokenizer gives for ``texts`` (one batch row each), by name."""
    tokenizer = read_model(tokenizer_path, max_tensor_bytes=max_bytes)
    if len(tokenizer.inputs) != 1:
        raise UsageError(
            f"{one_line(tokenizer_path)} takes {len(tokenizer.inputs)} texts per row (pairs): --text gives one"
        )
    tokens = tokenizer.infer({tokenizer.inputs[0].name: np.array(texts, dtype=object)})
    feeds = {}
    for info in m.inputs:
        name = next((n for n in (info.name, *info.names) if n in tokens), None)
        if name is not None:
            value = np.asarray(tokens[name])
            # (optimum's models take i64; a tokenizer converted for i32 feeds them converted.)
            et = info.element_type
            feeds[info.name] = value if et is None else value.astype(et.dtype, copy=False)
    if not feeds:
        raise UsageError(
            f"the tokenizer's outputs ({', '.join(tokens)}) feed none of the model's inputs "
            f"({', '.join(i.name for i in m.inputs)})"
        )
    return feeds
