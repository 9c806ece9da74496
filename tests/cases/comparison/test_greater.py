"""Greater-1: cases against the CPU plugin; the output is boolean, ``a > b``.

With a NaN operand the spec (and irexec) gives false; the plugin gives true on AVX-512
machines (this one) and false on AVX2 ones: those rows list both alternatives. The plugin
narrows i64 and u32 to i32, so values beyond i32 compare otherwise there (``plugin`` rows)."""

import numpy as np

from cases.broadcasting import partial_shapes
from cases.comparison._rows import beyond_i32, comparison_cases, comparison_errors, special_value_cases
from cases.rows import Table

TABLE = Table(
    "Greater",
    "opset1",
    cases=[
        *comparison_cases(),  # broadcasting; f32, i32, u8, f16, bf16, i64, boolean; ties and i32 extremes
        *special_value_cases(
            np.greater,
            nan_departure=(
                "the plugin's Greater is true when an operand is NaN on AVX-512 machines (false on AVX2 ones)"
            ),
        ),
        beyond_i32(np.greater, "i64", why="the plugin narrows i64 to i32"),
        beyond_i32(np.greater, "u32", why="the plugin narrows u32 to i32 (from 2^31 it is negative there)"),
    ],
    errors=comparison_errors("Greater"),
)  # broadcasting and attribute errors, mixed element types

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
