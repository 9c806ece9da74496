"""EqualStr (openvino_tokenizers): whether two string tensors' strings are equal, pair by pair,
as i32 1/0 in a 1-D output of the larger count (a one-string operand is compared with each string
of the other). A string whose end is before its begin is empty.

The extension pairs counts that differ otherwise too: past the shorter operand's end it compares
with its first string; irexec does the same. An operand with no strings beside one with some is
refused (the extension reads its first string, which is not there)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fixed, fmt, product
from ..op import Fact, Input, Op
from ..registry import register
from ._bytes import gather
from ._ragged import I32, check_ranges


@register
class EqualStr(Op):
    type, version = "EqualStr", "extension"
    inputs = (
        Input("begins_a", "i32", role="indices"),
        Input("ends_a", "i32", role="indices"),
        Input("chars_a", "u8"),
        Input("begins_b", "i32", role="indices"),
        Input("ends_b", "i32", role="indices"),
        Input("chars_b", "u8"),
    )

    def output_facts(self, begins_a, ends_a, chars_a, begins_b, ends_b, chars_b):
        for port, f in ((2, chars_a), (5, chars_b)):
            if f.shape is not None and len(f.shape) != 1:
                raise ValidationError(
                    f"EqualStr's {('chars_a', 'chars_b')[port // 5]} must be 1-D, got {fmt(f.shape)}", port=port
                )
        if begins_a.shape is None or begins_b.shape is None:
            return Fact(I32, (DYN,))
        na, nb = product(begins_a.shape), product(begins_b.shape)
        if na.is_static and nb.is_static:
            return Fact(I32, (fixed(max(na.lo, nb.lo)),))
        return Fact(I32, (DYN,))

    def compute(self, begins_a, ends_a, chars_a, begins_b, ends_b, chars_b):
        ba, ea = _ranges("a", begins_a, ends_a, chars_a.size)
        bb, eb = _ranges("b", begins_b, ends_b, chars_b.size)
        n = max(ba.size, bb.size)
        if n and not (ba.size and bb.size):
            raise ExecutionError(f"EqualStr's operand {'a' if not ba.size else 'b'} has no strings to compare with {n}")
        k = np.arange(n)
        ia = np.where(k < ba.size, k, 0)
        ib = np.where(k < bb.size, k, 0)
        sa, la = ba[ia] if n else ba, (ea - ba)[ia] if n else ba
        sb, lb = bb[ib] if n else bb, (eb - bb)[ib] if n else bb
        same = la == lb
        # Bytes compared only where the lengths agree.
        pos_a, owner = gather(sa[same], la[same])
        pos_b, _ = gather(sb[same], lb[same])
        differ = np.bincount(owner, weights=chars_a[pos_a] != chars_b[pos_b], minlength=int(same.sum()))
        same[same] = differ == 0
        return same.astype(np.int32)


def _ranges(which: str, begins, ends, n: int) -> tuple:
    b = np.asarray(begins, np.int64).reshape(-1)
    e = np.maximum(np.asarray(ends, np.int64).reshape(-1), b) if b.size else np.asarray(ends, np.int64).reshape(-1)
    return check_ranges("EqualStr", f"operand {which} string", b, e, n)
