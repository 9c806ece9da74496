"""The 32-bit random words RandomUniform (and Multinomial) draw from, as OpenVINO's generators
give them for the same seeds.

Philox4x32-10 (RandomUniform's alignment "tensorflow"): key = global_seed and counter = op_seed
(each a 64-bit value split into low and high 32-bit halves), and n = 0, 1, 2, ... the index of
the call. One call takes the 128-bit block ``[n_lo, n_hi, c_lo, c_hi]`` through ten rounds::

    n_lo' = mulhi(c_lo, 0xCD9E8D57) ^ n_hi ^ k_lo      n_hi' = mullo(c_lo, 0xCD9E8D57)
    c_lo' = mulhi(n_lo, 0xD2511F53) ^ c_hi ^ k_hi      c_hi' = mullo(n_lo, 0xD2511F53)

raising the key by (0x9E3779B9, 0xBB67AE85) between rounds, and yields the four words
``[n_lo, n_hi, c_lo, c_hi]``. The calls are independent, so every block is computed at once.

Mersenne Twister MT19937 (alignment "pytorch"): seeded with the low 32 bits of global_seed by
``s[0] = seed, s[i] = 1812433253 * (s[i-1] ^ (s[i-1] >> 30)) + i``, and read in its own order.
"""

from __future__ import annotations

import numpy as np

_M_N, _M_C = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
_W_LO, _W_HI = 0x9E3779B9, 0xBB67AE85
_LOW = np.uint64(0xFFFFFFFF)
_32 = np.uint64(32)
ROUNDS = 10


def _halves(value: int) -> tuple:
    value &= (1 << 64) - 1
    return value & 0xFFFFFFFF, value >> 32


def philox_words(global_seed: int, op_seed: int, calls: int) -> np.ndarray:
    """The words of ``calls`` Philox4x32-10 calls, as a [calls, 4] uint32 array."""
    n = np.arange(calls, dtype=np.uint64)
    op_lo, op_hi = _halves(op_seed)
    # n counts the calls; its overflow past 64 bits would carry into the counter (never reached).
    n_lo = n & _LOW
    n_hi = n >> _32
    c_lo = np.full(calls, op_lo, np.uint64)
    c_hi = np.full(calls, op_hi, np.uint64)
    k_lo, k_hi = _halves(global_seed)
    for _r in range(ROUNDS):
        p_n = n_lo * _M_N  # (both factors below 2^32: the product is exact in 64 bits)
        p_c = c_lo * _M_C
        n_lo, n_hi, c_lo, c_hi = (
            (p_c >> _32) ^ n_hi ^ np.uint64(k_lo),
            p_c & _LOW,
            (p_n >> _32) ^ c_hi ^ np.uint64(k_hi),
            p_n & _LOW,
        )
        k_lo, k_hi = (k_lo + _W_LO) & 0xFFFFFFFF, (k_hi + _W_HI) & 0xFFFFFFFF
    return np.stack([n_lo, n_hi, c_lo, c_hi], axis=1).astype(np.uint32)


def mt19937_words(global_seed: int, count: int) -> np.ndarray:
    """The first ``count`` outputs of MT19937 seeded with the low 32 bits of ``global_seed``."""
    # NumPy's legacy seeding of an integer is MT19937's own (init_genrand); its state is then
    # handed to a bare bit generator, which yields the raw tempered words.
    state = np.random.RandomState(global_seed & 0xFFFFFFFF).get_state(legacy=False)
    gen = np.random.MT19937()
    gen.state = state
    return gen.random_raw(count).astype(np.uint32)
