"""ErfInv-17: the inverse error function, elementwise: ``erf(ErfInv(x)) = x`` on (-1, 1);
ErfInv(+-1) = +-inf, ErfInv(-0) = -0, and |x| > 1 or NaN give NaN. Floats only; f16/bf16 compute
in f32 and round once.

NumPy has no erfinv (and irexec does not depend on SciPy). A first guess (M. Giles' single
precision approximation, "Approximating the erfinv function", GPU Computing Gems, 2011) is
refined in f64: on |x| < 1/2 by two Halley steps on ``erf(y) - |x|`` with Erf-1's erf; beyond,
by four Newton steps on ``log(erfc(y)) - log(1 - |x|)`` with Erf-1's erfc ranges (Cody's), where
``1 - |x|`` is exact and the tail loses nothing to cancellation (the guess is rough for 1 - |x|
below f32's reach). The f64 value is within 1e-15 (relative) of erfinv, so an f32 result is the
correctly rounded one but where the exact value is that close to a tie (none on a sweep of every
seventh f32 in [0, 1)).

The CPU plugin's f32 approximation is coarser: within 1.1e-4 (relative) for |x| < 0.995, 5.3e-3
beyond (near 0.9966). Its bf16 kernel does not compute erfinv (0.25 gives 1.6, +-1 NaN); f16 is
within its rounding. f64 it computes through f32 (and gives f32's largest value for 1)."""

import numpy as np

from ..elementwise import Unary
from ..registry import register
from .erf import INV_SQRT_PI, C, D, P, Q, _erf64, _exp_neg_square, _ratio

# Giles' coefficients: w = -log((1 - x)(1 + x)); erfinv(x) = x * p(w - 2.5) for w < 5, else
# x * p(sqrt(w) - 3).
NEAR = (
    2.81022636e-08,
    3.43273939e-07,
    -3.5233877e-06,
    -4.39150654e-06,
    0.00021858087,
    -0.00125372503,
    -0.00417768164,
    0.246640727,
    1.50140941,
)
FAR = (
    -0.000200214257,
    0.000100950558,
    0.00134934322,
    -0.00367342844,
    0.00573950773,
    -0.0076224613,
    0.00943887047,
    1.00167406,
    2.83297682,
)
TWO_OVER_SQRT_PI = 2 * INV_SQRT_PI


def _horner(coeffs, t):
    r = np.full_like(t, coeffs[0])
    for c in coeffs[1:]:
        r = r * t + c
    return r


def _erfc_tail(v):
    """erfc(v) for v > 0.46875, by Cody's ranges (as Erf-1 computes erf there, before ``1 -``)."""
    out = np.zeros_like(v)
    mid = v <= 4.0
    if mid.any():
        u = v[mid]
        num, den = _ratio(C[:7], D[:7], u, C[8])
        out[mid] = _exp_neg_square(u) * (num + C[7]) / (den + D[7])
    big = (v > 4.0) & (v < 27.0)
    if big.any():
        u = v[big]
        z = 1 / (u * u)
        num, den = _ratio(P[:4], Q[:4], z, P[5])
        out[big] = _exp_neg_square(u) * (INV_SQRT_PI - z * (num + P[4]) / (den + Q[4])) / u
    return out


def _erfinv64(x: np.ndarray) -> np.ndarray:
    a = np.abs(x)
    inside = a < 1
    v = a[inside]
    w = -np.log1p(-v * v)
    y = np.where(w < 5, _horner(NEAR, w - 2.5), _horner(FAR, np.sqrt(w) - 3)) * v
    tail = v >= 0.5
    near, far = y[~tail], y[tail]
    for _ in range(2):
        # Halley's step on f(y) = erf(y) - v, with f'' = -2y f'.
        d = (_erf64(near) - v[~tail]) / (TWO_OVER_SQRT_PI * np.exp(-near * near))
        near = near - d / (1 + near * d)
    log_rest = np.log(1 - v[tail])  # (1 - v exact for v >= 1/2)
    for _ in range(4):
        # Newton's step on log(erfc(y)) - log(1 - v), nearly linear in y^2 out there: the guess
        # is rough for 1 - v below f32's reach.
        e = _erfc_tail(np.maximum(far, 0.47))
        far = far + (np.log(e) - log_rest) * e / (TWO_OVER_SQRT_PI * np.exp(-far * far))
    y[~tail], y[tail] = near, far
    out = np.full(a.shape, np.nan)
    out[inside] = y
    out[a == 1] = np.inf
    return np.copysign(out, x)


def erf_inv(x):
    return _erfinv64(x.astype(np.float64)).astype(x.dtype)


@register
class ErfInv(Unary):
    type, version = "ErfInv", "opset17"
    builder_name = "erfinv"
    spec = "arithmetic/erf-inv-17"
    operand_types = "float"
    function = staticmethod(erf_inv)
