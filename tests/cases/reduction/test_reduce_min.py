"""ReduceMin-1: cases against the CPU plugin; the minimum over the axes.

The minimum over a 0-sized axis into a non-empty output is the identity, as in ONNX: +inf for
floats (the plugin gives f32's and bf16's highest finite value at run time), the type's highest
value for integers (i32's for the plugin's i64), True for booleans (``_rows.nothing_cases``); an
empty output is just empty, as in the plugin. A NaN propagates; the plugin skips it unless it
comes last, compares i32 in f32 and keeps the low 32 bits of i64 (``plugin`` rows)."""

from cases.reduction._rows import ax, axes_cases, axes_errors, etype_cases, nothing_cases
from cases.rows import Case, T, Table

NAN = float("nan")

TABLE = Table(
    "ReduceMin",
    "opset1",
    cases=[
        *axes_cases(),  # keep_dims left out, false, true; axes negative, repeated, scalar, empty, at run time; scalar data
        Case((T("f32", (2, 0, 3)), ax([2])), name="an empty output over a non-empty axis"),
        Case((T("f32", (0, 3)), ax([1])), attrs={"keep_dims": "true"}, name="an empty output, keep_dims"),
        *nothing_cases(False),  # +inf, the integer types' bounds, True; keep_dims both ways
        *etype_cases(),  # i32, i64, u8, i8, f16, bf16
        Case(
            (T("f32", (3, 3), [NAN, 1, 2, 1, NAN, 2, 1, 2, NAN]), ax([1])),
            expect=([NAN, NAN, NAN],),
            plugin=[([1.0, 2.0, NAN],)],
            why="NaN: irexec's minimum is NaN when any element is; the plugin's skips a NaN unless it comes last",
        ),
        Case(
            (T("i32", (2, 2), [16777217, 16777219, 16777219, 2**31 - 1]), ax([1])),
            expect=([16777217, 16777219],),
            plugin=([16777216, 16777220],),
            why="the plugin compares i32 in f32: beyond 2^24 it rounds",
        ),
        Case(
            (T("i64", (2, 2), [2**40, 1, -(2**40), 2]), ax([1])),
            expect=([1, -(2**40)],),
            plugin=([0, 0],),
            why="the plugin computes i64 as i32 (keeps the low 32 bits)",
        ),
    ],
    errors=[
        *axes_errors(),  # axes out of range (at run time, constant), float axes, keep_dims="yes"
    ],
)

test_cases, test_errors = TABLE.pytest()
