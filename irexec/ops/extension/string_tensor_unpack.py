"""StringTensorUnpack as openvino_tokenizers registers it (``version="extension"``, in its older
IRs; newer ones use opset15's): a string tensor to its UTF-8 bytes and each string's range, as
StringTensorUnpack-15 does, or, for a u8 input, the legacy packed format to the same.

String ``data``: ``begins``, ``ends`` (i32, of the data's shape) and ``chars`` (u8), the strings
laid end to end in C order (irexec/ops/type/string_tensor_unpack.py). u8 ``data`` (1-D): the
packed format older tokenizer IRs took as their input, ``[n: i32][offsets: n + 1 i32][bytes]``
(little-endian): ``begins = offsets[:n]``, ``ends = offsets[1:]`` (1-D, ``n`` each), ``chars`` the
first ``offsets[n]`` bytes after the offsets. ``mode`` must be ``begins_ends`` (its default, the
only one the extension has).

Where irexec departs: a packed tensor shorter than its header says, or whose offsets go past its
bytes or backwards, is refused (the extension reads where they point)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fixed, fmt
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ..type.string_tensor_unpack import symbols_and_ends, utf8_size
from ._ragged import I32, U8, check_ranges


@register
class StringTensorUnpackExtension(Op):
    type, version = "StringTensorUnpack", "extension"
    # value=True: the outputs' lengths are the strings' bytes (the packed header's, for u8).
    inputs = (Input("data", "string|u8", value=True),)
    outputs = ("begins", "ends", "chars")
    attrs = (Attr("mode", "str", "begins_ends", choices=("begins_ends",)),)

    def output_facts(self, data):
        if data.etype is not None and data.etype.name == "u8":
            if data.shape is not None and len(data.shape) != 1:
                raise ValidationError(f"StringTensorUnpack's packed u8 data must be 1-D, got {fmt(data.shape)}", port=0)
            if data.value is None:
                return [Fact(I32, (DYN,)), Fact(I32, (DYN,)), Fact(U8, (DYN,))]
            n, _, _, size = _packed(data.value)
            return [Fact(I32, (fixed(n),)), Fact(I32, (fixed(n),)), Fact(U8, (fixed(size),))]
        size = DYN if data.value is None else fixed(utf8_size(data.value))
        return [Fact(I32, data.shape), Fact(I32, data.shape), Fact(U8, (size,))]

    def compute(self, data):
        if data.dtype == np.uint8:
            n, begins, ends, size = _packed(data)
            return begins, ends, data[8 + 4 * n : 8 + 4 * n + size].copy()
        symbols, ends, lengths = symbols_and_ends(data)
        return (ends - lengths).reshape(data.shape), ends.reshape(data.shape), symbols


def _packed(raw: np.ndarray) -> tuple:
    """(n, begins, ends, byte count) of a packed string tensor, its header checked."""
    raw = np.ascontiguousarray(raw).reshape(-1)
    if raw.size < 4:
        raise ExecutionError(f"StringTensorUnpack's packed data holds {raw.size} bytes, short of its 4-byte count")
    n = int(raw[:4].view("<i4")[0])
    if n < 0 or raw.size < 8 + 4 * n:
        raise ExecutionError(
            f"StringTensorUnpack's packed data counts {n} strings, which its {raw.size} bytes cannot hold"
        )
    offsets = raw[4 : 8 + 4 * n].view("<i4").astype(np.int32)
    size = int(offsets[n])
    room = raw.size - 8 - 4 * n
    begins, ends = offsets[:n], offsets[1:]
    if size < 0 or size > room:
        raise ExecutionError(f"StringTensorUnpack's packed strings end at byte {size}, past the {room} it holds")
    check_ranges("StringTensorUnpack", "packed string", begins, ends, size)
    return n, begins.copy(), ends.copy(), size
