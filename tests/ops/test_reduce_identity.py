"""ReduceMax/ReduceMin over an axis of no elements (the case tables compare them with the plugin):
the identity for every kind of element irexec computes, and one clear error where there is none."""

import ml_dtypes
import numpy as np
import pytest

from irexec.errors import ValidationError
from irexec.ops.reduction._reduce import extreme


@pytest.mark.parametrize(
    "dtype, lowest, highest",
    [
        (np.float64, -np.inf, np.inf),
        (np.int16, -(2**15), 2**15 - 1),
        (np.uint32, 0, 2**32 - 1),
        (np.uint64, 0, 2**64 - 1),
        (np.bool_, False, True),
    ],
)
def test_the_identity_of_each_kind(dtype, lowest, highest):
    x = np.empty((2, 0, 3), dtype)
    got_max, got_min = extreme(np.maximum, x, (1,), False), extreme(np.minimum, x, (1,), True)
    assert got_max.dtype == got_min.dtype == np.dtype(dtype)
    assert got_max.shape == (2, 3) and got_min.shape == (2, 1, 3)
    assert (got_max == lowest).all() and (got_min == highest).all()


def test_an_empty_output_stays_empty():
    assert extreme(np.maximum, np.empty((0, 4), np.float32), (1,), False).shape == (0,)


@pytest.mark.parametrize("dtype", [np.dtype(object), np.dtype(ml_dtypes.bfloat16)])
def test_no_identity_is_one_clear_error(dtype):
    # Strings have no lowest value; bf16 and the narrow floats reach here only widened to f32 (the
    # op computes halves in f32), so a raw one is refused rather than given a wrong identity.
    with pytest.raises(ValidationError, match=r"^the maximum or minimum of no \w+ elements has no value$"):
        extreme(np.maximum, np.empty((2, 0), dtype), (1,), False)
