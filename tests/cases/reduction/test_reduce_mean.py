"""ReduceMean-1: cases against the CPU plugin; the mean over the axes (repeated axes counted once).

An integer mean truncates toward zero, in the plugin as in irexec (-7 / 3 is -2, not -3). The
mean of nothing is NaN (0 / 0); the plugin gives 0, saturates i8/u8 sums, sums i32 in f32 and
keeps the low 32 bits of i64 (``plugin`` rows)."""

import numpy as np

from cases.reduction._rows import ax, axes_cases, axes_errors
from cases.rows import Case, T, Table

NAN = float("nan")

TABLE = Table(
    "ReduceMean",
    "opset1",
    cases=[
        # keep_dims left out, false, true; axes negative, repeated, scalar, empty, at run time; scalar data
        *axes_cases(rtol=1e-6, names={"repeated axes": "repeated axes: counted once"}),
        Case((T("i32", (3, 2), [-3, -4, 3, 4, -1, 0]), ax([1])), expect=([-3, 3, 0],), name="halves truncate"),
        Case(
            (T("i32", (2, 3), [-1, -1, 0, -5, 0, 0]), ax([-1], const=False)),
            attrs={"keep_dims": "true"},
            expect=([[0], [-1]],),
            name="thirds truncate, axes at run time",
        ),
        Case((T("i64", (2, 3), [-7, 0, 0, 7, 0, 0]), ax([1, 0], "i32")), expect=(0,), name="every axis truncates"),
        Case((T("i8", (3, 5), low=-20, high=20), ax([1]))),
        Case((T("u8", (4, 3), low=0, high=60), ax([0])), attrs={"keep_dims": "true"}),
        Case((T("f16", (3, 4)), ax([1])), rtol=1e-3),
        Case((T("bf16", (3, 4)), ax([0])), attrs={"keep_dims": "true"}, rtol=2**-7),
        Case(
            (T("f32", (2, 0, 3)), ax([1])),
            expect=(np.full((2, 3), NAN, np.float32),),
            plugin=(np.zeros((2, 3), np.float32),),
            why="the mean of nothing: 0 / 0 is NaN; the plugin gives 0",
        ),
        Case((T("i32", (2, 0, 3)), ax([1])), name="the integer mean of nothing"),
        Case(
            (T("u8", (2, 2), [200, 200, 255, 1]), ax([1])),
            expect=([72, 0],),
            plugin=([127, 127],),
            why="the plugin saturates u8 sums; integers wrap as in C",
        ),
        Case(
            (T("i8", (2, 2), [100, 100, -100, -101]), ax([1])),
            expect=([-28, 27],),
            plugin=([63, -64],),
            why="the plugin saturates i8 sums; integers wrap as in C",
        ),
        Case(
            (T("i32", (2, 2), [16777217, 1, 2**31 - 1, 1]), ax([1])),
            expect=([8388609, -(2**30)],),
            plugin=([8388608, -(2**30)],),
            why="the plugin sums i32 in f32: beyond 2^24 it rounds",
        ),
        Case(
            (T("i64", (2, 2), [2**40, 2, -(2**40), 4]), ax([1])),
            expect=([2**39 + 1, -(2**39) + 2],),
            plugin=([1, 2],),
            why="the plugin computes i64 as i32 (keeps the low 32 bits)",
        ),
    ],
    errors=axes_errors(),
)  # axes out of range (at run time, constant), float axes, keep_dims="yes"

test_cases, test_errors = TABLE.pytest()
