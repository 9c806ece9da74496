"""ScatterNDUpdate-3 (OpenVINO writes it as opset4) and -15: each index tuple
``indices[..., :k]`` picks an element (k = data's rank) or a slice (k < rank) of data, reduced
with the matching entry of updates, whose shape is ``indices.shape[:-1] + data.shape[k:]``. -15
adds reductions (sum, sub, prod, min, max; see irexec/kernels/reduce.py).

Indices: i32 or i64 (both specs say so, and OpenVINO will not build the op with others). -3 takes
[0, size) only (its spec raises otherwise), -15 also [-size, 0), counting from the end. The CPU
plugin accepts negative indices in -3 too; irexec follows the spec and says so in the error. An
index out of range is an error naming its position, value and bound. Duplicates under "none":
the last update in index order wins (the plugin writes duplicates in parallel, and an earlier
one sometimes wins there; irexec warns, rule C005, when the indices are known).

A single element's update may also come as updates of shape [1] (OpenVINO's shape inference takes
it, and so does irexec); the CPU plugin refuses to compile such a layer. Under -15's boolean sub
(XOR, as the spec says) the plugin counts a repeated target in u8 and tests for non-zero at the end.

The plugin also narrows i64, u32 and u64 data to i32 (keeping the low 32 bits), computes f64 in f32,
and rounds bf16 reductions after every step where irexec reduces in f32 and rounds once
(irexec/kernels/reduce.py).
"""

from __future__ import annotations

import numpy as np

from ... import kernels
from ...errors import ValidationError
from ...shapes import Dim, compatible, fmt
from ..common import const_rows, duplicates_warning
from ..op import Attr, Bound, Input
from ..registry import register
from ._scatter import Scatter


class _ScatterNDUpdate(Scatter):
    inputs = (
        Input("data"),
        Input("indices", "i32|i64", role="indices", bound=Bound("nd", distinct=True)),
        Input("updates", same_as="data"),
    )
    negative = False  # whether [-size, 0) counts from the end
    reduction = "none"

    def output_facts(self, data, indices, updates):
        if data.shape is not None and len(data.shape) == 0:
            raise ValidationError("data must have rank 1 or more", port=0)
        if indices.shape is not None and len(indices.shape) == 0:
            raise ValidationError("indices must have rank 1 or more", port=1)
        if data.shape is not None and indices.shape is not None and indices.shape[-1].is_static:
            k = indices.shape[-1].lo
            if k > len(data.shape):
                raise ValidationError(f"indices' last dim {k} is more than data's rank {len(data.shape)}", port=1)
            const_rows(indices, data.shape, self.negative, f"{self.type} indices")
            expected = indices.shape[:-1] + data.shape[k:]
            # (A single element may also come as updates of shape [1].)
            if (
                updates.shape is not None
                and not compatible(expected, updates.shape)
                and not (expected == () and len(updates.shape) == 1 and updates.shape[0].compatible(Dim(1, 1)))
            ):
                raise ValidationError(
                    f"updates shape {fmt(updates.shape)} should be {fmt(expected)} "
                    f"(indices.shape[:-1] + data.shape[k:])",
                    port=2,
                )
        return self.output(data)

    def advise(self, ins):
        data, indices, _ = ins
        if self.reduction != "none":
            return []
        rows = const_rows(indices, data.shape, self.negative, f"{self.type} indices")
        if rows is None:
            return []
        whole = np.shape(indices.value)[-1] == len(data.shape)
        return duplicates_warning(rows, "data element" if whole else "slice")

    def compute(self, data, indices, updates, out=None):
        return kernels.scatter_nd_update(
            data, indices, updates, self.reduction, negative=self.negative, out=out, op=self.type
        )


@register
class ScatterNDUpdate3(_ScatterNDUpdate):
    # OpenVINO writes ScatterNDUpdate-3 as opset4; opset3's table holds it too.
    type, version, aliases = "ScatterNDUpdate", "opset4", ("opset3",)
    spec = "movement/scatter-nd-update-3"


@register
class ScatterNDUpdate15(_ScatterNDUpdate):
    type, version = "ScatterNDUpdate", "opset15"
    builder_args = ("data", "indices", "updates", ("reduction", None))
    spec = "movement/scatter-nd-update-15"
    attrs = (Attr("reduction", "str", "none", ("none", "sum", "sub", "prod", "min", "max")),)
    negative = True
