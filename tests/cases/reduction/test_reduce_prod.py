"""ReduceProd-1: cases against the CPU plugin; the product over the axes (of nothing, 1). Integer
products wrap as in C; the plugin saturates i8/u8 products and keeps the low 32 bits of i64
(``plugin`` rows)."""

from cases.reduction._rows import ax, axes_cases, axes_errors
from cases.rows import Case, T, Table

TABLE = Table(
    "ReduceProd",
    "opset1",
    cases=[
        # keep_dims left out, false, true; axes negative, repeated, scalar, empty, at run time; scalar data.
        # The plugin's products agree to the bit in the rows named in exact, the others within rtol.
        *axes_cases(rtol=1e-6, exact=("keep_dims left out", "repeated axes", "scalar axes at run time", "every axis")),
        Case((T("f32", (2, 0, 3)), ax([1])), name="the product of nothing is 1"),
        Case((T("i32", (2, 0, 3)), ax([-2])), attrs={"keep_dims": "true"}, name="the product of nothing is 1, i32"),
        # Element types, with values whose products fit.
        Case((T("i32", (3, 4), low=-6, high=6), ax([1]))),
        Case((T("i64", (2, 3, 2), low=-6, high=6), ax([1, 2])), attrs={"keep_dims": "true"}),
        Case((T("u8", (3, 2), low=0, high=12), ax([1]))),
        Case((T("i8", (2, 3), low=-5, high=5), ax([-1]))),
        Case((T("f16", (3, 4)), ax([1]))),
        Case((T("bf16", (2, 3)), ax([0])), attrs={"keep_dims": "true"}),
        Case(
            (T("u8", (2, 2), [200, 2, 16, 17]), ax([1])),
            expect=([144, 16],),
            plugin=([255, 255],),
            why="the plugin saturates u8 products; integers wrap as in C",
        ),
        Case(
            (T("i8", (2, 2), [-100, 2, 16, -17]), ax([1])),
            expect=([56, -16],),
            plugin=([-128, -128],),
            why="the plugin saturates i8 products; integers wrap as in C",
        ),
        Case(
            (T("i64", (2, 2), [2**40, 1, -(2**40), 2]), ax([1])),
            expect=([2**40, -(2**41)],),
            plugin=([0, 0],),
            why="the plugin computes i64 as i32 (keeps the low 32 bits)",
        ),
    ],
    errors=axes_errors(),
)  # axes out of range (at run time, constant), float axes, keep_dims="yes"

test_cases, test_errors = TABLE.pytest()
