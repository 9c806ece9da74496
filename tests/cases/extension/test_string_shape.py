"""The run-time check that a string tensor's begins and ends have one shape (``_ragged.string_shape``):
the rule checks the shapes it knows, so only a model with dynamic dims reaches it, which the
tables' layers (static inputs) cannot."""

import numpy as np
import pytest

from irexec.errors import ExecutionError
from irexec.ops.extension._ragged import string_shape


def test_one_shape_is_the_strings_shape():
    assert string_shape("Op", np.zeros((2, 3), np.int32), np.ones((2, 3), np.int32)) == (2, 3)
    assert string_shape("Op", np.int32(0), np.int32(1)) == ()


def test_shapes_that_differ_are_refused_with_both():
    with pytest.raises(ExecutionError, match=r"^Op's begins and ends differ in shape: \[6\] and \[2, 3\]$"):
        string_shape("Op", np.zeros(6, np.int32), np.zeros((2, 3), np.int32))
