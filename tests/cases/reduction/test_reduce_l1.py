"""ReduceL1-4: cases against the CPU plugin; the sum of ``|x|`` over the axes (over no axes,
``|x|``). The plugin saturates u8 sums, sums i32 in f32 and keeps the low 32 bits of i64 (``plugin``
rows)."""

from cases.reduction._rows import ax, axes_cases, axes_errors, etype_cases
from cases.rows import Case, T, Table

TABLE = Table(
    "ReduceL1",
    "opset4",
    cases=[
        # keep_dims left out, false, true; axes negative, repeated, scalar, empty, at run time; scalar data
        *axes_cases(names={"empty axes reduce nothing": "empty axes: |x|"}),
        Case((T("f32", (2, 0, 3)), ax([1])), name="the norm of nothing is 0"),
        *etype_cases(u8=(0, 60), i8=(-30, 30)),  # i32, i64, u8, i8, f16, bf16 (u8, i8: sums that fit)
        Case(
            (T("u8", (2, 2), [200, 100, 255, 1]), ax([1])),
            expect=([44, 0],),
            plugin=([255, 255],),
            why="the plugin saturates u8 sums; integers wrap as in C",
        ),
        Case(
            (T("i32", (2, 2), [16777217, 1, -16777217, -3]), ax([1])),
            expect=([16777218, 16777220],),
            plugin=([16777216, 16777220],),
            why="the plugin sums i32 in f32: beyond 2^24 it rounds",
        ),
        Case(
            (T("i64", (2, 2), [2**40, 1, -(2**40), 2]), ax([1])),
            expect=([2**40 + 1, 2**40 + 2],),
            plugin=([1, 2],),
            why="the plugin computes i64 as i32 (keeps the low 32 bits)",
        ),
    ],
    errors=axes_errors(),
)  # axes out of range (at run time, constant), float axes, keep_dims="yes"

test_cases, test_errors = TABLE.pytest()
