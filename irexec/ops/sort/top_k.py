"""TopK-1, TopK-3 and TopK-11: the ``k`` largest (``mode`` max) or smallest (min) elements of
each slice along ``axis``, and their indices. Both outputs have data's shape with ``k`` at
``axis``. ``sort``: value (descending for max, ascending for min), index (the chosen elements in
ascending index order), none (the plugin orders them as for value; so does irexec). Indices are
``index_element_type`` (i32 or i64; every version declares it). TopK-11 adds ``stable``.

Ties: equal elements are taken and listed in ascending index order, always. That is TopK-11's
rule with ``stable=true``; elsewhere the spec leaves the order open, and the CPU plugin orders
ties so when ``k`` is a constant. With ``k`` fed at run time its kernel lists ties in another
order (for sort=value or none; [2, 2, 2, 2] max k=3 gives indices [1, 2, 0]).

``k`` must be in [1, size of the axis]. TopK-11's spec says so (other k are undefined); TopK-1
and -3 say nothing, and the CPU plugin refuses k = 0 and k > size in every version (OpenVINO's
shape inference would give a dim of k, and its reference kernel reads past the axis), so
irexec refuses them in every version.

NaN: the spec (TopK-3's NaN handling) treats NaN as smaller than any number: ``max`` takes NaN
last and ``min`` first, ties among NaNs by index. The CPU plugin compares NaN as C++ does and
returns elements that are neither (a NaN among the values breaks its ordering); irexec follows
the spec, for every version.

f16/bf16 are ordered in f32 (exact: every such value is an f32) and returned as they are.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, normalize_axis, span
from ...types import element_type
from ..common import scalar_int
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register

I32 = element_type("i32")


def ascending(x: np.ndarray) -> np.ndarray:
    """The stable ascending order of each slice along the last axis, NaN below every number."""
    if x.dtype in HALF:
        x = x.astype(np.float32)
    if x.dtype.kind == "f":
        # lexsort sorts by the last key first: NaN (key False) ahead, then by value; stable.
        return np.lexsort((x, ~np.isnan(x)), axis=-1)
    return np.argsort(x, axis=-1, kind="stable")


def descending(x: np.ndarray) -> np.ndarray:
    """The stable descending order (ties still by ascending index): the ascending order of the
    reversed slices, read backwards, with positions mapped back."""
    n = x.shape[-1]
    return (n - 1) - ascending(x[..., ::-1])[..., ::-1]


def few(x: np.ndarray, k: int, largest: bool, by_index: bool):
    """The order ``ascending``/``descending`` gives, cut to ``k``, without sorting whole slices
    when ``k`` is a small part of them: the k-th value by partition (linear), the elements past
    it and the first of those equal to it (ties by ascending index), then only those k sorted.
    None where that does not pay (k over a quarter of the slice), or for NaN (ordered apart)."""
    n = x.shape[-1]
    if k * 4 > n or x.size == 0:
        return None
    if x.dtype in HALF:
        x = x.astype(np.float32)
    if x.dtype.kind == "f" and np.isnan(x).any():
        return None
    kth = np.partition(x, n - k if largest else k - 1, axis=-1)[..., n - k if largest else k - 1, None]
    beyond = x > kth if largest else x < kth
    tied = x == kth
    room = k - np.count_nonzero(beyond, axis=-1, keepdims=True)
    chosen = beyond | (tied & (np.cumsum(tied, axis=-1) <= room))
    # Exactly k in each slice; np.nonzero lists them slice by slice, by ascending index.
    picked = np.nonzero(chosen.reshape(-1, n))[1].reshape(x.shape[:-1] + (k,))
    if by_index:
        return picked
    values = np.take_along_axis(x, picked, axis=-1)
    return np.take_along_axis(picked, descending(values) if largest else ascending(values), axis=-1)


class _TopK(Op):
    builder_name = "topk"
    inputs = (Input("data", "numeric"), Input("k", "int", role="sizes", value=True))
    outputs = ("values", "indices")
    attrs = (
        Attr("axis", "int"),
        Attr("mode", "str", choices=("max", "min")),
        Attr("sort", "str", choices=("value", "index", "none")),
        Attr("index_element_type", "etype", I32),
    )

    def setup(self):
        if self.index_element_type.name not in ("i32", "i64"):
            raise ValidationError(f"TopK index_element_type must be i32 or i64, got {self.index_element_type}")

    def output_facts(self, data, k):
        if k.shape is not None and len(k.shape) != 0:
            raise ValidationError(f"TopK's k must be a scalar, got shape {fmt(k.shape)}", port=1)
        if data.shape is None:
            return [Fact(data.etype, None), Fact(self.index_element_type, None)]
        if not data.shape:
            raise ValidationError("TopK's data must have rank 1 or more, got a scalar")
        axis = normalize_axis(self.axis, len(data.shape))
        size = data.shape[axis]
        if k.value is None:
            # Some k in [1, size]: none when the axis is empty.
            dim = span(0 if size.hi == 0 else 1, size.hi)
        else:
            n = scalar_int(k.value, "k")
            if n < 1 or (size.is_static and n > size.lo):
                raise ValidationError(f"TopK's k must be in [1, {size}] (the size of axis {axis}), got {n}", port=1)
            dim = span(n, n)
        shape = data.shape[:axis] + (dim,) + data.shape[axis + 1 :]
        return [Fact(data.etype, shape), Fact(self.index_element_type, shape)]

    def compute(self, data, k):
        n = scalar_int(k, "k")
        axis = normalize_axis(self.axis, data.ndim)
        x = np.moveaxis(data, axis, -1)
        order = few(x, n, self.mode == "max", self.sort == "index")
        if order is None:
            order = (descending(x) if self.mode == "max" else ascending(x))[..., :n]
            if self.sort == "index":
                order = np.sort(order, axis=-1)
        values = np.take_along_axis(x, order, axis=-1)
        return (np.moveaxis(values, -1, axis), np.moveaxis(order, -1, axis).astype(self.index_element_type.dtype))


@register
class TopK1(_TopK):
    type, version = "TopK", "opset1"
    builder_args = ("data", "k", "axis", "mode", "sort")
    spec = "sort/top-k-1"
    # The spec names no type for k; OpenVINO reads TopK-1's k as i8, i32 or i64 only.
    inputs = (_TopK.inputs[0], Input("k", "i8|i32|i64", role="sizes", value=True))


@register
class TopK3(_TopK):
    type, version = "TopK", "opset3"
    builder_args = ("data", "k", "axis", "mode", "sort", "index_element_type")
    spec = "sort/top-k-3"


@register
class TopK11(_TopK):
    type, version = "TopK", "opset11"
    builder_args = ("data", "k", "axis", "mode", "sort", "index_element_type", "stable")
    spec = "sort/top-k-11"
    attrs = _TopK.attrs + (Attr("stable", "bool", False),)

    def setup(self):
        super().setup()
        if self.stable and self.sort == "none":
            raise ValidationError("TopK's stable=true needs sort 'value' or 'index', got sort 'none'")
