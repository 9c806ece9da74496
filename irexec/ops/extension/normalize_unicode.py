"""NormalizeUnicode (openvino_tokenizers): each string in a Unicode normalization form
(``normalization_form``: "NFC", "NFD" (the default), "NFKC" or "NFKD", in upper case only), by
the extension's SentencePiece maps (``_unicode``, ``_charsmap``): greedy longest match over the
bytes, not the Unicode algorithm (marks out of canonical order are not reordered), spaces kept as
they are, an invalid UTF-8 byte made U+FFFD. ``skips`` (boolean, after the strings) marks strings
copied unchanged, and is passed on. (openvino_tokenizers 2026 writes its NormalizeUnicode steps
as CharsMapNormalization; this op is what older IRs hold.)"""

from ...errors import ValidationError
from ..op import Attr, Input, Op
from ..registry import register
from ._normalizing import SimpleNormalization
from ._ragged import string_inputs
from .chars_map_normalization import form_trie

FORMS = ("NFC", "NFD", "NFKC", "NFKD")


@register
class NormalizeUnicode(SimpleNormalization, Op):
    type, version = "NormalizeUnicode", "extension"
    inputs = (
        *string_inputs(),
        Input("skips", "boolean", optional=True, value=True),
    )
    outputs = ("begins", "ends", "chars", "skips")
    attrs = (Attr("normalization_form", "str", "NFD"),)

    def setup(self):
        if self.normalization_form not in FORMS:
            raise ValidationError(
                f"NormalizeUnicode's normalization_form={self.normalization_form!r} is not one of {', '.join(FORMS)}"
            )

    def trie(self):
        return form_trie(self.normalization_form.lower(), False)
