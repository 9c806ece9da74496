"""What openvino_tokenizers' normalization ops share (its ``evaluate_normalization_helper``): each
string of ``begins``/``ends`` over ``chars`` is rewritten by one function of its bytes, the results
laid end to end in a new ``chars`` in the strings' order; ``skips``, where given, marks strings
(special tokens) that are copied unchanged, and is passed on as it came."""

from __future__ import annotations

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import fixed, fmt, static
from ..op import Fact
from ._ragged import BOOL, U8, once, pack, pieces, string_facts, string_shape


def cached(op, arrays: tuple, run) -> tuple:
    """``run(*arrays)``, done once for the sizing pass's rule (``sized``) and the compute after it."""
    return once(op, tuple(None if a is None else np.asarray(a) for a in arrays), run)


def sized(op, facts: list, ins: tuple, run, at: int = 2) -> list:
    """``facts`` with the chars output's (``at``) length when every input's value is known."""
    if all(f is None or f.value is not None for f in ins):
        out = cached(op, tuple(None if f is None else f.value for f in ins), run)
        facts = list(facts)
        facts[at] = Fact(U8, (fixed(out[at].size),))
    return facts


def exact_facts(op, facts: list, ins: tuple, run) -> list:
    """``facts`` with every output's shape when every input's value is known (``ins``: facts, None
    for an input left out): for an op whose output lengths only its values tell, ``run`` done then,
    once for the compute after it (``cached``)."""
    if any(f is not None and f.value is None for f in ins):
        return facts
    out = cached(op, tuple(None if f is None else f.value for f in ins), run)
    return [Fact(f.etype, static(np.shape(o))) for f, o in zip(facts, out)]


def string_input_facts(op: str, begins, ends, chars) -> list:
    """The facts of a string output shaped like ``begins``, after checking the three inputs agree."""
    if chars.shape is not None and len(chars.shape) != 1:
        raise ValidationError(f"{op}'s chars must be 1-D, got {fmt(chars.shape)}", port=2)
    if begins.shape is not None and ends.shape is not None:
        if len(begins.shape) != len(ends.shape) or not all(a.compatible(b) for a, b in zip(begins.shape, ends.shape)):
            raise ValidationError(
                f"{op}'s begins and ends differ in shape: {fmt(begins.shape)} and {fmt(ends.shape)}", port=1
            )
    return string_facts(begins.shape)


def skips_fact(op: str, begins, skips) -> Fact:
    if skips.etype is not None and skips.etype is not BOOL:
        raise ValidationError(f"{op}'s skips must be boolean, got {skips.etype}", port=3)
    return Fact(BOOL, skips.shape)


def rewrite(op: str, begins, ends, chars, skips, fn, at: bool = False) -> tuple:
    """(begins, ends, chars) of each string through ``fn`` (bytes to bytes; with ``at``, also
    given where the string starts in ``chars``), skipped ones kept."""
    shape = string_shape(op, begins, ends)
    strings = pieces(op, begins, ends, chars)
    starts = np.asarray(begins).reshape(-1).tolist() if at else [None] * len(strings)
    call = fn if at else (lambda s, _: fn(s))
    if skips is not None:
        keep = np.asarray(skips, bool).reshape(-1)
        if keep.size != len(strings):
            raise ExecutionError(f"{op}'s skips has {keep.size} flags for {len(strings)} strings")
        out = [s if k else call(s, b) for s, b, k in zip(strings, starts, keep.tolist())]
    else:
        out = [call(s, b) for s, b in zip(strings, starts)]
    b, e, c = pack(op, out)
    return b.reshape(shape), e.reshape(shape), c


class SimpleNormalization:
    """The ops over strings and optional skips (NormalizeUnicode, CaseFold): as many outputs as
    inputs, the skips passed on. A subclass names ``type`` and defines ``trie()``, the map its
    strings go through with no whitespace rule."""

    outputs_from_layer = True

    def output_facts(self, begins, ends, chars, skips=None):
        n = 3 + (skips is not None)
        if self.num_outputs != n:
            raise ValidationError(f"{self.type} with {n} inputs has {n} outputs, the layer declares {self.num_outputs}")
        facts = string_input_facts(self.type, begins, ends, chars)
        if skips is not None:
            facts.append(skips_fact(self.type, begins, skips))
        return sized(self, facts, (begins, ends, chars, skips), self._run)

    def compute(self, begins, ends, chars, skips=None):
        return cached(self, (begins, ends, chars, skips), self._run)

    def _run(self, begins, ends, chars, skips=None):
        from ._charsmap import normalize, plain_runs

        trie = self.trie()
        runs = plain_runs(trie, chars, spaces=True)
        out = rewrite(
            self.type,
            begins,
            ends,
            chars,
            skips,
            lambda s, at: normalize(trie, s, False, False, False, runs, at),
            at=True,
        )
        return out if skips is None else out + (skips,)
