"""Einsum-7: the Einstein summation ``equation`` over any number of operands of one numeric type.

Each input subscript names its operand's dims with letters (A-Z, a-z, case-sensitive) and at most
one ellipsis ``...`` covering the dims no letter names. A letter repeated within one subscript
takes that operand's diagonal (its dims must be equal); letters absent from the output are summed.
Dims under one letter in several operands, and the ellipsis dims of several operands (aligned
right), broadcast as NumPy does (1 against n). The output subscript follows ``->``; without it
(implicit mode) the output is the letters used exactly once, sorted (capitals first), after the
ellipsis dims when an operand has them. An output ellipsis no input has covers no dims. Spaces
(U+0020) may appear anywhere. irexec checks the equation itself and computes with NumPy's einsum
(optimize=True) on operands broadcast to the labels' sizes; f16 and bf16 compute in f32 and round
once, integers wrap.

Where OpenVINO departs: it refuses an equation with spaces (the spec allows them), and fails on
an implicit equation whose output is empty ("ii"); its CPU plugin computes integer Einsum in f32
and saturates the result to the type (i32 beyond 2^24 loses digits, i8 sums stop at 127) and
narrows i64 to i32. i4, u4 and u1 operands are refused.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, broadcast_numpy, fmt, intersect, is_static, to_ints
from ..common import require_array_shape
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register

_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
ELLIPSIS = "..."
_MAX_LABELS = 52  # NumPy's einsum names at most 52 distinct dims


def _subscript(text: str, what: str) -> tuple:
    """The labels of one subscript: letters, and ELLIPSIS at most once."""
    labels, i = [], 0
    while i < len(text):
        c = text[i]
        if c in _LETTERS:
            labels.append(c)
            i += 1
        elif text.startswith(ELLIPSIS, i):
            if ELLIPSIS in labels:
                raise ValidationError(f"Einsum {what} {text!r} has more than one ellipsis")
            labels.append(ELLIPSIS)
            i += 3
        else:
            raise ValidationError(f"Einsum {what} {text!r} has {c!r}: only letters and one '...' may name dims")
    return tuple(labels)


def parse_equation(equation: str) -> tuple:
    """(input subscripts, output subscript) of an equation, each a tuple of labels; the output
    worked out in implicit mode."""
    eq = equation.replace(" ", "")
    if eq.count("->") > 1:
        raise ValidationError(f"Einsum equation {equation!r} has more than one '->'")
    lhs, arrow, rhs = eq.partition("->")
    ins = tuple(_subscript(s, f"input subscript {k}") for k, s in enumerate(lhs.split(",")))
    if arrow:
        out = _subscript(rhs, "output subscript")
        seen = set()
        for label in out:
            if label in seen:
                raise ValidationError(f"Einsum output subscript {rhs!r} names {label!r} twice")
            seen.add(label)
            if label != ELLIPSIS and not any(label in s for s in ins):
                raise ValidationError(f"Einsum output subscript {rhs!r} names {label!r}, which no input has")
        return ins, out
    counts = {}
    for s in ins:
        for label in s:
            counts[label] = counts.get(label, 0) + 1
    once = sorted(label for label, n in counts.items() if n == 1 and label != ELLIPSIS)
    return ins, ((ELLIPSIS,) if ELLIPSIS in counts else ()) + tuple(once)


def _dims(subscripts: tuple, shapes: list) -> tuple:
    """The size (a Dim) of every letter, and the ellipsis dims (a partial shape, None if
    unknown), from the operands' partial shapes."""
    sizes, ellipsis = {}, ()
    for k, (labels, shape) in enumerate(zip(subscripts, shapes)):
        letters = [x for x in labels if x != ELLIPSIS]
        if shape is None:
            for x in letters:
                sizes[x] = broadcast_numpy((sizes.get(x, DYN),), (DYN,))[0]
            if ELLIPSIS in labels:
                ellipsis = None
            continue
        rank, named = len(shape), len(letters)
        if rank != named and (ELLIPSIS not in labels or rank < named):
            raise ValidationError(
                f"Einsum input {k} has rank {rank}, but its subscript {''.join(labels)!r} names "
                f"{named} dims{' and an ellipsis' if ELLIPSIS in labels else ''}",
                port=k,
            )
        at = labels.index(ELLIPSIS) if ELLIPSIS in labels else named
        dims = shape[:at] + shape[at + rank - named :]
        own = {}
        for x, d in zip(letters, dims):
            same = intersect(own[x], d) if x in own else d
            if same is None:
                raise ValidationError(
                    f"Einsum input {k} {fmt(shape)} repeats {x!r} over dims of different sizes", port=k
                )
            own[x] = same
        for x, d in own.items():
            try:
                sizes[x] = broadcast_numpy((sizes[x],), (d,))[0] if x in sizes else d
            except ValidationError:
                raise ValidationError(
                    f"Einsum input {k} {fmt(shape)}: the dims labelled {x!r} do not broadcast with the other inputs'",
                    port=k,
                ) from None
        if ELLIPSIS in labels and ellipsis is not None:
            try:
                ellipsis = broadcast_numpy(ellipsis, shape[at : at + rank - named])
            except ValidationError:
                raise ValidationError(
                    f"Einsum input {k} {fmt(shape)}: the dims under '...' do not broadcast with the other inputs'",
                    port=k,
                ) from None
    return sizes, ellipsis


@register
class Einsum(Op):
    type, version = "Einsum", "opset7"
    spec = "matrix/einsum-7"
    inputs = (Input("inputs", "f16|bf16|f32|f64|i8|i16|i32|i64|u8|u16|u32|u64", variadic=True),)
    attrs = (Attr("equation", "str"),)

    def setup(self):
        self.subscripts, self.output = parse_equation(self.equation)

    def output_facts(self, *ins):
        if len(ins) != len(self.subscripts):
            raise ValidationError(
                f"Einsum equation {self.equation!r} has {len(self.subscripts)} input "
                f"subscript(s) for {len(ins)} input(s)"
            )
        sizes, ellipsis = _dims(self.subscripts, [f.shape for f in ins])
        etype = ins[0].etype
        if ellipsis is None and ELLIPSIS in self.output:
            return Fact(etype, None)
        out = tuple(d for x in self.output for d in (ellipsis if x == ELLIPSIS else (sizes[x],)))
        if is_static(out):
            require_array_shape(to_ints(out), etype.dtype.itemsize if etype is not None else 8)
        return Fact(etype, out)

    def compute(self, *arrays):
        dtype = arrays[0].dtype
        # Every dim gets a number: letters, then the ellipsis dims counted from the right.
        n_ell = max((a.ndim - len(s) + 1 for a, s in zip(arrays, self.subscripts) if ELLIPSIS in s), default=0)
        ids = {x: i for i, x in enumerate(sorted({x for s in self.subscripts for x in s} - {ELLIPSIS}))}
        ell = list(range(len(ids), len(ids) + n_ell))
        if len(ids) + n_ell > _MAX_LABELS:
            raise ValidationError(
                f"Einsum names {len(ids) + n_ell} distinct dims; irexec handles at most {_MAX_LABELS}"
            )

        def numbered(labels, rank):
            width = rank - len(labels) + 1
            return [j for x in labels for j in (ell[n_ell - width :] if x == ELLIPSIS else [ids[x]])]

        subs = [numbered(s, a.ndim) for s, a in zip(self.subscripts, arrays)]
        size = {}
        for sub, a in zip(subs, arrays):
            for j, n in zip(sub, a.shape):
                size[j] = n if size.get(j, 1) == 1 else size[j]
        work = np.float32 if dtype in HALF else dtype
        operands = []
        for sub, a in zip(subs, arrays):
            operands += [np.broadcast_to(a.astype(work, copy=False), [size[j] for j in sub]), sub]
        out = (
            numbered(self.output, n_ell + len(self.output) - 1)
            if ELLIPSIS in self.output
            else [ids[x] for x in self.output]
        )
        return np.asarray(np.einsum(*operands, out, optimize=True)).astype(dtype, copy=False)
