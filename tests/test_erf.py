"""irexec's erf (NumPy has none) against Python's math.erf: within 1e-15 relative over the whole
range, each of Cody's three ranges and their borders, and exactly rounded to f32."""
import math

import numpy as np

from irexec.ops.arithmetic.erf import _erf64


def test_erf_matches_math_erf():
    rng = np.random.default_rng(0)
    xs = np.concatenate([np.linspace(-30, 30, 60001), rng.standard_normal(20000) * 3,
                         [0.0, 1e-300, 5e-324, 0.46875, np.nextafter(0.46875, 1), 4.0, np.nextafter(4.0, 5),
                          26.9, 27.0, 40.0]])
    xs = np.concatenate([xs, -xs])
    ref = np.array([math.erf(v) for v in xs])
    got = _erf64(xs)
    assert np.all(np.abs(got - ref) <= 1e-15 * np.maximum(np.abs(ref), 1e-300))
    assert np.array_equal(got.astype(np.float32), ref.astype(np.float32))


def test_erf_special_values():
    got = _erf64(np.array([np.inf, -np.inf, np.nan, -0.0, 0.0]))
    assert got[0] == 1 and got[1] == -1 and np.isnan(got[2])
    assert got[3] == 0 and np.signbit(got[3]) and not np.signbit(got[4])
