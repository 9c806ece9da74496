"""The scatter family as IR ops; the semantics live in irexec.kernels (shared with ONNX's).

- ScatterUpdate-3: ``data[..., indices[m, ..., p], ...] = updates[..., m, ..., p, ...]`` along axis.
- ScatterElementsUpdate-3 / -12: elementwise along axis; -12 adds reductions and use_init_val.
- ScatterNDUpdate-3 (written "opset4" by OpenVINO) / -15: index tuples pick elements or slices;
  -15 adds reductions.

Index types: any integer type, but i32 or i64 for ScatterNDUpdate (both its specs say so, and
OpenVINO will not build it with others). Indices: the v3 specs allow only [0, size) and raise
otherwise; ScatterElementsUpdate-12 and ScatterNDUpdate-15 also take [-size, 0), counting from
the end. (The CPU plugin accepts negative indices in the v3 ScatterElementsUpdate and
ScatterNDUpdate too; irexec follows the specs and says so in the error.) Out-of-range indices are
an error naming the position, value and bound: the plugin crashes on them in ScatterUpdate, and
in ScatterElementsUpdate below -size. Duplicates under "none": the last update in index order
wins (the plugin's ScatterNDUpdate and ScatterUpdate write duplicates in parallel, and an
earlier one sometimes wins there). Reductions: see irexec/kernels/reduce.py.
"""
from __future__ import annotations

import numpy as np

from ... import kernels
from ...errors import ValidationError
from ...shapes import Dim, compatible, fmt, is_static, normalize_axis, to_ints
from ...kernels.indices import element_offsets
from ..common import const_indices, const_rows, duplicates_warning, require_i32_or_i64, scalar_int
from .compat import fold, require_integer, require_same_type
from .compat import Attr, Fact, LegacyOp as Op, register, register_alias


def _check_common(op, data, idx, upd, axis=None):
    require_integer(idx, f"{op.type}'s indices")
    if axis is not None:
        require_integer(axis, f"{op.type}'s axis")
    require_same_type([data, idx, upd], (0, 2), f"{op.type}'s data and updates")
    if axis is not None and axis.shape is not None and len(axis.shape) > 1:
        raise ValidationError(f"{op.type}'s axis must be a scalar or a 1-element tensor", port=3)


def _axis(op, data, axis):
    """The normalised axis when it and data's rank are known, else None."""
    if data.shape is None or axis.value is None:
        return None
    try:
        return normalize_axis(scalar_int(axis.value, "axis"), len(data.shape))
    except ValidationError as e:
        raise ValidationError(e.message, port=3, code=e.code) from None


@register
class ScatterUpdate3(Op):
    type, version = "ScatterUpdate", "opset3"
    min_inputs = max_inputs = 4

    def infer(self, ins):
        data, idx, upd, axis = ins
        _check_common(self, data, idx, upd, axis)
        ax = _axis(self, data, axis)
        if ax is not None:
            const_indices(idx, data.shape[ax], False, "ScatterUpdate indices")
        if ax is not None and idx.shape is not None and upd.shape is not None:
            expected = data.shape[:ax] + idx.shape + data.shape[ax + 1:]
            if not compatible(expected, upd.shape):
                raise ValidationError(f"updates shape {fmt(upd.shape)} should be {fmt(expected)} "
                                      f"(data[:axis] + indices.shape + data[axis+1:])", port=2)
        return fold(self, ins, [data.etype]) or [Fact(data.etype, data.shape)]

    def advise(self, ins):
        data, idx, _, axis = ins
        ax = _axis(self, data, axis)
        rows = const_indices(idx, data.shape[ax], False, "ScatterUpdate indices") if ax is not None else None
        return [] if rows is None else duplicates_warning(rows, "slice")

    inplace_input = 0

    def eval(self, ins, out=None):
        data, idx, upd, axis = ins
        return [kernels.scatter_update(data, idx, upd, scalar_int(axis, "axis"), out=out)]


class _ScatterElementsBase(Op):
    min_inputs = max_inputs = 4
    negative = False
    axis_may_exceed = False
    reduction = "none"
    use_init_val = True

    def infer(self, ins):
        data, idx, upd, axis = ins
        _check_common(self, data, idx, upd, axis)
        if data.etype is not None and data.etype.name == "boolean" and self.reduction == "mean":
            raise ValidationError("reduction 'mean' is not defined for boolean data")
        ranks = {len(f.shape) for f in (data, idx, upd) if f.shape is not None}
        if len(ranks) > 1:
            raise ValidationError(f"data {fmt(data.shape)}, indices {fmt(idx.shape)} and updates "
                                  f"{fmt(upd.shape)} must have one rank")
        if not compatible(idx.shape, upd.shape):
            raise ValidationError(f"updates shape {fmt(upd.shape)} must equal indices shape {fmt(idx.shape)}",
                                  port=2)
        ax = _axis(self, data, axis)
        if data.shape is not None and idx.shape is not None:
            for d, (n, m) in enumerate(zip(idx.shape, data.shape)):
                if n.lo > (m.hi if m.hi is not None else n.lo) and not (d == ax and self.axis_may_exceed):
                    raise ValidationError(f"indices dim {d} ({n}) is larger than data's ({m})", port=1)
        if ax is not None:
            const_indices(idx, data.shape[ax], self.negative, f"{self.type} indices", dim=ax)
        return fold(self, ins, [data.etype]) or [Fact(data.etype, data.shape)]

    def advise(self, ins):
        data, idx, _, axis = ins
        ax = _axis(self, data, axis)
        if self.reduction != "none" or ax is None or not is_static(data.shape):
            return []
        norm = const_indices(idx, data.shape[ax], self.negative, f"{self.type} indices", dim=ax)
        if norm is None or norm.ndim != len(data.shape):
            return []
        return duplicates_warning(element_offsets(to_ints(data.shape), norm, ax), "data element")

    inplace_input = 0

    def eval(self, ins, out=None):
        data, idx, upd, axis = ins
        return [kernels.scatter_elements_update(
            data, idx, upd, scalar_int(axis, "axis"), self.reduction, self.use_init_val,
            negative=self.negative, axis_may_exceed=self.axis_may_exceed, out=out, op=self.type)]


@register
class ScatterElementsUpdate3(_ScatterElementsBase):
    type, version = "ScatterElementsUpdate", "opset3"


@register
class ScatterElementsUpdate12(_ScatterElementsBase):
    type, version = "ScatterElementsUpdate", "opset12"
    attrs = (Attr("reduction", "str", "none", ("none", "sum", "prod", "min", "max", "mean")),
             Attr("use_init_val", "bool", True))
    negative = True
    axis_may_exceed = True


class _ScatterNDBase(Op):
    min_inputs = max_inputs = 3
    negative = False
    reduction = "none"

    def infer(self, ins):
        data, idx, upd = ins
        _check_common(self, data, idx, upd)
        # Both ScatterNDUpdate specs take i32/i64 indices only, and so does OpenVINO.
        require_i32_or_i64(idx.etype, f"{self.type}'s indices")
        if data.shape is not None and len(data.shape) == 0:
            raise ValidationError("data must have rank 1 or more", port=0)
        if idx.shape is not None and len(idx.shape) == 0:
            raise ValidationError("indices must have rank 1 or more", port=1)
        if data.shape is not None and idx.shape is not None and idx.shape[-1].is_static:
            k = idx.shape[-1].lo
            if k > len(data.shape):
                raise ValidationError(f"indices' last dim {k} is more than data's rank {len(data.shape)}",
                                      port=1)
            const_rows(idx, data.shape, self.negative, f"{self.type} indices")
            expected = idx.shape[:-1] + data.shape[k:]
            if upd.shape is not None and not compatible(expected, upd.shape) and not (
                    expected == () and len(upd.shape) == 1 and upd.shape[0].compatible(Dim(1, 1))):
                raise ValidationError(f"updates shape {fmt(upd.shape)} should be {fmt(expected)} "
                                      f"(indices.shape[:-1] + data.shape[k:])", port=2)
        return fold(self, ins, [data.etype]) or [Fact(data.etype, data.shape)]

    def advise(self, ins):
        data, idx, _ = ins
        rows = const_rows(idx, data.shape, self.negative, f"{self.type} indices") if self.reduction == "none" \
            else None
        return [] if rows is None else duplicates_warning(rows, "data element" if np.shape(idx.value)[-1] ==
                                                          len(data.shape) else "slice")

    inplace_input = 0

    def eval(self, ins, out=None):
        data, idx, upd = ins
        require_i32_or_i64(np.asarray(idx).dtype, f"{self.type}'s indices")
        return [kernels.scatter_nd_update(data, idx, upd, self.reduction, negative=self.negative,
                                          out=out, op=self.type)]


@register
class ScatterNDUpdate3(_ScatterNDBase):
    type, version = "ScatterNDUpdate", "opset4"


# OpenVINO writes ScatterNDUpdate-3 as opset4; opset3's table holds it too.
register_alias(ScatterNDUpdate3, "opset3")


@register
class ScatterNDUpdate15(_ScatterNDBase):
    type, version = "ScatterNDUpdate", "opset15"
    attrs = (Attr("reduction", "str", "none", ("none", "sum", "sub", "prod", "min", "max")),)
    negative = True
