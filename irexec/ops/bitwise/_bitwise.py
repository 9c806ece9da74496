"""What the bitwise ops share (a helper of this category, not an op): the element types they take
and the shifts' range check."""

import numpy as np

from ...errors import ValidationError

# The spec's "any supported integer type": irexec computes the byte-sized ones (the packed i4, u4
# and u1 are refused). And, Or, Xor and Not also take booleans (as the logical ops).
INTEGERS = "i8|i16|i32|i64|u8|u16|u32|u64"
INTEGERS_OR_BOOLEAN = INTEGERS + "|boolean"


def shift_counts(a, b) -> None:
    """The spec leaves a shift by a negative count, or by the type's bit width or more, undefined
    (the CPU plugin gives a different value per type): irexec refuses it."""
    bits = a.dtype.itemsize * 8
    bad = (b >= bits) | (b < 0) if b.dtype.kind == "i" else b >= bits
    if np.any(bad):
        raise ValidationError(
            f"shift count {np.asarray(b)[bad].flat[0]} out of range [0, {bits}) for "
            f"{bits}-bit integers (undefined in the spec)"
        )
