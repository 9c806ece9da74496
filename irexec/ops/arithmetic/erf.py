"""Erf-1: the Gauss error function ``erf(x) = 2/sqrt(pi) * integral_0^x exp(-t^2) dt``,
elementwise; erf(+-inf) = +-1, erf(-0) = -0, NaN stays NaN. f16/bf16 compute in f32 and round
once. Integers: the value rounded to the nearest integer (-1, 0 or 1), as the CPU plugin gives.

NumPy has no erf (and irexec does not depend on SciPy): it is computed in f64 from its Taylor
series for |x| < 2.5 and from the continued fraction of erfc above, both to about 1e-13, then
rounded to the input type (the plugin's f32 polynomial is within a few ulp of it)."""
import numpy as np

from ..elementwise import Unary, integers_rounded
from ..registry import register

SPLIT, TERMS = 2.5, 60


def _erf64(x):
    a = np.abs(x)
    small = np.minimum(a, SPLIT)  # the series where it converges fast, 1 - erfc beyond
    x2 = small * small
    term, total = small.copy(), small.copy()
    for n in range(1, TERMS):  # term_n = (-1)^n x^(2n+1) / n!, summed as term_n / (2n + 1)
        term = term * -x2 / n
        total = total + term / (2 * n + 1)
    series = total * (2 / np.sqrt(np.pi))
    big = np.maximum(a, SPLIT)
    frac = big.copy()  # erfc(x) = exp(-x^2) / sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))
    for k in range(TERMS, 0, -1):
        frac = big + (k / 2) / frac
    tail = 1 - np.exp(-big * big) / (np.sqrt(np.pi) * frac)
    return np.copysign(np.where(a < SPLIT, series, tail), x)  # NaN stays NaN through both


erf = integers_rounded(lambda x: _erf64(x.astype(np.float64)).astype(x.dtype))


@register
class Erf(Unary):
    type, version = "Erf", "opset1"
    spec = "arithmetic/erf-1"
    function = staticmethod(erf)
