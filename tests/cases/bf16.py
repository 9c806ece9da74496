"""bf16 rows. The plugin computes bf16 arithmetic in f32 and rounds the result to bf16 as its CPU
does (tests/helpers/bf16_rounding.py): to nearest even (the spec, and irexec), flushing subnormals
(AVX512-BF16, AMX), or up only from an odd last bit (AVX2). A row made here has explicit
operands, asserts the spec's rounding on irexec, and accepts each CPU's rounding from the
plugin, so the table passes on any x86 machine."""

import numpy as np

from helpers.bf16_rounding import BF16, bf16_plugin_roundings

from .rows import Case, T

WHY = (
    "the plugin rounds the f32 result to bf16 as its CPU does: flushing subnormals (AVX512-BF16) or "
    "rounding up only from an odd last bit (AVX2)"
)


def bf16_case(fn, a, b, name: str, plugin_fns=(), **kw) -> Case:
    """The case ``fn(a, b)`` on bf16 operands (values exact in bf16). ``plugin_fns``: other f32
    results the plugin may round instead (its Divide multiplies by the reciprocal)."""
    a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
    assert np.array_equal(a.astype(BF16).astype(np.float32), a) and np.array_equal(b.astype(BF16).astype(np.float32), b)
    with np.errstate(all="ignore"):
        exact = fn(a, b).astype(np.float32)
        results = [exact] + [f(a, b).astype(np.float32) for f in plugin_fns]
    spec = exact.astype(BF16)
    others = [r.astype(BF16) for r in results[1:]] + [r for res in results for r in bf16_plugin_roundings(res)]
    others = [o for o in others if not np.array_equal(o.view(np.uint16), spec.view(np.uint16))]
    return Case(
        (T("bf16", a.shape, a), T("bf16", b.shape, b)),
        expect=(spec,),
        plugin=[(o,) for o in others] or None,
        why=WHY if others else "",
        name=name,
        **kw,
    )


def operands(seed: int, shape: tuple, low: int = -64, high: int = 64) -> np.ndarray:
    """Multiples of 1/8 in [low/8, high/8): exact in bf16."""
    return (np.random.default_rng(seed).integers(low, high, shape) / 8).astype(np.float32)
