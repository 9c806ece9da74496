"""The slice rule over a dim with bounds (irexec/ops/movement/_slicing.py) against brute force:
the range of lengths it claims is exactly the lengths the slice has over every size the dim
allows (or, where a bound is beyond any real size, no narrower than them)."""

import random

from irexec.ops.movement._slicing import ov_slice, slice_dim, slice_len
from irexec.shapes import MAX_DIM, Dim

HUGE = [2**63 - 1, -(2**63), 2**63 - 5, 2**62 + 7, -(2**62) - 3]


def _bound(rng):
    r = rng.random()
    return None if r < 0.15 else rng.choice(HUGE) if r < 0.3 else rng.randint(-14, 14)


def test_slice_dim_is_the_exact_range_of_lengths():
    rng = random.Random(1)
    bad = []
    for _ in range(6000):
        b, e = _bound(rng), _bound(rng)
        s = rng.choice([1, 2, 3, -1, -2, -3, 5, -5] + HUGE[:2] + [2**40, -(2**40)])
        lo = rng.randint(0, 15)
        hi = rng.choice([None, lo + rng.randint(0, 15)])
        got = slice_dim(slice(b, e, s), Dim(lo, hi))
        lens = [slice_len(b, e, s, n) for n in range(lo, (hi if hi is not None else 300) + 1)]
        if hi is None:
            lens += [slice_len(b, e, s, n) for n in (MAX_DIM, MAX_DIM - 1, 2**61, 10**6)]
        want_lo, want_hi = min(lens), max(lens)
        if hi is None and want_hi > 1000:
            want_hi = None
        huge = any(v in HUGE for v in (b, e))
        if not (got.hi == want_hi and (got.lo == want_lo or (huge and hi is None and got.lo <= want_lo))):
            bad.append((b, e, s, lo, hi, got, want_lo, want_hi))
    assert not bad, bad[:5]


def test_slice_len_is_the_length_of_the_clamped_slice():
    rng = random.Random(2)
    for _ in range(5000):
        b, e = rng.choice([None, rng.randint(-12, 12)]), rng.choice([None, rng.randint(-12, 12)])
        s, n = rng.choice([1, 2, 3, -1, -2, -3]), rng.randint(0, 10)
        assert slice_len(b, e, s, n) == len(range(n)[ov_slice(b, e, s, n)]), (b, e, s, n)
