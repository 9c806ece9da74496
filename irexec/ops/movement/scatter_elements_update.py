"""ScatterElementsUpdate-3 and -12, elementwise along axis:
``output[..., indices[i, j, k], ...] = reduction(output[...], updates[i, j, k])``, the axis
coordinate from indices and every other one the entry's own. Data, indices and updates have one
rank; updates has indices' shape, which fits in data's (-12: except along the axis). -12 adds
reductions (sum, prod, min, max, mean; see irexec/kernels/reduce.py) and use_init_val.

Indices: any integer type; -3 takes [0, size) only (its spec raises otherwise), -12 also
[-size, 0), counting from the end. The CPU plugin accepts negative indices in -3 too; irexec
follows the spec and says so in the error. An index out of range is an error naming its
position, value and bound (the plugin crashes on those below -size). Duplicates under "none":
the last update in index order wins (irexec warns, rule C005, when the indices are known).

Where the CPU plugin departs from the spec under -12's reductions: its integer mean truncates toward
zero where the spec rounds down; min and max keep a NaN in data but ignore a NaN update (irexec
propagates NaN); and with use_init_val=false its min starts from FLT_MAX, so a lone +inf update
gives FLT_MAX.

The plugin also narrows i64, u32 and u64 data to i32 (keeping the low 32 bits), computes f64 in f32,
and rounds bf16 reductions after every step where irexec reduces in f32 and rounds once
(irexec/kernels/reduce.py).
"""

from __future__ import annotations

from ... import kernels
from ...errors import ValidationError
from ...kernels.indices import element_offsets
from ...shapes import compatible, fmt, is_static, to_ints
from ..common import const_indices, duplicates_warning, scalar_int
from ..op import Attr, Bound, Input
from ..registry import register
from ._scatter import Scatter, axis_of, check_axis_shape


class _ScatterElementsUpdate(Scatter):
    inputs = (
        Input("data"),
        Input("indices", "int", role="indices", bound=Bound("elements", axis="axis", distinct=True)),
        Input("updates", same_as="data"),
        Input("axis", "int", role="axis", value=True),
    )
    negative = False  # whether [-size, 0) counts from the end
    axis_may_exceed = False  # whether indices may be longer than data along the axis
    reduction = "none"
    use_init_val = True

    def output_facts(self, data, indices, updates, axis):
        check_axis_shape(self, axis)
        if data.etype is not None and data.etype.name == "boolean" and self.reduction == "mean":
            raise ValidationError("reduction 'mean' is not defined for boolean data")
        ranks = {len(f.shape) for f in (data, indices, updates) if f.shape is not None}
        if len(ranks) > 1:
            raise ValidationError(
                f"data {fmt(data.shape)}, indices {fmt(indices.shape)} and updates "
                f"{fmt(updates.shape)} must have one rank"
            )
        if not compatible(indices.shape, updates.shape):
            raise ValidationError(
                f"updates shape {fmt(updates.shape)} must equal indices shape {fmt(indices.shape)}", port=2
            )
        ax = axis_of(data, axis)
        if data.shape is not None and indices.shape is not None:
            for d, (n, m) in enumerate(zip(indices.shape, data.shape)):
                if n.lo > (m.hi if m.hi is not None else n.lo) and not (d == ax and self.axis_may_exceed):
                    raise ValidationError(f"indices dim {d} ({n}) is larger than data's ({m})", port=1)
        if ax is not None:
            const_indices(indices, data.shape[ax], self.negative, f"{self.type} indices", dim=ax)
        return self.output(data)

    def advise(self, ins):
        data, indices, _, axis = ins
        ax = axis_of(data, axis)
        if self.reduction != "none" or ax is None or not is_static(data.shape):
            return []
        norm = const_indices(indices, data.shape[ax], self.negative, f"{self.type} indices", dim=ax)
        if norm is None or norm.ndim != len(data.shape):
            return []
        return duplicates_warning(element_offsets(to_ints(data.shape), norm, ax), "data element")

    def compute(self, data, indices, updates, axis, out=None):
        return kernels.scatter_elements_update(
            data,
            indices,
            updates,
            scalar_int(axis, "axis"),
            self.reduction,
            self.use_init_val,
            negative=self.negative,
            axis_may_exceed=self.axis_may_exceed,
            out=out,
            op=self.type,
        )


@register
class ScatterElementsUpdate3(_ScatterElementsUpdate):
    type, version = "ScatterElementsUpdate", "opset3"
    spec = "movement/scatter-elements-update-3"


@register
class ScatterElementsUpdate12(_ScatterElementsUpdate):
    type, version = "ScatterElementsUpdate", "opset12"
    builder_args = ("data", "indices", "updates", "axis", ("reduction", "None"), "use_init_val")
    spec = "movement/scatter-elements-update-12"
    attrs = (
        Attr("reduction", "str", "none", ("none", "sum", "prod", "min", "max", "mean")),
        Attr("use_init_val", "bool", True),
    )
    negative = True
    axis_may_exceed = True
