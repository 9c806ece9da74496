"""RaggedToSparse (openvinotoolkit/openvino_tokenizers): the coordinates of a ragged tensor's
elements, ``[count, 2]`` i32: for row ``i`` (rows in C order) of length ``ends[i] - begins[i]``,
the pairs ``(i, 0), (i, 1), ...`` in order (the indices of a TensorFlow SparseTensor).

Where irexec departs: the extension sizes the output as ``ends[-1] - begins[0]``, which is the
count only when the rows lie end to end from the first; with gaps, overlaps or rows out of order
it leaves rows unwritten or writes past its output, and with no rows it reads before its inputs.
irexec gives one pair per element whatever the layout. Rows that end before they begin are
refused."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...limits import default_max_tensor_bytes, fmt_bytes
from ...shapes import DYN, fixed, fmt, intersect
from ..op import Fact, Input, Op
from ..registry import register
from ._bytes import gather
from ._ragged import I32


@register
class RaggedToSparse(Op):
    type, version = "RaggedToSparse", "extension"
    # value=True: the output's length is the rows' total (known when their values are).
    inputs = (Input("begins", "i32", role="indices", value=True), Input("ends", "i32", role="indices", value=True))

    def output_facts(self, begins, ends):
        a, b = begins.shape, ends.shape
        if a is not None and b is not None and (len(a) != len(b) or None in map(intersect, a, b)):
            raise ValidationError(f"RaggedToSparse's begins and ends differ in shape: {fmt(a)} and {fmt(b)}", port=1)
        count = DYN
        if begins.value is not None and ends.value is not None:
            count = fixed(int(_lengths(begins.value, ends.value).sum()))
        return Fact(I32, (count, fixed(2)))

    def compute(self, begins, ends):
        lens = _lengths(begins, ends)
        total = int(lens.sum())
        if total * 8 > default_max_tensor_bytes():
            raise ExecutionError(
                f"RaggedToSparse's {total} elements would take {fmt_bytes(total * 8)}, over the budget for one tensor"
            )
        cols, rows = gather(np.zeros(lens.size, np.int64), lens)  # (each row's elements from 0)
        return np.stack([rows, cols], 1).astype(np.int32).reshape(total, 2)


def _lengths(begins, ends) -> np.ndarray:
    """Each row's length, flattened, after checking none is negative."""
    b = np.asarray(begins, np.int64).reshape(-1)
    e = np.asarray(ends, np.int64).reshape(-1)
    if b.size != e.size:
        raise ExecutionError(f"RaggedToSparse's begins and ends differ in size: {b.size} and {e.size}")
    bad = e < b
    if bad.any():
        k = int(np.argmax(bad))
        raise ExecutionError(f"RaggedToSparse's row {k} spans [{b[k]}, {e[k]}): it ends before it begins")
    return e - b
