"""VocabDecoder (openvinotoolkit/openvino_tokenizers): token ids to their strings in the vocabulary
(the detokenizer's first step).

Inputs: ``ids`` (i32, ``[batch, seq]``), the vocabulary as strings (``begins``, ``ends``: i32,
one per token; ``chars``: u8) and, optionally, ``skip`` (i32, 1-D: the ids to drop; without
it, the ``skip_tokens`` attribute, empty by default). Output: a ragged string tensor of one row
per batch entry and ``seq`` strings a row, in order: the token's string, or an empty one for a
skipped id and for an id outside the vocabulary (negative, or ``>=`` its size). A ``seq`` of 0
gives each row one empty string. The strings' bytes are laid end to end in ``chars``.

openvino_tokenizers passes the special tokens as the ``skip`` input (a Const, sliced to nothing
when ``skip_special_tokens`` is off) and writes ``skip_tokens=""``. Where irexec departs: a
vocabulary entry outside ``chars`` or backwards is refused (the extension copies from where it
points)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...limits import default_max_tensor_bytes
from ...shapes import DYN, fixed, fmt
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._bytes import gather
from ._ragged import I32, MAX_CHARS, U8, check_ranges


@register
class VocabDecoder(Op):
    type, version = "VocabDecoder", "extension"
    # value=True: the strings' bytes, and so chars' length, follow from the ids and vocabulary.
    inputs = (
        Input("ids", "i32", role="indices", value=True),
        Input("begins", "i32", role="indices", value=True),
        Input("ends", "i32", role="indices", value=True),
        Input("chars", "u8"),
        Input("skip", "i32", optional=True, value=True),
    )
    outputs = ("ragged_begins", "ragged_ends", "begins", "ends", "chars")
    attrs = (Attr("skip_tokens", "ints", ()),)

    def output_facts(self, ids, begins, ends, chars, skip=None):
        if ids.shape is not None and len(ids.shape) != 2:
            raise ValidationError(f"VocabDecoder's ids must be 2-D, [batch, seq], got {fmt(ids.shape)}", port=0)
        for k, (name, f) in enumerate((("begins", begins), ("ends", ends), ("chars", chars), ("skip", skip))):
            if f is not None and f.shape is not None and len(f.shape) != 1:
                raise ValidationError(f"VocabDecoder's {name} must be 1-D, got {fmt(f.shape)}", port=1 + k)
        batch, count, length = DYN, DYN, DYN
        if ids.shape is not None:
            batch, seq = ids.shape
            if batch.is_static and seq.is_static:
                count = fixed(batch.lo * max(seq.lo, 1))
        known = ids.value is not None and begins.value is not None and ends.value is not None
        if known and (skip is None or skip.value is not None) and chars.shape is not None and chars.shape[0].is_static:
            lens = self._strings(ids.value, begins.value, ends.value, chars.shape[0].lo, skip and skip.value)[1]
            length = fixed(int(lens.sum()))
        return [Fact(I32, (batch,)), Fact(I32, (batch,)), Fact(I32, (count,)), Fact(I32, (count,)), Fact(U8, (length,))]

    def compute(self, ids, begins, ends, chars, skip=None):
        starts, lens = self._strings(ids, begins, ends, chars.size, skip)
        total = int(lens.sum())
        if total > min(MAX_CHARS, default_max_tensor_bytes()):
            raise ExecutionError(f"VocabDecoder's strings would hold {total} bytes, past its i32 offsets or the budget")
        batch, seq = ids.shape
        per_row = max(seq, 1)
        str_ends = np.cumsum(lens)
        offsets = str_ends - lens
        out = chars.reshape(-1)[gather(starts, lens)[0]]
        rows = np.arange(batch, dtype=np.int64) * per_row
        return (
            rows.astype(np.int32),
            (rows + per_row).astype(np.int32),
            offsets.astype(np.int32),
            str_ends.astype(np.int32),
            out,
        )

    def _strings(self, ids, begins, ends, n_chars: int, skip) -> tuple:
        """Each output string's start in ``chars`` and its length (0: skipped, outside the
        vocabulary, or a row of no ids)."""
        b, e = check_ranges(self.type, "vocabulary entry", begins, ends, n_chars)
        ids = np.asarray(ids, np.int64)
        skips = np.asarray(self.skip_tokens if skip is None else skip, np.int64).reshape(-1)
        if ids.shape[1] == 0:
            return np.zeros(ids.shape[0], np.int64), np.zeros(ids.shape[0], np.int64)
        flat = ids.reshape(-1)
        keep = (flat >= 0) & (flat < b.size) & ~np.isin(flat, skips)
        at = np.where(keep, flat, 0)
        if not b.size:
            return np.zeros(flat.size, np.int64), np.zeros(flat.size, np.int64)
        return np.where(keep, b[at], 0), np.where(keep, e[at] - b[at], 0)
