"""CharsMapNormalization (openvino_tokenizers): each string through SentencePiece's normalizer
(``_charsmap``): a charsmap applied by greedy longest match, then its whitespace rules
(``remove_extra_whitespaces``: leading and trailing spaces dropped, runs of them made one;
``add_dummy_prefix``: a space first; ``escape_whitespaces``: spaces written U+2581). It stands
first in the WordPiece and Unigram tokenizers' IRs, and is what NormalizeUnicode and CaseFold
steps are written as.

The charsmap is the input after the strings (and ``skips``) when ``normalization_form`` is ""
(a SentencePiece ``precompiled_charsmap``, as HF's ``Precompiled`` normalizer holds it; an empty
one maps nothing, and ``case_fold`` does not apply to it); otherwise
the extension's own map for that form ("nfc", "nfd", "nfkc", "nfkd", in any case), case folded
when ``case_fold`` (ICU's simple folding: ß stays, ẞ becomes ß); "identity" is only a map with
``case_fold``. The maps are SentencePiece's builder's (``_unicode``): greedy, not the Unicode
algorithm (a sequence of marks out of canonical order is not reordered). ``skips`` (boolean,
after the strings) marks strings copied unchanged. ``nmt`` is written by openvino_tokenizers but
read by nothing: SentencePiece's nmt rules live in the charsmap itself.

Where the extension's rules disagree with its own inputs, irexec refuses the layer: no charsmap
with ``normalization_form`` "" (the extension reads past its inputs), a u8 fourth input beside a
form (it takes it for skips and writes an output it does not have), a broken charsmap (it gives
every string empty, or reads out of range)."""

import numpy as np

from ...errors import ValidationError
from ..op import Attr, Input, Op
from ..registry import register
from ._charsmap import DartsTrie, DictTrie, normalize, plain_runs
from ._normalizing import cached, rewrite, sized, skips_fact, string_input_facts
from ._ragged import BOOL, string_inputs
from ._unicode import form_map

FORMS = ("identity", "nfc", "nfd", "nfkc", "nfkd")
_TRIES: dict = {}  # (form, case_fold): DictTrie, shared by every layer of the process


def form_trie(form: str, case_fold: bool) -> DictTrie:
    key = (form, case_fold)
    if key not in _TRIES:
        _TRIES[key] = DictTrie(form_map(form, case_fold))
    return _TRIES[key]


@register
class CharsMapNormalization(Op):
    type, version = "CharsMapNormalization", "extension"
    outputs_from_layer = True
    inputs = (
        *string_inputs(),
        # skips (boolean), or the charsmap (u8) where there are no skips
        Input("skips_or_charsmap", "boolean|u8", optional=True, value=True),
        Input("charsmap", "u8", optional=True, value=True),
    )
    outputs = ("begins", "ends", "chars", "skips")
    attrs = (
        Attr("add_dummy_prefix", "bool", False),
        Attr("remove_extra_whitespaces", "bool", True),
        Attr("escape_whitespaces", "bool", False),
        Attr("normalization_form", "str", ""),
        Attr("case_fold", "bool", False),
        Attr("nmt", "bool", False),
    )

    def setup(self):
        form = self.normalization_form.lower()
        if form and form not in FORMS:
            raise ValidationError(
                f"CharsMapNormalization's normalization_form={self.normalization_form!r} is not one of {', '.join(FORMS)} or ''"
            )
        if form == "identity" and not self.case_fold:
            raise ValidationError(
                "CharsMapNormalization has no map for normalization_form='identity' without case_fold"
            )
        self.form = form

    def _layout(self, n: int, third_is_bool) -> bool:
        """Whether the layer has skips, after checking its inputs fit the form."""
        op = "CharsMapNormalization"
        if not self.form:
            if n == 3 or (n == 4 and third_is_bool):
                raise ValidationError(
                    f"{op} with normalization_form '' needs a charsmap (u8) after the strings and skips"
                )
            return n == 5
        if n == 4 and third_is_bool is False:
            raise ValidationError(
                f"{op} with normalization_form={self.form!r} takes skips (boolean) after the strings, not a charsmap",
                port=3,
            )
        return n >= 4

    def output_facts(self, begins, ends, chars, third=None, charsmap=None):
        n = 3 + (third is not None) + (charsmap is not None)
        is_bool = None if third is None or third.etype is None else third.etype is BOOL
        has_skips = self._layout(n, is_bool)
        if n == 5 and third.etype is not None and third.etype is not BOOL:
            raise ValidationError(f"CharsMapNormalization's skips must be boolean, got {third.etype}", port=3)
        if self.num_outputs != 3 + has_skips:
            raise ValidationError(
                f"CharsMapNormalization {'with' if has_skips else 'without'} skips has {3 + has_skips} outputs, "
                f"the layer declares {self.num_outputs}"
            )
        facts = string_input_facts("CharsMapNormalization", begins, ends, chars)
        if has_skips:
            facts.append(skips_fact("CharsMapNormalization", begins, third))
        return sized(self, facts, (begins, ends, chars, third, charsmap), self._run)

    def compute(self, begins, ends, chars, third=None, charsmap=None):
        return cached(self, (begins, ends, chars, third, charsmap), self._run)

    def _run(self, begins, ends, chars, third=None, charsmap=None):
        n = 3 + (third is not None) + (charsmap is not None)
        has_skips = self._layout(n, None if third is None else third.dtype == np.bool_)
        skips = third if has_skips else None
        if self.form:
            trie = form_trie(self.form, self.case_fold)
        else:
            blob = (charsmap if has_skips else third).tobytes()
            # (An empty blob is no map at all: only the whitespace rules apply, as SentencePiece does.)
            trie = self.memo(
                ("charsmap", blob), lambda: DartsTrie("CharsMapNormalization", blob) if blob else DictTrie({})
            )
        flags = (self.add_dummy_prefix, self.remove_extra_whitespaces, self.escape_whitespaces)
        runs = plain_runs(trie, chars)
        out = rewrite(
            "CharsMapNormalization",
            begins,
            ends,
            chars,
            skips,
            lambda s, at: normalize(trie, s, *flags, runs, at),
            at=True,
        )
        return out + (skips,) if has_skips else out
