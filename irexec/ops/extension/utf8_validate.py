"""UTF8Validate (openvino_tokenizers): each string with its invalid UTF-8 dropped
(``replace_mode`` false, the default) or replaced by U+FFFD (true), as a detokenizer's last step.

The extension's validator, not Python's: a lead byte C0-DF, E0-EF or F0-F7 opens a sequence of
2, 3 or 4 bytes; a byte that cannot start one (a stray continuation, F8-FF) is one invalid byte; a
sequence cut short by a byte that is not a continuation is one invalid sequence, and that byte
starts afresh; a sequence cut short by the string's end is one more; a complete sequence below its
length's range (an overlong) is as many invalid sequences as it has bytes. Surrogates (ED A0-BF)
and code points past U+10FFFF (F4 90 on, F5-F7) pass. Each invalid sequence gives one U+FFFD in
replace mode.

The extension writes the output from ``begins[0]`` on and sizes it from 0 (strings that do not
start at 0 come out shifted, the tail cut off), and walks only the first dimension of 2-D
strings; irexec lays every string out from 0."""

from ...errors import ValidationError
from ..op import Attr, Op
from ..registry import register
from ._normalizing import cached, rewrite, sized, string_input_facts
from ._ragged import string_inputs

FFFD = "\ufffd".encode()
_MIN = (0, 0x80, 0x800, 0x10000)


def validate(s: bytes, replace: bool) -> bytes:
    try:
        s.decode()
        return s  # valid for Python is valid for the extension (which takes a superset)
    except UnicodeDecodeError:
        pass
    bad = FFFD if replace else b""
    out = bytearray()
    need = size = cp = start = 0
    j, n = 0, len(s)
    while j < n:
        b = s[j]
        if not need:
            if b < 0x80:
                out.append(b)
            elif b >> 5 == 0b110:
                need, size, cp, start = 1, 2, (b & 0x1F) << 6, j
            elif b >> 4 == 0b1110:
                need, size, cp, start = 2, 3, (b & 0x0F) << 12, j
            elif b >> 3 == 0b11110:
                need, size, cp, start = 3, 4, (b & 0x07) << 18, j
            else:
                out += bad
            j += 1
            continue
        if b >> 6 != 0b10:
            need = 0
            out += bad  # (and the byte is read again as a start)
            continue
        need -= 1
        cp |= (b & 0x3F) << (6 * need)
        if not need:
            out += bad * size if cp < _MIN[size - 1] else s[start : j + 1]
        j += 1
    if need:
        out += bad
    return bytes(out)


@register
class UTF8Validate(Op):
    type, version = "UTF8Validate", "extension"
    inputs = (*string_inputs(),)
    outputs = ("begins", "ends", "chars")
    attrs = (Attr("replace_mode", "bool", False),)

    def output_facts(self, begins, ends, chars):
        if begins.shape is not None and len(begins.shape) == 0:
            raise ValidationError("UTF8Validate's begins must have rank 1 or more, got a scalar", port=0)
        facts = string_input_facts("UTF8Validate", begins, ends, chars)
        return sized(self, facts, (begins, ends, chars), self._run)

    def compute(self, begins, ends, chars):
        return cached(self, (begins, ends, chars), self._run)

    def _run(self, begins, ends, chars):
        replace = self.replace_mode
        return rewrite("UTF8Validate", begins, ends, chars, None, lambda s: validate(s, replace))
