"""Multinomial-13: ``num_samples`` class indices per batch row of ``probs`` [batch, classes],
drawn from the distribution the row gives; output [batch, num_samples] of ``convert_type``.

As the spec says: with ``log_probs`` each value x is first replaced by e^x; the row's cumulative
sums are divided by the last one, giving a CDF; a sample u in [0, 1] picks the lowest class
whose CDF value is >= u. Without replacement, after each pick the picked class's probability p
is taken from the CDF values from that class on, and the CDF is divided by ``1 - p``, so the
class cannot come again (``num_samples`` may then be at most the class count).

The spec leaves the random numbers to the implementation; irexec draws them as the CPU plugin
does, so that both give the same classes for the same seeds: MT19937 seeded through C++'s
``std::seed_seq{global_seed, op_seed}`` (each seed's low 32 bits), batch rows one after the
other, ``u = float(word) / 2^32`` in f32 (so u may be 1). That is not RandomUniform's Philox
stream, and the numbers are f32, not the double-precision ones the spec describes. Everything is
computed in f32, whatever the probabilities' type, and rounded at every step (the running sums
too), as the plugin computes f32, f16 and f64 probabilities. Both seeds 0 ask for a
non-deterministic sequence: irexec then seeds from the system's entropy on every run.

irexec refuses what the spec forbids and the plugin answers with unwritten memory: negative or
non-finite probabilities (without ``log_probs``), a row whose sum is 0 or not finite, and, without
replacement, more samples than classes or a draw with no probability left.

Where the CPU plugin departs: it sums bf16 probabilities in bf16, so a long row's running sum
stops growing (300 ones sum to 256) and the classes past that point are never drawn.
"""

from __future__ import annotations

import functools
import secrets

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt
from ..common import require_array_shape, scalar_int
from ..op import Attr, Fact, Input, Op
from ..registry import register

_M32 = 0xFFFFFFFF


@register
class Multinomial(Op):
    type, version = "Multinomial", "opset13"
    spec = "generation/multinomial-13"
    inputs = (Input("probs", "float"), Input("num_samples", "i32|i64", role="sizes", value=True))
    attrs = (
        Attr("convert_type", "etype"),
        Attr("with_replacement", "bool"),
        Attr("log_probs", "bool"),
        Attr("global_seed", "int", 0),
        Attr("op_seed", "int", 0),
    )

    def setup(self):
        if self.convert_type.name not in ("i32", "i64"):
            raise ValidationError(f"Multinomial convert_type must be i32 or i64, got {self.convert_type}")
        for name in ("global_seed", "op_seed"):
            if not 0 <= getattr(self, name) < 1 << 64:
                raise ValidationError(
                    f"Multinomial {name} must be an unsigned 64-bit integer, got {getattr(self, name)}"
                )

    def output_facts(self, probs, num_samples):
        if probs.shape is not None and len(probs.shape) != 2:
            raise ValidationError(
                f"Multinomial's probs must be 2-D [batch, classes], got shape {fmt(probs.shape)}", port=0
            )
        ns = num_samples.shape
        if ns is not None and not (len(ns) == 0 or (len(ns) == 1 and ns[0].compatible(fixed(1)))):
            raise ValidationError(
                f"Multinomial's num_samples must be a scalar or a 1-element 1-D tensor, got shape {fmt(ns)}", port=1
            )
        classes = None if probs.shape is None else probs.shape[1]
        n = None if num_samples.value is None else self._count(num_samples.value, classes)
        batch = DYN if probs.shape is None else probs.shape[0]
        return Fact(self.convert_type, (batch, DYN if n is None else fixed(n)))

    def _count(self, num_samples, classes) -> int:
        n = scalar_int(num_samples, "Multinomial's num_samples")
        if n < 0:
            raise ValidationError(f"Multinomial's num_samples must not be negative, got {n}", port=1)
        if not self.with_replacement and classes is not None and classes.is_static and n > classes.lo:
            raise ValidationError(
                f"Multinomial without replacement draws at most one sample per class: "
                f"{n} samples from {classes.lo} classes",
                port=1,
            )
        return n

    def compute(self, probs, num_samples):
        batch, classes = probs.shape
        n = self._count(num_samples, fixed(classes))
        require_array_shape((batch, n), self.convert_type.dtype.itemsize)
        if classes == 0 and batch * n:
            raise ValidationError("Multinomial's probs have no classes to draw from")
        dtype = np.float32
        cdf = _cdf(np.asarray(probs).astype(dtype), self.log_probs)
        seeds = (self.global_seed, self.op_seed)
        if seeds == (0, 0):
            seeds = (secrets.randbits(32) | 1, secrets.randbits(32))
        words = _mt19937(*(s & _M32 for s in seeds)).random_raw(batch * n)
        u = (words.astype(np.float32) / np.float32(2.0**32)).reshape(batch, n)
        if self.with_replacement:
            out = _pick(cdf, u)
        else:
            out = np.empty((batch, n), np.int64)
            one = np.asarray(1, dtype)
            rows = np.arange(batch)
            for k in range(n):  # (each draw changes the CDF the next one reads)
                sel = _first(cdf, u[:, k])
                if np.any(sel >= classes):
                    b = int(np.argmax(sel >= classes))
                    raise ValidationError(
                        f"Multinomial without replacement has no probability left for sample {k} of batch {b}"
                    )
                out[:, k] = sel
                below = cdf[rows, np.maximum(sel - 1, 0)]
                p = np.where(sel > 0, cdf[rows, sel] - below, cdf[rows, sel]).astype(dtype)
                after = np.arange(classes) >= sel[:, None]
                cdf = np.where(after, cdf - p[:, None], cdf).astype(dtype)
                cdf = (cdf / (one - p)[:, None]).astype(dtype)
        return out.astype(self.convert_type.dtype)


def _cdf(p: np.ndarray, log_probs: bool) -> np.ndarray:
    """Each row's running sums (f32, rounded at each step), divided by the last."""
    if log_probs:
        p = np.exp(p.astype(np.float64)).astype(np.float32)
    elif not np.all(np.isfinite(p)) or np.any(p < 0):
        raise ValidationError("Multinomial's probs must be finite and not negative (without log_probs)")
    cdf = np.cumsum(p, axis=1, dtype=np.float32)
    if p.shape[1] == 0:
        return cdf
    total = cdf[:, -1:]
    bad = ~(np.isfinite(total) & (total > 0))[:, 0]
    if np.any(bad):
        b = int(np.argmax(bad))
        raise ValidationError(
            f"Multinomial's probabilities in batch {b} sum to {float(total[b, 0])}: nothing to draw from"
        )
    return cdf / total


def _pick(cdf: np.ndarray, u: np.ndarray) -> np.ndarray:
    """The lowest class with cdf >= u, per row, for each of the row's samples (rows of a CDF that
    never decreases: a binary search)."""
    out = np.zeros(u.shape, np.int64)
    for b in range(len(cdf)):  # (one search per batch row, over all its samples at once)
        out[b] = np.searchsorted(cdf[b], u[b], side="left")
    return out


def _first(cdf: np.ndarray, u: np.ndarray) -> np.ndarray:
    """The lowest class with cdf >= u, per row, for one sample per row (u [batch]); the class count
    where there is none."""
    hit = cdf >= u[:, None]
    return np.where(hit.any(axis=1), hit.argmax(axis=1), cdf.shape[1])


@functools.lru_cache(maxsize=32)
def _seed_state(seed1: int, seed2: int) -> np.ndarray:
    """MT19937's 624 state words as ``std::mt19937::seed(std::seed_seq{seed1, seed2})`` sets them."""
    n, v = 624, (seed1, seed2)
    b = [0x8B8B8B8B] * n
    t, s = 11, len(v)
    p = (n - t) // 2
    q, m = p + t, max(s + 1, n)
    for k in range(m):  # (the seeding is sequential by definition, and runs once per seed pair)
        x = b[k % n] ^ b[(k + p) % n] ^ b[(k - 1) % n]
        r1 = (1664525 * (x ^ (x >> 27))) & _M32
        r2 = (r1 + (s if k == 0 else (k % n + v[k - 1] if k <= s else k % n))) & _M32
        b[(k + p) % n] = (b[(k + p) % n] + r1) & _M32
        b[(k + q) % n] = (b[(k + q) % n] + r2) & _M32
        b[k % n] = r2
    for k in range(m, m + n):
        x = (b[k % n] + b[(k + p) % n] + b[(k - 1) % n]) & _M32
        r3 = (1566083941 * (x ^ (x >> 27))) & _M32
        r4 = (r3 - k % n) & _M32
        b[(k + p) % n] ^= r3
        b[(k + q) % n] ^= r4
        b[k % n] = r4
    if b[0] & 0x80000000 == 0 and not any(b[1:]):
        b[0] = 0x80000000  # (an all-zero state would never leave zero)
    return np.array(b, np.uint32)


def _mt19937(seed1: int, seed2: int):
    gen = np.random.MT19937()
    gen.state = {"bit_generator": "MT19937", "state": {"key": _seed_state(seed1, seed2), "pos": 624}}
    return gen
