"""AdaptiveAvgPool-8: cases against the CPU plugin. Its one departure (a ``plugin=`` row): it
rounds bf16 means as its CPU rounds f32 to bf16 (tests/helpers/bf16_rounding.py). It also runs integer
data, which the spec does not allow and irexec refuses."""

import numpy as np

from cases.bf16 import WHY, operands
from cases.rows import Case, Error, T, Table
from helpers.bf16_rounding import BF16, bf16_plugin_roundings

NAN = float("nan")


def sizes(*values, etype="i64", const=True):
    return T(etype, (len(values),), list(values), const=const)


def _bf16_case() -> Case:
    """Bins of 2 and 3 along one axis: means that bf16 cannot hold, rounded as each CPU does."""
    x = operands(8, (1, 2, 7))
    bins = [(0, 3), (2, 5), (4, 7)]  # 7 elements in 3 bins
    mean = np.stack([x[..., a:b].sum(-1) / np.float32(b - a) for a, b in bins], -1).astype(np.float32)
    spec = mean.astype(BF16)
    others = [(r,) for r in bf16_plugin_roundings(mean) if not np.array_equal(r.view(np.uint16), spec.view(np.uint16))]
    return Case(
        (T("bf16", x.shape, x), sizes(3)), expect=(spec,), plugin=others or None, why=WHY if others else "", name="bf16"
    )


TABLE = Table(
    "AdaptiveAvgPool",
    "opset8",
    cases=[
        Case(
            (T("f32", (1, 1, 9), [1, 5, 2, NAN, 3, 3, 0, -1, 4]), sizes(4)),
            expect=([[[8 / 3, NAN, 2, 1]]],),
            name="overlapping bins of 3",
        ),
        Case((T("f32", (2, 3, 9)), sizes(4)), name="1D"),
        Case((T("f32", (2, 3, 7, 5)), sizes(3, 2)), name="2D"),
        Case((T("f32", (1, 2, 5, 6, 7)), sizes(2, 4, 3, etype="i32")), name="3D, i32 sizes"),
        Case((T("f32", (1, 4, 7, 7)), sizes(1, 1)), name="global"),
        Case((T("f32", (1, 2, 3, 4)), sizes(7, 9)), name="more bins than elements"),
        Case((T("f32", (1, 2, 4, 6)), sizes(4, 6)), name="as many bins as elements"),
        Case((T("f32", (1, 2, 4, 6)), sizes(0, 3)), name="no bins"),
        Case((T("f32", (1, 2, 6, 5)), sizes(4, 2, const=False)), name="sizes fed at run time"),
        Case((T("f32", (1, 2, 6, 5), const=True), sizes(3, 3)), name="constant data"),
        Case((T("f16", (1, 2, 6, 5)), sizes(4, 3)), name="f16"),
        Case((T("f16", (1, 1, 2), [65504, 65504]), sizes(1)), name="f16 summed in f32"),
        _bf16_case(),
    ],
)
TABLE.errors = [
    Error(
        (T("i32", (1, 1, 5)), sizes(2)),
        match="data must be of a floating-point type",
        code="S005",
        at="lint",
        name="integer data (the plugin runs it)",
    ),
    Error((T("f32", (1, 5)), sizes(2)), match="must be 3D, 4D or 5D", code="S005", at="lint"),
    Error(
        (T("f32", (1, 1, 5, 5)), sizes(2)),
        match="output_shape has 1 values, the data .* has 2 spatial dims",
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5)), T("i64", (1, 1), [[2]], const=True)),
        match="output_shape must be 1-D",
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5)), T("f32", (1,), [2.0], const=True)),
        match="output_shape must be i32 or i64",
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)), sizes(2, -1, const=False)),
        match="output_shape must not be negative",
        code="S005",
        at="run",
    ),
    Error(
        (T("f32", (1, 1, 0)), sizes(2, const=False)), match="cannot cut the empty spatial dim 0", code="S005", at="run"
    ),
]

test_cases, test_errors = TABLE.pytest()
