"""What every Reduce* op shares: the data and axes inputs, ``keep_dims``, and the shape rule.

``axes`` lists the dims to reduce (negative ones count from the end, repeats count once); they
go (or become 1 with ``keep_dims``). Empty ``axes`` reduce nothing, as the spec says: the CPU
plugin refuses them without ``keep_dims`` (a rank check in its Reduce node). A scalar may name
axis 0 or -1, which reduce nothing either.

Like the elementwise ops, f16 and bf16 compute in f32 and round once; integers wrap.

Where the CPU plugin departs (tests/cases/reduction/ has a row for each): it saturates i8/u8
sums, products and norms instead of wrapping, computes i32 through f32 (so totals beyond 2^24
round), keeps only the low 32 bits of i64, refuses empty ``axes`` without ``keep_dims``, and
refuses axes fed at run time in some reductions.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import ONE, fixed, hull, is_static, normalize_axis, to_ints
from ..common import int_vector
from ..elementwise import in_f32_unary
from ..op import Attr, Fact, Input, Op


def reduce_axes(axes, rank: int) -> tuple:
    """The axes to reduce, normalised and sorted, for data of ``rank``."""
    values = int_vector(np.asarray(axes).reshape(-1), "axes")
    if rank == 0:
        if any(a not in (0, -1) for a in values):
            raise ValidationError(f"Reduce axes {values} are out of range for a scalar")
        return ()
    return tuple(sorted({normalize_axis(a, rank, "Reduce axis") for a in values}))


def extreme(ufunc, x, axes, keepdims):
    """``ufunc`` (np.maximum or np.minimum) over ``axes``. An output element over no input elements
    (an axis of size 0) is the reduction's identity, as ONNX gives it: -inf (maximum) or +inf
    (minimum) for floats, the type's lowest or highest value for integers, False or True for
    booleans."""
    if x.size == 0:
        shape = np.zeros(x.shape, np.int8).sum(axis=axes, keepdims=keepdims).shape
        return np.full(shape, _identity(ufunc, x.dtype), x.dtype)
    return ufunc.reduce(x, axis=axes, keepdims=keepdims)


def _identity(ufunc, dtype: np.dtype):
    """What ``ufunc`` (np.maximum or np.minimum) of nothing is for ``dtype``."""
    lowest = ufunc is np.maximum
    if dtype.kind == "f":
        return -np.inf if lowest else np.inf
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return info.min if lowest else info.max
    if dtype.kind == "b":
        return not lowest
    raise ValidationError(f"the maximum or minimum of no {dtype} elements has no value")


class Reduce(Op):
    """A reduction: the subclass's ``reduce(x, axes, keepdims)`` over normalised axes gives the
    output (its type becomes the data's). ``data_types``: what the data may be."""

    builder_args = ("node=data", "reduction_axes=axes", "keep_dims")

    data_types = "any"
    attrs = (Attr("keep_dims", "bool", False),)

    def __init_subclass__(cls, **kw):
        cls.inputs = (Input("data", cls.data_types), Input("axes", "int", role="axes", value=True))
        super().__init_subclass__(**kw)

    @staticmethod
    def reduce(x, axes, keepdims):
        raise NotImplementedError

    def output_facts(self, data, axes):
        if axes.shape is not None and len(axes.shape) > 1:
            raise ValidationError(f"{self.type}'s axes must be a scalar or 1-D, got rank {len(axes.shape)}", port=1)
        if data.shape is None:
            return Fact(data.etype, None)
        if axes.value is None:
            return Fact(data.etype, self.unknown_axes_shape(data.shape, axes.shape))
        ax = reduce_axes(axes.value, len(data.shape))
        if self.keep_dims:
            shape = tuple(fixed(1) if i in ax else d for i, d in enumerate(data.shape))
        else:
            shape = tuple(d for i, d in enumerate(data.shape) if i not in ax)
        return Fact(data.etype, shape)

    def unknown_axes_shape(self, shape: tuple, axes_shape):
        """The output's shape while the axes are not known: with ``keep_dims`` each dim stays or
        becomes 1; without, one axis (a one-element ``axes``) takes each dim from its own place
        or the next; more may repeat, so even the rank is unknown."""
        if self.keep_dims:
            return tuple(hull((d, ONE)) for d in shape)
        if axes_shape is None or not is_static(axes_shape) or int(np.prod(to_ints(axes_shape))) != 1:
            return None
        return tuple(hull(pair) for pair in zip(shape, shape[1:]))  # (a scalar's axis reduces nothing)

    def compute(self, x, axes):
        axes = np.asarray(axes)
        ax = self.memo((axes.dtype.char, axes.tobytes(), x.ndim), lambda: reduce_axes(axes, x.ndim))
        # integers wrap; inf - inf is NaN
        out = in_f32_unary(self.reduce)(x, ax, self.keep_dims)
        return np.asarray(out).astype(x.dtype, copy=False)
