"""RegexNormalization (openvino_tokenizers): each string with the matches of a PCRE2 pattern
replaced (``pcre2_substitute``): the normalizers' control-character removal, accent stripping
(``\\p{Mn}``), CJK spacing (``([\\p{Han}])`` to `` $1 ``), Metaspace's prefix (``(^)([^▁])`` to
``▁$2``), whitespace replacement.

Inputs: the strings (``begins``, ``ends``, ``chars``), then either the ``pattern`` and the
``replacement`` (u8, 1-D; 5 inputs), or ``skips`` (one boolean per string: such a string is left
as it is; the 4th output passes it through) and both (6 inputs). ``global_replace`` (default
true): every match replaced, else the first. The outputs are new strings laid end to end.

The replacement is pcre2_substitute's: ``$n``, ``${n}``, ``$name``, ``${name}``, ``$$``; the
extension first rewrites ``\\1``..``\\9`` to ``$1``..``$9``, and three patterns older converters
wrote to what they meant (``(^)(.)`` and ``(^)(.+)`` to ``(^)([\\s\\S])``, and the apostrophe rule
to a branch reset). A pattern PCRE2 cannot compile, a replacement naming a group the match left
unset or the pattern lacks, or a malformed ``$`` leaves the string as it was.

The extension substitutes into a buffer of 4 × (the string's bytes + the replacement's bytes ×
what ``pcre2_match`` returns for the string's first match, one more than its highest set group)
bytes, and leaves the string as it was when the result and a terminating zero do not fit:
``aaaaaa`` with ``a`` to 12 ``b`` (72 bytes, a buffer of 72) stays ``aaaaaa``; irexec does the same."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ..attrs import Attr
from ..op import Fact, Input, Op
from ..registry import register
from ._ragged import BOOL, pack, pieces, string_facts, string_inputs
from ._regex import Pattern, Replacement, pairs_set
from .regex_split import ValueShaped, flags, pattern_fact, type_fact

NAME = "RegexNormalization"

# What the extension rewrites before compiling (fix_search_pattern): patterns older converters
# wrote, to what they meant.
_OLD_PATTERNS = {
    rb" ([\\.\\?\\!,])| ('[ms])| (') | ('[rv]e)| (n't)": rb"(?| ([\\.\\?\\!,])| ('[ms])| (') | ('[rv]e)| (n't))",
    rb"(^)(.)": rb"(^)([\s\S])",
    rb"(^)(.+)": rb"(^)([\s\S])",
}


def _replacement(raw: bytes) -> bytes:
    """The extension's rewrite of ``\\1``..``\\9`` to ``$1``..``$9`` (sed's spelling to PCRE2's)."""
    for d in b"123456789":
        raw = raw.replace(b"\\" + bytes([d]), b"$" + bytes([d]))
    return raw


@register
class RegexNormalization(ValueShaped, Op):
    type, version = NAME, "extension"
    outputs_from_layer = True
    inputs = (
        *string_inputs(),
        Input("pattern_or_skips", "u8|boolean", value=True),
        Input("replacement_or_pattern", "u8", value=True),
        Input("replacement", "u8", value=True, optional=True),
    )
    outputs = ("begins", "ends", "chars", "skips")
    attrs = (Attr("global_replace", "bool", True),)

    def output_facts(self, *ins):
        n = len(ins)
        skips = n == 6
        if skips:
            type_fact(NAME, ins[3], 3, "skips", "boolean")
        pattern_fact(NAME, ins[3 + skips], 3 + skips)
        pattern_fact(NAME, ins[4 + skips], 4 + skips, "replacement")
        want = 4 if skips else 3
        if self.num_outputs != want:
            raise ValidationError(f"{NAME} with {n} inputs has {want} outputs, the layer declares {self.num_outputs}")
        facts = string_facts(ins[0].shape)
        return self.exact(ins, facts + [Fact(BOOL, ins[3].shape)] if skips else facts)

    def _compiled(self, pattern: np.ndarray, replacement: np.ndarray) -> tuple:
        raw_p, raw_r = pattern.tobytes(), replacement.tobytes()

        def make():
            rep = _replacement(raw_r)
            return Pattern(NAME, _OLD_PATTERNS.get(raw_p, raw_p)), Replacement(rep), len(rep)

        return self.memo(("pattern", raw_p, raw_r), make)

    def run(self, *ins):
        begins, ends, chars = ins[:3]
        has_skips = len(ins) == 6
        strings = pieces(NAME, begins, ends, chars)
        skips = flags(NAME, ins[3], len(strings)) if has_skips else None
        pattern, replacement, rep_len = self._compiled(*ins[3 + has_skips : 5 + has_skips])
        done: dict = {}  # (strings repeat: a batch of one prompt, special tokens)
        out = []
        for k, raw in enumerate(strings):
            if skips is not None and skips[k]:
                out.append(raw)
                continue
            new = done.get(raw)
            if new is None:
                new = done[raw] = self.normalize(pattern, replacement, rep_len, raw)
            out.append(new)
        new_b, new_e, new_chars = pack(NAME, out)
        shape = np.shape(begins)
        res = (new_b.reshape(shape), new_e.reshape(shape), new_chars)
        return res + (ins[3],) if has_skips else res

    def normalize(self, pattern: Pattern, replacement: Replacement, rep_len: int, raw: bytes) -> bytes:
        text = raw.decode("utf-8", "surrogateescape")
        new = pattern.substitute(text, replacement, self.global_replace)
        if new is text:
            return raw
        try:
            out = new.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # (a replacement joining halves of a surrogate pair: not UTF-8)
            raise ExecutionError(f"{NAME}'s replacement made a string that is not UTF-8") from None
        if len(out) >= 4 * (len(raw) + rep_len):  # (past the least buffer: it depends on the first match)
            first = pattern.find(text, 0, len(raw))
            if first is not None and len(out) >= 4 * (len(raw) + pairs_set(first) * rep_len):
                return raw  # (the result and its terminating zero overflow the extension's buffer)
        return out
