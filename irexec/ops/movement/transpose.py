"""Transpose-1: the data's dims permuted, output dim i being input dim ``order[i]``; an empty
order reverses them. The order is a permutation of 0..rank-1: negative entries are refused, as
OpenVINO refuses them.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..common import dyn_rank, int_vector
from ..op import Fact, Input, Op
from ..registry import register


def transpose_order(rank: int, order: list) -> list:
    if not order:
        return list(range(rank))[::-1]
    # No negative entries: OpenVINO refuses them (the order must be a permutation of 0..rank-1).
    if sorted(order) != list(range(rank)):
        raise ValidationError(f"Transpose order {order} is not a permutation of 0..{rank - 1}")
    return list(order)


@register
class Transpose(Op):
    type, version = "Transpose", "opset1"
    builder_args = ("data", "input_order=order")
    spec = "movement/transpose-1"
    inputs = (Input("data"), Input("order", "int", role="axes", value=True))

    def output_facts(self, data, order):
        # What the order's shape shows before its values: one entry per dim (or none).
        if order.shape is not None and len(order.shape) > 1:
            raise ValidationError(f"Transpose's order must be a 1-D tensor, got shape {fmt(order.shape)}", port=1)
        n = order.shape[0].lo if order.shape and order.shape[0].is_static else None
        if data.shape is not None and n not in (None, 0, len(data.shape)):
            raise ValidationError(
                f"Transpose order has {n} entries for a rank-{len(data.shape)} input: it is not a "
                f"permutation of 0..{len(data.shape) - 1}",
                port=1,
            )
        if data.shape is not None and order.value is not None:
            perm = transpose_order(len(data.shape), int_vector(order.value, "order"))
            return Fact(data.etype, tuple(data.shape[p] for p in perm))
        return Fact(data.etype, None if data.shape is None else dyn_rank(len(data.shape)))

    def compute(self, data, order):
        return np.transpose(data, transpose_order(np.ndim(data), int_vector(order, "order")))
