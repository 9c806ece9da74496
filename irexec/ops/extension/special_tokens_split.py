"""SpecialTokensSplit (openvino_tokenizers): each string of a ragged string tensor cut at the
matches of a PCRE2 pattern of special tokens (``<s>``, ``<|endoftext|>``), each match a piece
marked in the ``skips`` output, the text between them pieces unmarked, for the later steps to
leave the special tokens whole.

Inputs: the ragged strings (``ragged_begins``, ``ragged_ends``, ``begins``, ``ends``, ``chars``),
then the ``pattern`` (u8, 1-D; 6 inputs), or ``skips`` (one boolean per string: a marked string
passes whole, still marked) and the pattern (7 inputs). Outputs: the ragged pieces over the same
``chars``, and a boolean per piece.

openvino_tokenizers writes the pattern as alternatives of capturing groups of escaped tokens,
``(?:\\s*)`` around those whose ``lstrip``/``rstrip`` is set: a match's piece is the group inside
it that is set (so the stripped spaces are dropped), or the whole match when no group inside it
is set or the one set is empty (with several set, the extension takes whichever its parallel loop
writes last; irexec the highest). From the start of a string, the first match at or after the
position is cut out, and the search goes on from its end; an empty match ends the search, as no
match does, and the rest of the string is one piece. A pattern PCRE2 cannot compile matches
nothing.

Where the extension fails: it takes input 5 for the pattern Const whatever the inputs, so with
skips (7 inputs) it reads a Parameter's skips as a Const and the plugin crashes compiling (a
Const's skips would be its pattern); and it declares the ``skips`` output with ``begins``' shape,
which the CPU plugin cannot resize: with static shapes its run fails unless the pieces are as
many as the strings."""

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN
from ..op import Fact, Input, Op
from ..registry import register
from ._ragged import BOOL, WORDS, pieces, ragged_string_facts, rows
from ._regex import Pattern, byte_offsets
from .regex_split import ValueShaped, flags, pattern_fact, type_fact

NAME = "SpecialTokensSplit"


@register
class SpecialTokensSplit(ValueShaped, Op):
    type, version = NAME, "extension"
    inputs = (
        *WORDS,
        Input("pattern_or_skips", "u8|boolean", value=True),
        Input("pattern", "u8", value=True, optional=True),
    )
    outputs = ("ragged_begins", "ragged_ends", "begins", "ends", "chars", "skips")

    def output_facts(self, *ins):
        has_skips = len(ins) == 7
        if has_skips:
            type_fact(NAME, ins[5], 5, "skips", "boolean")
        elif ins[5].etype is not None and ins[5].etype.name != "u8":
            raise ValidationError(f"{NAME}'s pattern must be u8, got {ins[5].etype}", port=5)
        pattern_fact(NAME, ins[5 + has_skips], 5 + has_skips)
        return self.exact(ins, ragged_string_facts(ins[0].shape) + [Fact(BOOL, (DYN,))])

    def run(self, *ins):
        ragged_begins, ragged_ends, begins, ends, chars = ins[:5]
        has_skips = len(ins) == 7
        strings = pieces(NAME, begins, ends, chars)
        rb, re_ = rows(NAME, ragged_begins, ragged_ends, len(strings))
        skips = flags(NAME, ins[5], len(strings)) if has_skips else np.zeros(len(strings), bool)
        raw_pattern = ins[5 + has_skips].tobytes()
        pattern = self.memo(("pattern", raw_pattern), lambda: Pattern(NAME, raw_pattern))
        starts = np.asarray(begins, np.int64).reshape(-1)
        out_b, out_e, out_s, new_rb, new_re = [], [], [], [], []
        done: dict = {}
        for r0, r1 in zip(rb.tolist(), re_.tolist()):
            new_rb.append(len(out_b))
            for col in range(r0, r1):
                raw, at = strings[col], int(starts[col])
                if skips[col]:
                    spans = [(0, len(raw), True)]
                else:
                    spans = done.get(raw)
                    if spans is None:
                        spans = done[raw] = _split(pattern, raw)
                out_b.extend(at + b for b, _, _ in spans)
                out_e.extend(at + e for _, e, _ in spans)
                out_s.extend(s for _, _, s in spans)
            new_re.append(len(out_b))
        shape = np.shape(ragged_begins)
        return (
            np.array(new_rb, np.int32).reshape(shape),
            np.array(new_re, np.int32).reshape(shape),
            np.array(out_b, np.int32),
            np.array(out_e, np.int32),
            chars,
            np.array(out_s, bool),
        )


def _split(pattern: Pattern, raw: bytes) -> list:
    """One string's pieces: (begin, end, is special) in bytes."""
    text = raw.decode("utf-8", "surrogateescape")
    found, pos = [], 0  # (text before's start, match start, match end, piece start, piece end) in chars
    while True:
        m = pattern.find(text, pos, len(raw))
        if m is None or m.start() == m.end():
            break
        start, end = m.span()
        piece = (start, end)
        for g0, g1 in reversed(m.regs[1:]):  # the highest group set inside the match
            if start <= g0 and g1 <= end and g0 >= 0:
                if g0 < g1:
                    piece = (g0, g1)
                break
        found.append((pos, start, end) + piece)
        pos = end
    offsets = byte_offsets(text, raw)

    def at(c: int) -> int:
        return c if offsets is None else int(offsets[c])

    spans = []
    for before, start, _, p0, p1 in found:
        if before < start:
            spans.append((at(before), at(start), False))
        spans.append((at(p0), at(p1), True))
    if pos < len(text):
        spans.append((at(pos), len(raw), False))
    return spans
