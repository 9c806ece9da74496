"""ByteFallback (openvino_tokenizers, detokenizer): each six-byte string of a string tensor that
starts with ``<`` (its only ``<``) and ends with ``>`` becomes one byte: the byte a SentencePiece
byte token ``<0xNN>`` (two upper-case hex digits) names, else 0xFF (``<mask>``, ``<0xab>``: the
extension's, whose byte lookup gives -1 for them, written as a byte). Other strings are kept. The
output (begins, ends, chars) has the input's shape, the strings laid end to end."""

import numpy as np

from ..op import Op
from ..registry import register
from ._bytes import gather
from ._normalizing import cached, sized
from ._positional import check_rank
from ._ragged import check_ranges, string_facts, string_inputs

# The byte each hex digit names (-1: none), upper case only, as SentencePiece writes them.
_HEX = np.full(256, -1, np.int16)
_HEX[np.frombuffer(b"0123456789", np.uint8)] = np.arange(10)
_HEX[np.frombuffer(b"ABCDEF", np.uint8)] = np.arange(10, 16)


@register
class ByteFallback(Op):
    type, version = "ByteFallback", "extension"
    # value=True: the chars' length is known when the strings are (as at run time).
    inputs = (*string_inputs(),)
    outputs = ("begins", "ends", "chars")

    def output_facts(self, begins, ends, chars):
        check_rank(self.type, "chars", chars, (1,), 2)
        return sized(self, string_facts(begins.shape), (begins, ends, chars), self._run)

    def compute(self, begins, ends, chars):
        return cached(self, (begins, ends, chars), self._run)

    def _run(self, begins, ends, chars):
        b, e = check_ranges(self.type, "string", begins, ends, chars.size)
        lengths = e - b
        # Each six-byte string's bytes as a row (other strings' rows stay zeros: no tag).
        six = lengths == 6
        window = np.zeros((b.size, 6), np.uint8)
        if six.any():
            window[six] = chars[b[six, None] + np.arange(6)]
        hi, lo = _HEX[window[:, 3]], _HEX[window[:, 4]]
        tag = six & (window[:, 0] == ord("<")) & (window[:, 5] == ord(">"))
        tag &= (window[:, 1:5] != ord("<")).all(axis=1)
        names = (window[:, 1] == ord("0")) & (window[:, 2] == ord("x")) & (hi >= 0) & (lo >= 0)
        value = np.where(names, hi * 16 + lo, 0xFF)
        out_len = np.where(tag, 1, lengths)
        out_end = np.cumsum(out_len)
        out_begin = out_end - out_len
        total = int(out_end[-1]) if out_end.size else 0
        # Each output byte's source: its string's bytes in order (a byte token's is replaced).
        out = chars.reshape(-1)[gather(b, out_len)[0]] if total else np.zeros(0, np.uint8)
        out[out_begin[tag]] = value[tag].astype(np.uint8)
        shape = np.shape(begins)
        return out_begin.astype(np.int32).reshape(shape), out_end.astype(np.int32).reshape(shape), out
