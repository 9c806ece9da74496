"""RegexSplit (openvino_tokenizers): each string of a ragged string tensor split at the matches of
a PCRE2 pattern (the pre-tokenizer's split: GPT-2's and Llama-3's patterns, BERT's whitespace and
punctuation), into the pieces of the same row, offsets into the same ``chars``.

Inputs: the ragged strings (``ragged_begins``, ``ragged_ends``, ``begins``, ``ends``, ``chars``),
then either the ``pattern`` (u8, 1-D; 6 inputs), or ``skips`` (one boolean per string) and the
pattern (7 inputs: a 6th output gives each piece's skip flag), or the pattern and a string tensor
of legacy skip tokens (9 inputs: a string equal to one of them is left whole). A string marked in
``skips`` is passed whole, still marked.

From the start of each string, the first match at or after the position (PCRE2 from an offset:
lookbehind sees the text before it) cuts the string into the text before it and the match; the
search goes on from the match's end. An empty match ends the search, as no match does: the rest
is one piece. A pattern PCRE2 cannot compile matches nothing.

``invert`` swaps the roles: the matches are the pieces and the text between them the delimiters.
``behaviour`` says what becomes of the segments (delimiters and the rest, in order), as the
extension has it, whatever its names promise:

- ``remove`` drops each delimiter; ``isolate`` keeps it as a piece; ``contiguous`` is isolate
  with the pattern wrapped in ``(...)+`` unless it ends with ``+`` (a run of matches is one).
- ``mergedwithprevious`` holds back each other segment (one that ends the string is given as
  it is) and gives each delimiter from the start of the last one held back (the string's start
  if none was) to its own end. So ``a--b`` gives ``a-``, ``a--``, ``b``; and a held-back
  segment with no delimiter after it (``invert``: matches in a row) is lost.
- ``mergedwithnext`` holds back each delimiter and gives each other segment from the start of
  the last delimiter held back. So ``▁▁b`` gives only ``▁b``, and with ``invert`` a second match
  in a row starts back at that delimiter too. When the string ends in a match, or is empty, one
  more piece runs from the last delimiter held back (the string's start if none was) to the end:
  ``a▁`` gives ``a``, ``▁``, and an empty string an empty piece. With ``invert`` that piece is
  not given, and neither is a last segment that is not a match: ``a-b-c`` gives ``a-``, ``b-``.

``max_splits`` (-1: no limit): the piece given after that many runs to the string's end, and the
pieces after it are still given (``a b c d``, isolate, 2 splits: ``a``, `` ``, ``b c d``, `` ``,
``c``, `` ``, ``d``).

Where it fails (rows the plugin cannot run): without skips it reads a skip flag per string from
an array of one per row, so from a row's second string on it reads uninitialised memory (a
string it reads as skipped passes whole; a tokenizer's first split has one string a row); with
no chars at all it passes its inputs through and leaves the rows unwritten; it declares the
skips output with the input skips' static shape, which the CPU plugin cannot resize; a string
that is not UTF-8 crashes its JIT matcher (irexec reads each invalid byte as a code point); it
sizes its pieces' outputs by the bytes of ``chars``, which mergedwithnext's empty pieces of empty
strings can outnumber (it writes past them; irexec gives every piece)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fmt
from ..attrs import Attr
from ..op import Fact, Input, Op
from ..registry import register
from ._normalizing import exact_facts
from ._ragged import BOOL, WORDS, once, pieces, ragged_string_facts, rows
from ._regex import Pattern, byte_offsets

MODES = ("remove", "isolate", "contiguous", "mergedwithprevious", "mergedwithnext")
NAME = "RegexSplit"


def pattern_fact(op: str, f: Fact, port: int, what: str = "pattern") -> None:
    """A pattern (or replacement) must be u8 and 1-D, as the extension checks it."""
    if f.etype is not None and f.etype.name != "u8":
        raise ValidationError(f"{op}'s {what} must be u8, got {f.etype}", port=port)
    if f.shape is not None and len(f.shape) != 1:
        raise ValidationError(f"{op}'s {what} must be a 1-D u8 tensor, got shape {fmt(f.shape)}", port=port)


def type_fact(op: str, f: Fact, port: int, what: str, etype: str) -> None:
    if f.etype is not None and f.etype.name != etype:
        raise ValidationError(f"{op}'s {what} must be {etype}, got {f.etype}", port=port)


def flags(op: str, skips, n: int) -> np.ndarray:
    """The skip flags, one per string, as booleans."""
    flat = np.asarray(skips).reshape(-1)
    if flat.size != n:
        raise ExecutionError(f"{op}'s skips hold {flat.size} flags for {n} strings")
    return flat.astype(bool)


class ValueShaped:
    """For an op whose output lengths only its input values tell: the rule, given every input's
    value (the run's guard gives them, as a constant's), runs the op for the exact shapes, and
    keeps the outputs for the ``compute`` that follows on the same arrays, so the work is done
    once. The op writes ``run`` where ``compute`` would be."""

    def exact(self, ins, facts: list) -> list:
        return exact_facts(self, facts, ins, self.run)

    def run(self, *arrays):
        raise NotImplementedError

    def compute(self, *arrays):
        return once(self, arrays, self.run)


@register
class RegexSplit(ValueShaped, Op):
    type, version = NAME, "extension"
    outputs_from_layer = True
    inputs = (
        *WORDS,
        Input("pattern_or_skips", "u8|boolean", value=True),
        Input("pattern_or_skip_begins", "u8|i32", value=True, optional=True),
        Input("skip_ends", "i32", value=True, optional=True),
        Input("skip_chars", "u8", value=True, optional=True),
    )
    outputs = ("ragged_begins", "ragged_ends", "begins", "ends", "chars", "skips")
    attrs = (Attr("behaviour", "str", "remove"), Attr("invert", "bool", False), Attr("max_splits", "int", -1))

    def setup(self):
        if self.behaviour not in MODES:  # (case-sensitive, as the extension's map)
            raise ValidationError(f"RegexSplit doesn't support unknown split mode: {self.behaviour}")
        if self.max_splits != -1 and self.max_splits <= 0:
            raise ValidationError(
                f"RegexSplit max_splits attribute must be greater then `0` or equal to `-1`, got {self.max_splits}"
            )

    def output_facts(self, *ins):
        n = len(ins)
        if n == 8:
            raise ValidationError("RegexSplit takes 6, 7 or 9 inputs, the layer declares 8")
        if n == 7:
            type_fact(NAME, ins[5], 5, "skips", "boolean")
        pattern_fact(NAME, ins[6 if n == 7 else 5], 6 if n == 7 else 5)
        if n == 9:
            type_fact(NAME, ins[6], 6, "skip_begins", "i32")
        want = 6 if n == 7 else 5
        if self.num_outputs != want:
            raise ValidationError(
                f"RegexSplit with {n} inputs has {want} outputs, the layer declares {self.num_outputs}"
            )
        facts = ragged_string_facts(ins[0].shape)
        return self.exact(ins, facts + [Fact(BOOL, (DYN,))] if n == 7 else facts)

    def _pattern(self, source: np.ndarray) -> Pattern:
        raw = source.tobytes()

        def make():
            text = raw
            if self.behaviour == "contiguous" and raw[-1:] != b"+":
                text = b"(" + raw + b")+"
            return Pattern(NAME, text)

        return self.memo(("pattern", raw), make)

    def run(self, *ins):
        n = len(ins)
        ragged_begins, ragged_ends, begins, ends, chars = ins[:5]
        has_skips = n == 7
        strings = pieces(NAME, begins, ends, chars)
        rb, re_ = rows(NAME, ragged_begins, ragged_ends, len(strings))
        skips = flags(NAME, ins[5], len(strings)) if has_skips else np.zeros(len(strings), bool)
        pattern = self._pattern(ins[6] if has_skips else ins[5])
        keep = set()
        if n == 9 and ins[6].size:
            keep = self.memo(
                ("skip tokens", ins[8].tobytes(), ins[6].tobytes(), ins[7].tobytes()),
                lambda: set(pieces(NAME, *ins[6:9])),
            )
        starts = np.asarray(begins, np.int64).reshape(-1)
        out_b, out_e, out_s, new_rb, new_re = [], [], [], [], []
        for r0, r1 in zip(rb.tolist(), re_.tolist()):
            new_rb.append(len(out_b))
            for col in range(r0, r1):
                raw, at = strings[col], int(starts[col])
                if skips[col] or raw in keep:
                    spans = [(0, len(raw))]
                else:
                    spans = self.split(pattern, raw)
                out_b.extend(at + b for b, _ in spans)
                out_e.extend(at + e for _, e in spans)
                out_s.extend([bool(skips[col])] * len(spans))
            new_re.append(len(out_b))
        shape = np.shape(ragged_begins)
        res = (
            np.array(new_rb, np.int32).reshape(shape),
            np.array(new_re, np.int32).reshape(shape),
            np.array(out_b, np.int32),
            np.array(out_e, np.int32),
            chars,
        )
        return res + (np.array(out_s, bool),) if has_skips else res

    def split(self, pattern: Pattern, raw: bytes) -> list:
        """The pieces of one string, as (begin, end) byte offsets into it."""
        text = raw.decode("utf-8", "surrogateescape")
        cuts, is_match, pos = [0], [], 0  # segments: [cuts[k], cuts[k + 1]), matched or not
        while True:
            found = pattern.search(text, pos, len(raw))
            if found is None or found[0] == found[1]:
                break
            if found[0] > pos:
                cuts.append(found[0])
                is_match.append(False)
            cuts.append(found[1])
            is_match.append(True)
            pos = found[1]
        if pos < len(text):
            cuts.append(len(text))
            is_match.append(False)
        offsets = byte_offsets(text, raw)
        at = cuts if offsets is None else offsets[np.array(cuts)].tolist()
        segs = [(at[k], at[k + 1], m != self.invert) for k, m in enumerate(is_match)]
        ends_matched = not is_match or is_match[-1]
        return _behave(self.behaviour, segs, len(raw), self.max_splits, self.invert, ends_matched)


def _behave(mode: str, segs: list, length: int, max_splits: int, invert: bool, ends_matched: bool) -> list:
    """The pieces of segments (begin, end, is_delimiter) of a string of ``length`` bytes, as the
    extension's ``add_split`` gives them (``ends_matched``: the string is empty or ends in a match,
    where mergedwithnext gives one more piece unless inverted)."""
    out: list = []
    held = None  # the extension's last_begin (None: unset)

    def give(b: int, e: int) -> None:
        out.append((b, length if len(out) == max_splits else e))

    for b, e, d in segs:
        if mode == "remove" and d:
            continue
        if mode == "mergedwithprevious":
            if not d and e != length:
                held = b
                continue
            if d:
                b = 0 if held is None else held
        elif mode == "mergedwithnext":
            if d:
                held = b
                continue
            if held is not None:
                b = held
        give(b, e)
    if mode == "mergedwithnext" and ends_matched and held != length and not invert:
        give(0 if held is None else held, length)  # (the extension's add_split after its loop)
    return out
