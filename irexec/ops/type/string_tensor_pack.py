"""StringTensorPack-15: a string tensor from UTF-8 bytes, ``output[i] = symbols[begins[i]:ends[i]]``
(half-open), of the shape of ``begins`` and ``ends`` (which must agree; ``symbols`` is 1-D u8).
Ranges may skip bytes, overlap or repeat.

Every range must lie in ``symbols`` with ``begins <= ends``: irexec refuses one that does not,
naming it (OpenVINO checks, for constant indices only, that the first begin is not negative,
the last index not past ``symbols`` and the indices ascending; its reference reads past the
bytes otherwise). Bytes that are not UTF-8, a character cut by a range, are kept as
irexec.strings decodes them, so StringTensorUnpack gives them back unchanged. The strings made
may together take at most the memory budget for one tensor (ranges that overlap make more
bytes than ``symbols`` holds)."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...limits import default_max_tensor_bytes, fmt_bytes
from ...shapes import fmt, intersect
from ...strings import strings_from
from ...types import BY_NAME
from ..op import Fact, Input, Op
from ..registry import register

STRING = BY_NAME["string"]


@register
class StringTensorPack(Op):
    type, version = "StringTensorPack", "opset15"
    aliases = ("extension",)  # openvino_tokenizers' own, the same op (i32 offsets, mode "begins_ends")
    spec = "type/string-tensor-pack-15"
    makes_strings = True
    inputs = (
        Input("begins", "i32|i64", role="indices"),
        Input("ends", "i32|i64", same_as="begins", role="indices"),
        Input("symbols", "u8"),
    )

    def output_facts(self, begins, ends, symbols):
        if symbols.shape is not None and len(symbols.shape) != 1:
            raise ValidationError(f"StringTensorPack's symbols must be 1-D, got shape {fmt(symbols.shape)}", port=2)
        shape = _merged(begins.shape, ends.shape)
        n = symbols.shape[0].lo if symbols.shape is not None and symbols.shape[0].is_static else None
        if begins.value is not None or ends.value is not None:
            _check_ranges(begins.value, ends.value, n)
        return Fact(STRING, shape)

    def compute(self, begins, ends, symbols):
        b = begins.reshape(-1).astype(np.int64)
        e = ends.reshape(-1).astype(np.int64)
        _check_ranges(b, e, symbols.size)
        total = int((e - b).sum())
        budget = default_max_tensor_bytes()
        if total > budget:
            raise ValidationError(
                f"StringTensorPack's strings would take {fmt_bytes(total)}, over the budget "
                f"of {fmt_bytes(budget)} for one tensor"
            )
        return strings_from(symbols.tobytes(), b, e).reshape(begins.shape)


def _merged(a, b):
    """The shape begins and ends both allow (they must describe the same strings)."""
    if a is None or b is None:
        return a if b is None else b
    dims = [intersect(x, y) for x, y in zip(a, b)] if len(a) == len(b) else [None]
    if None in dims:
        raise ValidationError(
            f"StringTensorPack's begins and ends must have one shape, got {fmt(a)} and {fmt(b)}", port=1
        )
    return tuple(dims)


def _check_ranges(begins, ends, n) -> None:
    """Each [begin, end) inside ``n`` bytes (None: not known) with begin <= end; either array may
    be None (not known)."""
    b = e = None
    if begins is not None:
        b = np.asarray(begins, np.int64).reshape(-1)
        if b.size and b.min() < 0:
            k = int(np.argmax(b < 0))
            raise ValidationError(
                f"StringTensorPack's begins[{k}] is {b[k]}: a byte offset cannot be negative", port=0, code="C004"
            )
    if ends is not None:
        e = np.asarray(ends, np.int64).reshape(-1)
        if n is not None and e.size and e.max() > n:
            k = int(np.argmax(e > n))
            raise ValidationError(
                f"StringTensorPack's ends[{k}] is {e[k]}, past the {n} bytes of symbols", port=1, code="C004"
            )
    if b is not None and e is not None and b.size == e.size:
        if np.any(b > e):
            k = int(np.argmax(b > e))
            raise ValidationError(
                f"StringTensorPack's string {k} ends at {e[k]}, before it begins ({b[k]})", port=1, code="C004"
            )
