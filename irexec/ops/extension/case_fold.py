"""CaseFold (openvino_tokenizers): each string case folded. ``encoding`` "utf-8" (the default):
ICU's simple case folding of every code point, by the extension's SentencePiece map (``_unicode``:
ß stays ß, ẞ becomes ß, İ stays, Σ becomes σ), an invalid UTF-8 byte made U+FFFD; ``lower`` must
then be true. ``encoding`` "": ASCII only, A-Z lowered (``lower`` true, the default) or a-z raised
(``lower`` false), other bytes, invalid or not, kept. ``skips`` (boolean, after the strings) marks
strings copied unchanged and is passed on.

With ``encoding`` "" the extension ignores ``skips``: it lowers the skipped strings too, and leaves
its skips output unwritten; irexec keeps them and passes the skips on."""

import numpy as np

from ...errors import ValidationError
from ..op import Attr, Input, Op
from ..registry import register
from ._normalizing import SimpleNormalization, rewrite
from ._ragged import string_inputs
from .chars_map_normalization import form_trie

_LOWER = np.arange(256, dtype=np.uint8)
_LOWER[65:91] += 32
_UPPER = np.arange(256, dtype=np.uint8)
_UPPER[97:123] -= 32


@register
class CaseFold(SimpleNormalization, Op):
    type, version = "CaseFold", "extension"
    inputs = (
        *string_inputs(),
        Input("skips", "boolean", optional=True, value=True),
    )
    outputs = ("begins", "ends", "chars", "skips")
    attrs = (Attr("encoding", "str", "utf-8"), Attr("lower", "bool", True))

    def setup(self):
        if self.encoding not in ("", "utf-8"):
            raise ValidationError(f"CaseFold's encoding={self.encoding!r} is not one of 'utf-8', ''")
        if self.encoding == "utf-8" and not self.lower:
            raise ValidationError("CaseFold has no upper-casing for encoding='utf-8' (lower=false)")

    def trie(self):
        return form_trie("identity", True)

    def _run(self, begins, ends, chars, skips=None):
        if self.encoding:
            return super()._run(begins, ends, chars, skips)
        table = _LOWER if self.lower else _UPPER
        # ASCII: one table lookup over the whole buffer where the strings already lie end to end
        # from 0 (as the extension would pack them) and nothing is skipped: the common case.
        b = np.asarray(begins, np.int64).reshape(-1)
        e = np.asarray(ends, np.int64).reshape(-1)
        packed = b.shape == e.shape and (
            (b.size == 0 and chars.size == 0)
            or (b.size > 0 and b[0] == 0 and e[-1] == chars.size and (b[1:] == e[:-1]).all() and (e >= b).all())
        )
        if packed and (skips is None or not np.asarray(skips).any()):
            out = (np.asarray(begins, np.int32).copy(), np.asarray(ends, np.int32).copy(), table[chars])
        else:
            out = rewrite(self.type, begins, ends, chars, skips, lambda s: table[np.frombuffer(s, np.uint8)].tobytes())
        return out if skips is None else out + (skips,)
