"""irexec's erf (NumPy has none) against Python's math.erf: within 1e-15 relative over the whole
range, each of Cody's three ranges and their borders, and exactly rounded to f32; the f32 table
gives Cody's value rounded."""

import math

import numpy as np

from irexec.ops.arithmetic.erf import _erf64


def test_erf_matches_math_erf():
    rng = np.random.default_rng(0)
    xs = np.concatenate(
        [
            np.linspace(-30, 30, 60001),
            rng.standard_normal(20000) * 3,
            [0.0, 1e-300, 5e-324, 0.46875, np.nextafter(0.46875, 1), 4.0, np.nextafter(4.0, 5), 26.9, 27.0, 40.0],
        ]
    )
    xs = np.concatenate([xs, -xs])
    ref = np.array([math.erf(v) for v in xs])
    got = _erf64(xs)
    assert np.all(np.abs(got - ref) <= 1e-15 * np.maximum(np.abs(ref), 1e-300))
    assert np.array_equal(got.astype(np.float32), ref.astype(np.float32))


def test_erf_special_values():
    got = _erf64(np.array([np.inf, -np.inf, np.nan, -0.0, 0.0]))
    assert got[0] == 1 and got[1] == -1 and np.isnan(got[2])
    assert got[3] == 0 and np.signbit(got[3]) and not np.signbit(got[4])


def test_f32_table_is_cody_rounded():
    """f32 data take the table: the same f32 as Cody's f64 value rounded, at random points, at the
    table's rows and half-way between them (where |z| is largest), near 0 (relative accuracy) and
    past 4 (where erf rounds to 1)."""
    from irexec.ops.arithmetic.erf import STEP, _erf32

    rng = np.random.default_rng(1)
    rows = np.arange(4 * STEP + 1) / STEP
    xs = np.concatenate(
        [
            rng.standard_normal(300_000) * 2,
            rng.random(100_000) * 1e-3,
            rows,
            rows + 0.5 / STEP,
            rows - 0.5 / STEP,
            np.logspace(-45, 0.6, 2000),
            [3.9, 4.0, 4.5, 1e30],
        ]
    ).astype(np.float32)
    xs = np.concatenate([xs, np.nextafter(xs, np.float32(np.inf)), -xs])
    got = _erf32(xs)
    assert got.dtype == np.float32
    assert np.array_equal(got, _erf64(xs.astype(np.float64)).astype(np.float32))


def test_f32_table_special_values():
    from irexec.ops.arithmetic.erf import _erf32

    with np.errstate(invalid="ignore"):  # (as the walkers run ops: NaN's cast to an index)
        got = _erf32(np.array([np.inf, -np.inf, np.nan, -0.0, 0.0], np.float32))
    assert got[0] == 1 and got[1] == -1 and np.isnan(got[2])
    assert got[3] == 0 and np.signbit(got[3]) and not np.signbit(got[4])
