"""What the three Sentencepiece* ops share: the model input (the serialized ModelProto, loaded
once per layer and kept while its bytes are the same) and the token-ids input of the two
detokenizers."""

from __future__ import annotations

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fixed, fmt
from ..op import Fact, Input
from ._bytes import gather
from ._normalizing import cached
from ._ragged import I32, U8, pack
from ._sentencepiece import SentencePiece

# value=True: the rule computes the outputs (their lengths follow from the values) when known.
MODEL = Input("sp_model", "u8", value=True)
IDS = Input("ids", "i32", role="indices", value=True)


def load(op, blob) -> SentencePiece:
    """The layer's model, parsed the first time and again only when the bytes change."""
    data = np.asarray(blob, np.uint8).tobytes()
    last = op.__dict__.get("_sp_model")
    if last is None or last[0] != data:
        last = op._sp_model = (data, SentencePiece(op.type, data))
    return last[1]


class Detokenizer:
    """SentencepieceDetokenizer and SentencepieceStreamDetokenizer: ids ``[batch, seq]`` to one
    string per row (begins, ends, chars). A subclass defines ``row(model, ids) -> bytes``."""

    inputs = (MODEL, IDS)
    outputs = ("begins", "ends", "chars")

    def output_facts(self, sp_model, ids):
        if ids.shape is not None and len(ids.shape) != 2:
            raise ValidationError(f"{self.type}'s ids must be 2-D, [batch, seq], got {fmt(ids.shape)}", port=1)
        batch = DYN if ids.shape is None else ids.shape[0]
        facts = [Fact(I32, (batch,)), Fact(I32, (batch,)), Fact(U8, (DYN,))]
        if sp_model.value is not None and ids.value is not None:
            out = cached(self, (sp_model.value, ids.value), self._run)
            facts[2] = Fact(U8, (fixed(out[2].size),))
        return facts

    def compute(self, sp_model, ids):
        return cached(self, (sp_model, ids), self._run)

    def _run(self, sp_model, ids):
        model = load(self, sp_model)
        ids = np.asarray(ids, np.int64)
        negative = ids < 0
        if negative.any():
            at = tuple(int(k) for k in np.argwhere(negative)[0])
            raise ExecutionError(
                f"{self.type}'s id {int(ids[at])} at {list(at)} is negative: no piece has it "
                "(the extension fails, or reads before its vocabulary)"
            )
        size = len(model.pieces)
        # Ids past the vocabulary are dropped, as the extension drops them.
        strings = [self.row(model, [i for i in row if i < size]) for row in ids.tolist()]
        return pack(self.type, strings)


def sparse_outputs(rows: list) -> tuple:
    """(indices i64 [count, 2], values i32 [count], dense_shape i64 [2]) of rows of ids."""
    lens = np.fromiter(map(len, rows), np.int64, len(rows))
    total = int(lens.sum())
    c, r = gather(np.zeros(lens.size, np.int64), lens)  # (each row's ids from 0)
    values = np.fromiter((i for row in rows for i in row), np.int64, total)
    shape = np.array([len(rows), int(lens.max()) if rows else 0], np.int64)
    return np.stack([r, c], 1).reshape(total, 2), values.astype(np.int32), shape
