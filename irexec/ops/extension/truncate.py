"""Truncate (openvinotoolkit/openvino_tokenizers): each row of one ragged tensor, or of a pair, cut to
``max_length`` elements (the tokenizer's truncation, before its special tokens are added).

Inputs: one or two begins/ends/data triples (begins and ends i32 of one shape, data 1-D i32),
then ``max_length`` (an i32 scalar), the truncation side (u8 text, ``right`` or ``left``) and the
mode (u8 text, ``longest_first``, ``only_first`` or ``only_second``; checked for one input too,
where it has no effect). Outputs: the triples, data unchanged, each row's range cut: on the right
its end moves to ``begin + kept``, on the left its begin to ``end - kept``.

One input: ``kept = min(length, max_length)``. A pair, where the lengths ``a + b`` exceed
``max_length = m``: ``only_first`` cuts the first to ``m`` when it is longer than ``m`` (and leaves
both otherwise: the pair stays over ``m``, where Hugging Face refuses); ``only_second`` likewise
the second; ``longest_first`` keeps ``m - b`` of the first when ``a >= ceil(m/2)`` and ``b <=
floor(m/2)``, ``m - a`` of the second when ``a < ceil(m/2)`` and ``b > floor(m/2)``, and otherwise
``floor(m/2)`` of each, the odd one more going to the longer (to the first on a tie).

``m_num_inputs`` is written (1 or 2) but not read: the extension counts the triples itself, and
so does irexec. Where irexec departs: a negative ``max_length`` is refused (the extension makes
rows that end before they begin); ranges outside the data or backwards are refused (the
extension passes them on); data must be i32 (the extension declares the data outputs i32
whatever the input's type)."""

import numpy as np

from ...errors import ExecutionError, ValidationError, clipped
from ...shapes import fmt, intersect
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._positional import check_rank, check_types, ragged_decls
from ._ragged import check_ranges

SIDES = ("right", "left")
MODES = ("longest_first", "only_first", "only_second")


@register
class Truncate(Op):
    type, version = "Truncate", "extension"
    # One or two triples, max_length, side, mode: typed by position in output_facts.
    inputs = (Input("inputs", "any", variadic=True),)
    outputs = ("begins", "ends", "data", "second_begins", "second_ends", "second_data")
    outputs_from_layer = True  # 3 per triple
    attrs = (Attr("m_num_inputs", "int", 0),)

    def check_types(self, ins):
        """By position, in output_facts (the variadic input's one type does not fit triples)."""

    def output_facts(self, *ins):
        m = _triples(len(ins))
        decls = [d for k in range(m) for d in ragged_decls(("first", "second")[k] + " input", "i32")]
        decls += [Input("max_length", "i32"), Input("side", "u8"), Input("mode", "u8")]
        check_types(self.type, ins, decls)
        if self.num_outputs != 3 * m:
            raise ValidationError(
                f"Truncate of {m} input(s) has {3 * m} outputs, the layer declares {self.num_outputs}"
            )
        check_rank(self.type, "max_length", ins[3 * m], (0,), 3 * m)
        check_rank(self.type, "side", ins[3 * m + 1], (1,), 3 * m + 1)
        check_rank(self.type, "mode", ins[3 * m + 2], (1,), 3 * m + 2)
        shapes = []
        for k in range(m):
            check_rank(self.type, f"data of {decls[3 * k + 2].name[8:]}", ins[3 * k + 2], (1,), 3 * k + 2)
            shapes += [ins[3 * k].shape, ins[3 * k + 1].shape]
        known = [s for s in shapes if s is not None]
        for s in known[1:]:
            if len(s) != len(known[0]) or None in map(intersect, s, known[0]):
                raise ValidationError(
                    f"Truncate's begins and ends must all have one shape, got {fmt(known[0])} and {fmt(s)}", port=1
                )
        return [Fact(f.etype, f.shape) for f in ins[: 3 * m]]

    def compute(self, *ins):
        m = _triples(len(ins))
        max_length = int(ins[3 * m])
        side = _text(ins[3 * m + 1])
        mode = _text(ins[3 * m + 2])
        if side not in SIDES:
            raise ExecutionError(f"Truncate's side is {clipped(side)}, not right or left")
        if mode not in MODES:
            raise ExecutionError(f"Truncate's mode is {clipped(mode)}, not longest_first, only_first or only_second")
        if max_length < 0:
            raise ExecutionError(f"Truncate's max_length is {max_length}: it cannot be negative")
        ranges = []
        for k in range(m):
            what = f"{('first', 'second')[k]} input's row"
            ranges.append(check_ranges(self.type, what, ins[3 * k], ins[3 * k + 1], ins[3 * k + 2].size))
        if m == 2 and ranges[0][0].size != ranges[1][0].size:
            raise ExecutionError(
                f"Truncate's inputs hold {ranges[0][0].size} and {ranges[1][0].size} rows: a pair must hold as many"
            )
        lengths = [e - b for b, e in ranges]
        kept = [np.minimum(lengths[0], max_length)] if m == 1 else _pair(lengths[0], lengths[1], max_length, mode)
        out = []
        for k, ((b, e), keep) in enumerate(zip(ranges, kept)):
            if side == "right":
                b, e = b, b + keep
            else:
                b, e = e - keep, e
            shape = ins[3 * k].shape
            out += [b.astype(np.int32).reshape(shape), e.astype(np.int32).reshape(shape), ins[3 * k + 2]]
        return tuple(out)


def _pair(a: np.ndarray, b: np.ndarray, m: int, mode: str) -> list:
    """The lengths a pair's rows keep (see the module's docstring)."""
    over = a + b > m
    if mode == "only_first":
        return [np.where(over & (a > m), m, a), b]
    if mode == "only_second":
        return [a, np.where(over & (b > m), m, b)]
    half, odd = m // 2, m % 2
    first_long = (a >= half + odd) & (b <= half)
    second_long = (a < half + odd) & (b > half)
    both = ~first_long & ~second_long
    keep_a = np.where(first_long, m - b, np.where(both, half + odd * (a >= b), a))
    keep_b = np.where(second_long, m - a, np.where(both, half + odd * (a < b), b))
    return [np.where(over, keep_a, a), np.where(over, keep_b, b)]


def _triples(count: int) -> int:
    """How many ragged inputs ``count`` inputs hold (1 or 2), or a refusal."""
    if count not in (6, 9):
        raise ValidationError(
            "Truncate takes one or two begins, ends and data triples, then max_length, side and mode: "
            f"6 or 9 inputs, got {count}"
        )
    return (count - 3) // 3


def _text(chars: np.ndarray) -> str:
    return chars.tobytes().decode("utf-8", "backslashreplace")
