"""VocabEncoder (openvino_tokenizers): each string of a string tensor to its id in a vocabulary,
``default_value`` for a string not in it (a word-level model: tokens are whole words).

Inputs: the strings (begins, ends, chars), the vocabulary (begins, ends, chars), each vocabulary
token's id (``values``, i32, one per token; a token listed twice keeps its first id) and
``default_value`` (an i32 scalar). The output has the strings' shape."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ..op import Fact, Input, Op
from ..registry import register
from ._positional import check_rank
from ._ragged import I32, content_key, pieces, string_inputs


@register
class VocabEncoder(Op):
    type, version = "VocabEncoder", "extension"
    inputs = (
        Input("begins", "i32", role="indices"),
        Input("ends", "i32", role="indices"),
        Input("chars", "u8"),
        *string_inputs("vocab", value=False),
        Input("values", "i32"),
        Input("default_value", "i32"),
    )
    outputs = ("ids",)

    def output_facts(self, begins, ends, chars, vb, ve, vc, values, default):
        for k, f in ((2, chars), (3, vb), (4, ve), (5, vc), (6, values)):
            check_rank(self.type, self.declared_input(k).name, f, (1,), k)
        if vb.shape is not None and values.shape is not None and not vb.shape[0].compatible(values.shape[0]):
            raise ValidationError("VocabEncoder's vocabulary and values differ in number", port=6)
        return Fact(I32, begins.shape)

    def compute(self, begins, ends, chars, vb, ve, vc, values, default):
        table = self.memo(content_key(vb, ve, vc, values), lambda: _table(vb, ve, vc, values))
        d = np.asarray(default).reshape(-1)
        if d.size != 1:
            raise ExecutionError(f"VocabEncoder's default_value must hold one value, got {d.size}")
        words = pieces(self.type, begins, ends, chars)
        get, dv = table.get, int(d[0])
        ids = np.fromiter((get(w, dv) for w in words), np.int64, len(words))
        return ids.astype(np.int32).reshape(np.shape(begins))


def _table(vb, ve, vc, values) -> dict:
    tokens = pieces("VocabEncoder", vb, ve, vc, what="vocab string")
    ids = np.asarray(values).reshape(-1)
    if ids.size != len(tokens):
        raise ExecutionError(f"VocabEncoder's {len(tokens)} vocabulary tokens have {ids.size} values")
    table = {}
    for tok, i in zip(tokens, ids.tolist()):
        table.setdefault(tok, i)
    return table
