"""Integer inputs of the trigonometric and hyperbolic ops whose results may leave the type: a
helper of this category (not an op)."""

import numpy as np


def saturated(value, dtype):
    """Float ``value`` (already rounded to integers) as ``dtype``: past the type's range it is the
    type's min or max (the rule the spec writes for Atanh), and NaN (no value: an integer outside
    the function's domain, which the spec leaves undefined) is 0, as Log and Sqrt give."""
    info = np.iinfo(dtype)
    # float(info.max) rounds up to 2**63 (2**64) for the 64-bit types: at or past it is past the type.
    high, low = value >= float(info.max), value <= float(info.min)
    inside = np.where(high | low | np.isnan(value), 0, value).astype(dtype)
    return np.where(high, dtype.type(info.max), np.where(low, dtype.type(info.min), inside)).astype(dtype)


def integers_saturated(fn):
    """``fn`` of a float array, extended to integer inputs: computed in f64, rounded to the
    nearest integer (as ``elementwise.integers_rounded``), then ``saturated``."""

    def kernel(x):
        if x.dtype.kind not in "iu":
            return fn(x)
        return saturated(np.rint(fn(x.astype(np.float64))), x.dtype)

    return kernel
