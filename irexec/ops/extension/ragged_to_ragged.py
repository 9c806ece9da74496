"""RaggedToRagged (openvinotoolkit/openvino_tokenizers): a ragged tensor's row ids to its rows'
ranges (TensorFlow's ``value_rowids`` to begins and ends).

Inputs: ``rowids`` (i32, 1-D, non-decreasing: the row of each element) and ``first_dim_size``
(i32, a scalar or one element: the row count). Outputs ``begins``, ``ends`` (i32,
``[first_dim_size]``): row ``r`` spans the elements whose row id is ``r``, ``[first index with id
>= r, first index with id > r)``; a row with none is empty, at the place it would be.

Where irexec departs: elements whose row id is ``first_dim_size`` or more end the rows (the
extension stops reading there too), but the extension then leaves the last row it was reading
unwritten, and irexec closes it. Row ids that are negative or decrease are refused (the
extension reads a negative one as past every row; decreasing ones give overlapping rows);
so is a negative row count (the extension would size its output from it)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...limits import default_max_tensor_bytes
from ...shapes import DYN, ONE, fixed, fmt
from ..op import Fact, Input, Op
from ..registry import register
from ._ragged import I32


@register
class RaggedToRagged(Op):
    type, version = "RaggedToRagged", "extension"
    inputs = (Input("rowids", "i32", role="indices"), Input("first_dim_size", "i32", role="sizes", value=True))
    outputs = ("begins", "ends")

    def output_facts(self, rowids, first_dim_size):
        if rowids.shape is not None and len(rowids.shape) != 1:
            raise ValidationError(f"RaggedToRagged's rowids must be 1-D, got {fmt(rowids.shape)}", port=0)
        s = first_dim_size.shape
        if s is not None and (len(s) > 1 or (s and not s[0].compatible(ONE))):
            raise ValidationError(
                f"RaggedToRagged's first_dim_size must be a scalar or hold one element, got {fmt(s)}", port=1
            )
        rows = DYN if first_dim_size.value is None else fixed(_rows(first_dim_size.value, ValidationError))
        return [Fact(I32, (rows,)), Fact(I32, (rows,))]

    def compute(self, rowids, first_dim_size):
        n = _rows(first_dim_size, ExecutionError)
        if n * 8 > default_max_tensor_bytes():
            raise ExecutionError(f"RaggedToRagged's {n} rows are over the budget for one tensor")
        ids = rowids.astype(np.int64)
        if ids.size and ids.min() < 0:
            k = int(np.argmax(ids < 0))
            raise ExecutionError(f"RaggedToRagged's rowids[{k}] is {ids[k]}: a row id cannot be negative")
        down = np.diff(ids) < 0
        if down.any():
            k = int(np.argmax(down)) + 1
            raise ExecutionError(
                f"RaggedToRagged's rowids[{k}] is {ids[k]}, after {ids[k - 1]}: row ids must not decrease"
            )
        # Elements from the first row id past the rows on end the rows.
        ids = ids[: np.searchsorted(ids, n, "left")]
        r = np.arange(n)
        return (
            np.searchsorted(ids, r, "left").astype(np.int32),
            np.searchsorted(ids, r, "right").astype(np.int32),
        )


def _rows(value, error) -> int:
    n = int(np.asarray(value).reshape(-1)[0])
    if n < 0:
        raise error(f"RaggedToRagged's first_dim_size is {n}: a row count cannot be negative")
    return n
