"""ReduceSum-1: cases against the CPU plugin; the sum over the axes (of nothing, 0). Integer sums
wrap as in C; the plugin saturates i8/u8 sums, sums i32 in f32 and keeps the low 32 bits of i64
(``plugin`` rows). Beside the cases every Reduce has, it takes the axes further: negative and
repeated ones at run time, scalar axes, every axis kept, a scalar's axis -1 and empty axes, and
errors for a scalar's axis 1 and 2-D axes."""

from cases.reduction._rows import ax, axes_cases, axes_errors, etype_cases
from cases.rows import Case, Error, T, Table

TABLE = Table(
    "ReduceSum",
    "opset1",
    cases=[
        *axes_cases(),  # keep_dims left out, false, true; axes negative, repeated, scalar, empty, at run time; scalar data
        Case(
            (T("f32", (2, 3, 4)), ax([-2], "i32", const=False)),
            attrs={"keep_dims": "true"},
            name="negative i32 axes at run time",
        ),
        Case(
            (T("f32", (2, 3, 4)), ax([1, -2], const=False)),
            attrs={"keep_dims": "true"},
            name="repeated axes at run time",
        ),
        Case((T("f32", (2, 3)), ax(1)), name="scalar axes"),
        Case((T("f32", (2, 3)), ax([1, 0])), attrs={"keep_dims": "true"}, name="every axis kept"),
        Case((T("f32", ()), ax([-1])), attrs={"keep_dims": "false"}, name="scalar data, axis -1"),
        Case((T("f32", ()), ax([])), name="scalar data, empty axes"),
        Case((T("f32", (2, 0, 3)), ax([1])), name="summing nothing gives 0"),
        Case((T("f32", (2, 0, 3)), ax([2])), attrs={"keep_dims": "true"}, name="empty data"),
        *etype_cases(u8=(0, 60), i8=(-30, 30)),  # i32, i64, u8, i8, f16, bf16 (u8, i8: sums that fit)
        Case(
            (T("u8", (2, 2), [200, 100, 255, 1]), ax([1])),
            expect=([44, 0],),
            plugin=([255, 255],),
            why="the plugin saturates u8 sums; integers wrap as in C",
        ),
        Case(
            (T("i8", (2, 2), [100, 100, -100, -101]), ax([1])),
            expect=([-56, 55],),
            plugin=([127, -128],),
            why="the plugin saturates i8 sums; integers wrap as in C",
        ),
        Case(
            (T("i32", (2, 2), [16777217, 1, 2**31 - 1, 1]), ax([1])),
            expect=([16777218, -(2**31)],),
            plugin=([16777216, -(2**31)],),
            why="the plugin sums i32 in f32: beyond 2^24 it rounds",
        ),
        Case(
            (T("i64", (2, 2), [2**40, 1, -(2**40), 2]), ax([1])),
            expect=([2**40 + 1, -(2**40) + 2],),
            plugin=([1, 2],),
            why="the plugin computes i64 as i32 (keeps the low 32 bits)",
        ),
    ],
    errors=[
        *axes_errors(negative=(0, -4)),  # axes out of range (at run time, constant), float axes, keep_dims="yes"
        Error(
            (T("f32", ()), ax([1], const=False)),
            match="out of range for a scalar",
            code="S005",
            name="scalar data, axis 1",
            at="run",
        ),
        Error(
            (T("f32", (2, 3)), T("i64", (1, 1), [[1]], const=True)),
            match="axes must be a scalar or 1-D",
            code="S005",
            name="2-D axes",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
