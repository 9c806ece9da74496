"""CityHash64 (v1.0.x, as TensorFlow's Fingerprint64 predecessor and openvino_tokenizers'
StringToHashBucket compute it): little-endian reads, arithmetic modulo 2**64. Strings of up to 16
bytes (a tokenizer's words) are hashed together in NumPy; longer ones one by one."""

from __future__ import annotations

import numpy as np

M = (1 << 64) - 1
K0, K1, K2 = 0xC3A5C85C97CB3127, 0xB492B66FBE98F273, 0x9AE16A3B2F90404F


def _rot(v: int, s: int) -> int:
    return v if s == 0 else ((v >> s) | (v << (64 - s))) & M


def _f64(s: bytes, i: int) -> int:
    return int.from_bytes(s[i : i + 8], "little")


def _f32(s: bytes, i: int) -> int:
    return int.from_bytes(s[i : i + 4], "little")


def _smix(v: int) -> int:
    return v ^ (v >> 47)


def _h16(u: int, v: int, mul: int) -> int:
    a = ((u ^ v) * mul) & M
    a ^= a >> 47
    b = ((v ^ a) * mul) & M
    b ^= b >> 47
    return (b * mul) & M


def _short(s: bytes, n: int) -> int:
    if n >= 8:
        mul = K2 + 2 * n
        a = (_f64(s, 0) + K2) & M
        b = _f64(s, n - 8)
        c = (_rot(b, 37) * mul + a) & M
        d = ((_rot(a, 25) + b) * mul) & M
        return _h16(c, d, mul)
    if n >= 4:
        return _h16(n + ((_f32(s, 0) << 3) & M), _f32(s, n - 4), K2 + 2 * n)
    if n:
        y = s[0] + (s[n >> 1] << 8)
        z = n + (s[n - 1] << 2)
        return (_smix(((y * K2) ^ (z * K0)) & M) * K2) & M
    return K2


def _weak(w, x, y, z, a, b) -> tuple:
    a = (a + w) & M
    b = _rot((b + a + z) & M, 21)
    c = a
    a = (a + x + y) & M
    b = (b + _rot(a, 44)) & M
    return (a + z) & M, (b + c) & M


def _weak_at(s: bytes, i: int, a: int, b: int) -> tuple:
    return _weak(_f64(s, i), _f64(s, i + 8), _f64(s, i + 16), _f64(s, i + 24), a, b)


def hash64(s: bytes) -> int:
    n = len(s)
    if n <= 16:
        return _short(s, n)
    mul = (K2 + 2 * n) & M
    if n <= 32:
        a = (_f64(s, 0) * K1) & M
        b = _f64(s, 8)
        c = (_f64(s, n - 8) * mul) & M
        d = (_f64(s, n - 16) * K2) & M
        return _h16((_rot((a + b) & M, 43) + _rot(c, 30) + d) & M, (a + _rot((b + K2) & M, 18) + c) & M, mul)
    if n <= 64:
        a = (_f64(s, 0) * K2) & M
        b = _f64(s, 8)
        c = (_f64(s, n - 8) * mul) & M
        d = (_f64(s, n - 16) * K2) & M
        y = (_rot((a + b) & M, 43) + _rot(c, 30) + d) & M
        z = _h16(y, (a + _rot((b + K2) & M, 18) + c) & M, mul)
        e = (_f64(s, 16) * mul) & M
        f = _f64(s, 24)
        g = ((y + _f64(s, n - 32)) * mul) & M
        h = ((z + _f64(s, n - 24)) * mul) & M
        return _h16((_rot((e + f) & M, 43) + _rot(g, 30) + h) & M, (e + _rot((f + a) & M, 18) + g) & M, mul)
    x = 81
    y = (81 * K1 + 113) & M
    z = (_smix((y * K2 + 113) & M) * K2) & M
    v, w = (0, 0), (0, 0)
    x = (x * K2 + _f64(s, 0)) & M
    end = ((n - 1) // 64) * 64
    last64 = end + ((n - 1) & 63) - 63
    p = 0
    while True:
        x = (_rot((x + y + v[0] + _f64(s, p + 8)) & M, 37) * K1) & M
        y = (_rot((y + v[1] + _f64(s, p + 48)) & M, 42) * K1) & M
        x ^= w[1]
        y = (y + v[0] + _f64(s, p + 40)) & M
        z = (_rot((z + w[0]) & M, 33) * K1) & M
        v = _weak_at(s, p, (v[1] * K1) & M, (x + w[0]) & M)
        w = _weak_at(s, p + 32, (z + w[1]) & M, (y + _f64(s, p + 16)) & M)
        z, x = x, z
        p += 64
        if p == end:
            break
    mul = (K1 + ((z & 0xFF) << 1)) & M
    p = last64
    w = ((w[0] + ((n - 1) & 63)) & M, w[1])
    v = ((v[0] + w[0]) & M, v[1])
    w = ((w[0] + v[0]) & M, w[1])
    x = (_rot((x + y + v[0] + _f64(s, p + 8)) & M, 37) * mul) & M
    y = (_rot((y + v[1] + _f64(s, p + 48)) & M, 42) * mul) & M
    x ^= (w[1] * 9) & M
    y = (y + v[0] * 9 + _f64(s, p + 40)) & M
    z = (_rot((z + w[0]) & M, 33) * mul) & M
    v = _weak_at(s, p, (v[1] * mul) & M, (x + w[0]) & M)
    w = _weak_at(s, p + 32, (z + w[1]) & M, (y + _f64(s, p + 16)) & M)
    z, x = x, z
    return _h16(
        (_h16(v[0], w[0], mul) + _smix(y) * K0 + z) & M,
        (_h16(v[1], w[1], mul) + x) & M,
        mul,
    )


def _short_many(chars: np.ndarray, starts: np.ndarray, n: np.ndarray) -> np.ndarray:
    """hash64 of strings of up to 16 bytes, in NumPy (u64 arithmetic wraps as C's does)."""
    rows = np.arange(n.size)
    u = np.zeros((n.size, 16), np.uint64)
    col = np.arange(16)
    inside = col[None, :] < n[:, None]
    u[inside] = chars[(starts[:, None] + col[None, :])[inside]]
    nn = n.astype(np.uint64)
    mul = np.uint64(K2) + nn * np.uint64(2)
    shifts8, shifts4 = np.arange(8, dtype=np.uint64) * np.uint64(8), np.arange(4, dtype=np.uint64) * np.uint64(8)

    def fetch(off, width, shifts):
        idx = np.clip(off[:, None] + np.arange(width)[None, :], 0, 15)
        return (np.take_along_axis(u, idx, 1) << shifts).sum(1, dtype=np.uint64)

    def rot(v, r):
        return (v >> np.uint64(r)) | (v << np.uint64(64 - r))

    def h16(a_, b_, m):
        a = (a_ ^ b_) * m
        a ^= a >> np.uint64(47)
        b = (b_ ^ a) * m
        b ^= b >> np.uint64(47)
        return b * m

    zero = np.zeros(n.size, np.int64)
    a8 = fetch(zero, 8, shifts8) + np.uint64(K2)
    b8 = fetch(np.maximum(n - 8, 0), 8, shifts8)
    long_ = h16(rot(b8, 37) * mul + a8, (rot(a8, 25) + b8) * mul, mul)
    mid = h16(nn + (fetch(zero, 4, shifts4) << np.uint64(3)), fetch(np.maximum(n - 4, 0), 4, shifts4), mul)
    last = np.maximum(n - 1, 0)
    y = u[:, 0] + (u[rows, n >> 1] << np.uint64(8))
    z = nn + (u[rows, last] << np.uint64(2))
    t = (y * np.uint64(K2)) ^ (z * np.uint64(K0))
    small = (t ^ (t >> np.uint64(47))) * np.uint64(K2)
    return np.where(n >= 8, long_, np.where(n >= 4, mid, np.where(n > 0, small, np.uint64(K2))))


def hash_many(chars: np.ndarray, begins: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """hash64 of each string ``chars[begins[i]:ends[i]]`` (ranges checked), as u64: the short
    ones together, the others one by one."""
    n = ends - begins
    out = np.empty(n.size, np.uint64)
    short = n <= 16
    with np.errstate(over="ignore"):
        out[short] = _short_many(np.asarray(chars, np.uint8), begins[short], n[short])
    data = chars.tobytes()
    for i in np.flatnonzero(~short).tolist():
        out[i] = hash64(data[begins[i] : ends[i]])
    return out
