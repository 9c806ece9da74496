"""Erf-1: the Gauss error function ``erf(x) = 2/sqrt(pi) * integral_0^x exp(-t^2) dt``,
elementwise; erf(+-inf) = +-1, erf(-0) = -0, NaN stays NaN. f16/bf16 compute in f32 and round
once. Integers: the value rounded to the nearest integer (-1, 0 or 1), as the CPU plugin gives.

NumPy has no erf (and irexec does not depend on SciPy). f64 data: W. J. Cody's rational
Chebyshev approximations (Math. Comp. 23, 1969) on three ranges of |x|, to within 5e-16 relative.
f32 data (and f16/bf16, computed in f32): a table of erf and its first four derivatives' Taylor
coefficients every 1/1024 on [0, 4], computed in f64 and rounded once to f32 (past 4, erf rounds
to 1 in f32). Checked on every f32 in [0, 4]: Cody's value rounded, but for one, x = 3.6625183e-4,
whose erf lies 3e-19 (relative) from a tie between two f32s, closer than f64 can tell: the table
gives the one below (0.50000001 ulp from the exact value). It is four times faster than Cody's
ranges on an activation-sized tensor. The plugin's f32 polynomial is within a few ulp."""

import numpy as np

from ..elementwise import Unary, integers_rounded
from ..registry import register

# Cody's coefficients: erf on |x| <= 0.46875 (A/B), erfc on (0.46875, 4] (C/D) and beyond (P/Q).
A = (
    3.16112374387056560e00,
    1.13864154151050156e02,
    3.77485237685302021e02,
    3.20937758913846947e03,
    1.85777706184603153e-1,
)
B = (2.36012909523441209e01, 2.44024637934444173e02, 1.28261652607737228e03, 2.84423683343917062e03)
C = (
    5.64188496988670089e-1,
    8.88314979438837594e00,
    6.61191906371416295e01,
    2.98635138197400131e02,
    8.81952221241769090e02,
    1.71204761263407058e03,
    2.05107837782607147e03,
    1.23033935479799725e03,
    2.15311535474403846e-8,
)
D = (
    1.57449261107098347e01,
    1.17693950891312499e02,
    5.37181101862009858e02,
    1.62138957456669019e03,
    3.29079923573345963e03,
    4.36261909014324716e03,
    3.43936767414372164e03,
    1.23033935480374942e03,
)
P = (
    3.05326634961232344e-1,
    3.60344899949804439e-1,
    1.25781726111229246e-1,
    1.60837851487422766e-2,
    6.58749161529837803e-4,
    1.63153871373020978e-2,
)
Q = (
    2.56852019228982242e00,
    1.87295284992346725e00,
    5.27905102951428412e-1,
    6.05183413124413191e-2,
    2.33520497626869185e-3,
)
INV_SQRT_PI = 5.6418958354775628695e-1


def _ratio(num_c, den_c, t, lead):
    """(num(t)) / (den(t)) as Cody evaluates them: Horner from the ``lead`` coefficient."""
    num, den = lead * t, t
    for a, b in zip(num_c, den_c):
        num, den = (num + a) * t, (den + b) * t
    return num, den


def _exp_neg_square(v):
    """exp(-v^2), with v^2 split so that its rounding error does not reach the exponent."""
    head = np.trunc(v * 16) / 16
    return np.exp(-head * head) * np.exp(-(v - head) * (v + head))


def _erf64(x):
    y = np.abs(x)
    out = np.ones_like(y)  # |x| = inf, and where erfc underflows
    # (Each range only where it has elements: most activations never reach the third.)
    small = y <= 0.46875
    if small.any():
        v = y[small]
        num, den = _ratio(A[:3], B[:3], v * v, A[4])
        out[small] = v * (num + A[3]) / (den + B[3])
    mid = (y > 0.46875) & (y <= 4.0)
    if mid.any():
        v = y[mid]
        num, den = _ratio(C[:7], D[:7], v, C[8])
        out[mid] = 1 - _exp_neg_square(v) * (num + C[7]) / (den + D[7])
    big = (y > 4.0) & (y < 27.0)  # erfc(27) < 1e-318: erf is 1 in f64 beyond
    if big.any():
        v = y[big]
        z = 1 / (v * v)
        num, den = _ratio(P[:4], Q[:4], z, P[5])
        out[big] = 1 - _exp_neg_square(v) * (INV_SQRT_PI - z * (num + P[4]) / (den + Q[4])) / v
    nan = np.isnan(y)
    if nan.any():
        out[nan] = np.nan
    return np.copysign(out, x)


# The table: row i holds erf(x0) and the Taylor coefficients of erf at x0 = i / STEP, each scaled
# by STEP**k so that the polynomial takes z = (|x| - x0) * STEP in [-1/2, 1/2]. Coefficient k is
# erf's k-th derivative over k!, 2/sqrt(pi) * (-1)^(k-1) * H_{k-1}(x0) * exp(-x0^2) / k! with H the
# Hermite polynomials; the first one left out, k = 5, is below 3e-15 of the value.
STEP = 1024


def _table(x0: np.ndarray) -> np.ndarray:
    g = 2 * INV_SQRT_PI * np.exp(-x0 * x0)
    coeffs = (_erf64(x0), g, -x0 * g, (2 * x0**2 - 1) / 3 * g, -(2 * x0**3 - 3 * x0) / 6 * g)
    return np.ascontiguousarray(np.stack([c / float(STEP) ** k for k, c in enumerate(coeffs)], axis=1))


def _erf32(x):
    """erf of an f32 array, as f32, by the table."""
    z = np.minimum(np.abs(x, dtype=np.float64), 4.0)
    z *= STEP
    i = np.rint(z)
    z -= i
    c = _TABLE.take(i.astype(np.intp), axis=0, mode="clip")  # (a NaN takes any row: z stays NaN)
    r = c[..., 4] * z
    for k in (3, 2, 1):
        r += c[..., k]
        r *= z
    r += c[..., 0]
    return np.copysign(r, x, out=np.empty(x.shape, x.dtype))


_TABLE = _table(np.arange(4 * STEP + 1) / STEP)


def _erf(x):
    if x.dtype == np.float32:
        return _erf32(x)
    return _erf64(x.astype(np.float64)).astype(x.dtype)


erf = integers_rounded(_erf)


@register
class Erf(Unary):
    type, version = "Erf", "opset1"
    spec = "arithmetic/erf-1"
    function = staticmethod(erf)
