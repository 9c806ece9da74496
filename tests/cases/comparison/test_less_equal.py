"""LessEqual-1: cases against the CPU plugin; the output is boolean, ``a <= b``.

NaN, infinities and signed zeros compare as the spec says in the plugin too. The plugin
narrows i64 and u32 to i32, so values beyond i32 compare otherwise there (``plugin`` rows)."""

import numpy as np

from cases.broadcasting import partial_shapes
from cases.comparison._rows import beyond_i32, comparison_cases, comparison_errors, special_value_cases
from cases.rows import Table

TABLE = Table(
    "LessEqual",
    "opset1",
    cases=[
        *comparison_cases(),  # broadcasting; f32, i32, u8, f16, bf16, i64, boolean; ties and i32 extremes
        *special_value_cases(np.less_equal),  # NaN, inf, signed zeros: expect= np.less_equal (the plugin agrees)
        beyond_i32(np.less_equal, "i64", why="the plugin narrows i64 to i32"),
        beyond_i32(np.less_equal, "u32", why="the plugin narrows u32 to i32 (from 2^31 it is negative there)"),
    ],
    errors=comparison_errors("LessEqual"),
)  # broadcasting and attribute errors, mixed element types

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
