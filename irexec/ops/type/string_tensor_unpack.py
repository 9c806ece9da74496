"""StringTensorUnpack-15: a string tensor to its UTF-8 bytes, concatenated (``symbols``, 1-D u8),
and where each string starts and ends in them (``begins``, ``ends``: i32, of the data's shape):
``symbols[begins[i]:ends[i]]`` is string i, the strings in C order with nothing between them.

The offsets are i32, as the spec says: irexec refuses strings of 2 GiB or more in all rather
than let them wrap. A str that has no UTF-8 form (a lone surrogate that is no byte escaped by
irexec.strings) is refused, naming it."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed
from ...strings import encode
from ...types import BY_NAME
from ..op import Fact, Input, Op
from ..registry import register

I32, U8 = BY_NAME["i32"], BY_NAME["u8"]
MAX_SYMBOLS = (1 << 31) - 1


@register
class StringTensorUnpack(Op):
    type, version = "StringTensorUnpack", "opset15"
    spec = "type/string-tensor-unpack-15"
    inputs = (Input("data", "string", value=True),)
    outputs = ("begins", "ends", "symbols")

    def output_facts(self, data):
        # The symbols' length is the data's, in bytes: known when its value is (value=True: the
        # run-time check of an output not sized ahead gets it).
        n = utf8_size(data.value) if data.value is not None else None
        symbols = (fixed(n),) if n is not None else (DYN,)
        return [Fact(I32, data.shape), Fact(I32, data.shape), Fact(U8, symbols)]

    def compute(self, data):
        symbols, ends, lengths = symbols_and_ends(data)
        return ((ends - lengths).reshape(data.shape), ends.reshape(data.shape), symbols)


def utf8_size(data: np.ndarray) -> int:
    """The bytes of a string array's strings in UTF-8, all together."""
    return len(_utf8("".join(data.reshape(-1).tolist())))


def symbols_and_ends(data: np.ndarray) -> tuple:
    """(symbols as u8, the i32 end of each string, the i32 length of each) of a string array.
    The strings are joined and encoded once; where each ends in bytes follows from its length in
    characters and each character's UTF-8 length, from its code point."""
    flat = data.reshape(-1).tolist()
    joined = "".join(flat)
    raw = _utf8(joined)
    if len(raw) > MAX_SYMBOLS:
        raise ValidationError(
            f"StringTensorUnpack's strings hold {len(raw)} bytes: its i32 offsets reach {MAX_SYMBOLS}"
        )
    char_ends = np.cumsum(np.fromiter(map(len, flat), np.int64, len(flat)))
    if len(raw) == len(joined):  # ASCII: one byte a character
        ends = char_ends
    else:
        # Where each character starts in the bytes: at every byte but a UTF-8 continuation byte
        # (10xxxxxx), when the bytes are UTF-8; bytes surrogateescape kept are each a character.
        starts = np.flatnonzero((np.frombuffer(raw, np.uint8) & 0xC0) != 0x80)
        if starts.size != len(joined):
            points = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), "<u4")
            width = 1 + (points >= 0x80) + (points >= 0x800) + (points >= 0x10000)
            width[(points >= 0xDC80) & (points <= 0xDCFF)] = 1
            starts = np.cumsum(width) - width
        ends = np.append(starts, len(raw))[char_ends]
    ends = ends.astype(np.int32)
    lengths = np.diff(ends, prepend=np.int32(0)).astype(np.int32)
    return np.frombuffer(raw, np.uint8).copy(), ends, lengths


def _utf8(text: str) -> bytes:
    try:
        return encode(text)
    except UnicodeEncodeError as e:  # a lone surrogate that is no escaped byte: no UTF-8 form
        raise ValidationError(
            f"StringTensorUnpack's data holds {e.object[e.start]!r}, which has no UTF-8 form"
        ) from None
