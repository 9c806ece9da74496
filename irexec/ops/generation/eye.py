"""Eye-9: a matrix, or a batch of them, with ones on one diagonal and zeros elsewhere:
``output[..., i, i + diagonal_index] = 1``, of shape ``batch_shape + [num_rows, num_columns]``
and type ``output_type``.

``num_rows``, ``num_columns`` and ``diagonal_index`` are scalars or 1-element 1-D tensors, each
i32 or i64 (the types may differ); ``batch_shape``, optional (empty by default), is a 1-D list
of non-negative dims. A positive ``diagonal_index`` is above the main diagonal, a negative one
below; one at ``num_columns`` or more, or at ``-num_rows`` or less, leaves only zeros.

irexec refuses a negative dim in ``batch_shape`` (OpenVINO's shape inference takes -1 there as
an unknown dim).

Where the CPU plugin departs: it narrows an i64 ``diagonal_index`` to its low 32 bits (2^63 - 1
is taken as -1), and it leaves the output unwritten when an empty ``batch_shape`` comes at run
time.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, static
from ..common import dyn_rank, int_vector, require_array_shape, scalar_int
from ..op import Attr, Fact, Input, Op
from ..registry import register

_SCALARS = ("num_rows", "num_columns", "diagonal_index")


@register
class Eye(Op):
    type, version = "Eye", "opset9"
    builder_args = ("num_rows", "num_columns", "diagonal_index", "output_type", "batch_shape")
    spec = "generation/eye-9"
    inputs = (
        Input("num_rows", "i32|i64", role="sizes", value=True),
        Input("num_columns", "i32|i64", role="sizes", value=True),
        Input("diagonal_index", "i32|i64"),
        Input("batch_shape", "i32|i64", role="shape", value=True, optional=True),
    )
    attrs = (Attr("output_type", "etype"),)

    def output_facts(self, rows, cols, diag, batch=None):
        for port, f in enumerate((rows, cols, diag)):
            if f.shape is not None and not (
                len(f.shape) == 0 or (len(f.shape) == 1 and f.shape[0].compatible(fixed(1)))
            ):
                raise ValidationError(
                    f"Eye's {_SCALARS[port]} must be a scalar or a 1-element 1-D tensor, got shape {fmt(f.shape)}",
                    port=port,
                )
        matrix = tuple(DYN if f.value is None else fixed(_size(f.value, port)) for port, f in enumerate((rows, cols)))
        if batch is None:
            lead = ()
        elif batch.shape is not None and len(batch.shape) != 1:
            raise ValidationError(f"Eye's batch_shape must be 1-D, got shape {fmt(batch.shape)}", port=3)
        elif batch.value is not None:
            lead = static(_batch(batch.value))
        elif batch.shape is not None and batch.shape[0].is_static:
            lead = dyn_rank(batch.shape[0].lo)
        else:
            return Fact(self.output_type, None)
        return Fact(self.output_type, lead + matrix)

    def compute(self, rows, cols, diag, batch=None):
        n, m = _size(rows, 0), _size(cols, 1)
        lead = () if batch is None else tuple(_batch(batch))
        require_array_shape(lead + (n, m), self.output_type.dtype.itemsize)
        # (Clipped: a diagonal past either edge is all zeros, and np.eye wants a modest k.)
        k = min(max(scalar_int(diag, "Eye's diagonal_index"), -n), m)
        matrix = np.eye(n, m, k, dtype=self.output_type.dtype)
        return np.broadcast_to(matrix, lead + (n, m))


def _size(value, port: int) -> int:
    n = scalar_int(value, f"Eye's {_SCALARS[port]}")
    if n < 0:
        raise ValidationError(f"Eye's {_SCALARS[port]} must not be negative, got {n}", port=port)
    return n


def _batch(value) -> list:
    dims = int_vector(value, "Eye's batch_shape")
    if any(d < 0 for d in dims):
        raise ValidationError(f"Eye's batch_shape {dims} has a negative dim", port=3)
    return dims
