"""ScatterUpdate-3: ``data[..., indices[m, ..., p], ...] = updates[..., m, ..., p, ...]`` along
axis; updates has the shape ``data[:axis] + indices.shape + data[axis+1:]``.

Indices: any integer type, in [0, size) only (the spec raises otherwise). An index out of range
is an error naming its position, value and bound; the CPU plugin crashes on it. Duplicates: the
last update in index order wins (the plugin writes duplicates in parallel, and an earlier one
sometimes wins there; irexec warns, rule C005, when the indices are known).

The CPU plugin also refuses 0-D indices, which the spec allows and irexec takes.
"""

from __future__ import annotations

from ... import kernels
from ...errors import ValidationError
from ...shapes import compatible, fmt
from ..common import const_indices, duplicates_warning, scalar_int
from ..op import Bound, Input
from ..registry import register
from ._scatter import Scatter, axis_of, check_axis_shape

WHAT = "ScatterUpdate indices"


@register
class ScatterUpdate(Scatter):
    type, version = "ScatterUpdate", "opset3"
    spec = "movement/scatter-update-3"
    inputs = (
        Input("data"),
        Input("indices", "int", role="indices", bound=Bound("take", axis="axis", distinct=True)),
        Input("updates", same_as="data"),
        Input("axis", "int", role="axis", value=True),
    )

    def output_facts(self, data, indices, updates, axis):
        check_axis_shape(self, axis)
        ax = axis_of(data, axis)
        if ax is not None:
            const_indices(indices, data.shape[ax], False, WHAT)
            if indices.shape is not None and updates.shape is not None:
                expected = data.shape[:ax] + indices.shape + data.shape[ax + 1 :]
                if not compatible(expected, updates.shape):
                    raise ValidationError(
                        f"updates shape {fmt(updates.shape)} should be {fmt(expected)} "
                        f"(data[:axis] + indices.shape + data[axis+1:])",
                        port=2,
                    )
        return self.output(data)

    def advise(self, ins):
        data, indices, _, axis = ins
        ax = axis_of(data, axis)
        rows = const_indices(indices, data.shape[ax], False, WHAT) if ax is not None else None
        return [] if rows is None else duplicates_warning(rows, "slice")

    def compute(self, data, indices, updates, axis, out=None):
        return kernels.scatter_update(data, indices, updates, scalar_int(axis, "axis"), out=out)
