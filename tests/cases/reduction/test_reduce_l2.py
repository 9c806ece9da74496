"""ReduceL2-4: cases against the CPU plugin; ``sqrt`` of the sum of squares over the axes (over no
axes, ``|x|``).

Integer norms agree while the squares fit the data's type (irexec sums them there, wrapping, and
truncates the root); the plugin saturates the u8 sum (a ``plugin`` row)."""

from cases.reduction._rows import ax, axes_cases, axes_errors, etype_cases
from cases.rows import Case, T, Table

TABLE = Table(
    "ReduceL2",
    "opset4",
    cases=[
        # keep_dims left out, false, true; axes negative, repeated, scalar, empty, at run time; scalar data
        *axes_cases(rtol=1e-6, names={"empty axes reduce nothing": "empty axes: |x|"}),
        Case((T("f32", (2, 0, 3)), ax([1])), name="the norm of nothing is 0"),
        Case((T("i32", (3, 2), [-3, 4, 5, 12, 2, 3]), ax([1])), expect=([5, 13, 3],), name="integer roots truncate"),
        *etype_cases(u8=(0, 8), i8=(-5, 5), rounded=True),  # i32, i64, u8, i8, f16, bf16 (u8, i8: squares that fit)
        Case(
            (T("u8", (2, 2), [16, 17, 3, 4]), ax([1])),
            expect=([5, 5],),
            plugin=([15, 5],),
            why="the plugin saturates the u8 sum of squares (255); irexec wraps it (545 - 512 = 33)",
        ),
    ],
    errors=axes_errors(),
)  # axes out of range (at run time, constant), float axes, keep_dims="yes"

test_cases, test_errors = TABLE.pytest()
