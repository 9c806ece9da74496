"""NotEqual-1: cases against the CPU plugin; the output is boolean, ``a != b``.

NaN, infinities and signed zeros compare as the spec says in the plugin too. The plugin
narrows i64 and u32 to i32: the i64 values beyond i32 compare otherwise there (a ``plugin``
row); the u32 ones keep their (in)equality."""

import numpy as np

from cases.broadcasting import partial_shapes
from cases.comparison._rows import beyond_i32, comparison_cases, comparison_errors, special_value_cases
from cases.rows import Table

TABLE = Table(
    "NotEqual",
    "opset1",
    cases=[
        *comparison_cases(),  # broadcasting; f32, i32, u8, f16, bf16, i64, boolean; ties and i32 extremes
        *special_value_cases(np.not_equal),  # NaN, inf, signed zeros: expect= np.not_equal (the plugin agrees)
        beyond_i32(np.not_equal, "i64", why="the plugin narrows i64 to i32"),
        beyond_i32(np.not_equal, "u32", name="u32 beyond i32 (the plugin narrows it, which equality does not see)"),
    ],
    errors=comparison_errors("NotEqual"),
)  # broadcasting and attribute errors, mixed element types

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
