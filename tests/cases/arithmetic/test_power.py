"""Power-1: cases against the CPU plugin.

The plugin's f32 power is powf, within an ulp of irexec's (the f64 power rounded once): float
cases allow an ulp. Integers: exact, wrapping on overflow; a negative exponent truncates 1 / a^n
toward zero (0 but for bases 1 and -1). The plugin computes integer powers in f32 and converts
back, saturating at 8 bits and giving INT_MIN beyond i32: ``plugin`` rows. Zero to a negative
integer power is an error."""

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

INF, NAN = float("inf"), float("nan")
ULP = 2.0**-23
SA = [0.0, -0.0, -2.0, -8.0, INF, 2.0, 1.0, NAN, -2.0, 0.5, -INF]
SB = [-1.0, -1.0, 0.5, 1 / 3, -1.0, INF, NAN, 0.0, 3.0, -INF, 3.0]
SPECIAL = [INF, -INF, NAN, NAN, 0.0, INF, 1.0, 1.0, -8.0, INF, -INF]

TABLE = Table(
    "Power",
    "opset1",
    cases=[
        *broadcasting("f32", rtol=ULP),
        *broadcasting("i32", a={"low": -3, "high": 4}, b={"low": 0, "high": 5})[:5],
        *broadcasting("u8", a={"high": 4}, b={"high": 4})[:3],
        Case((T("f32", (2, 3)), T("f32", (), 2.0, const=True)), name="a constant exponent 2"),
        Case(
            (T("f32", (2, 3), low=0, high=9), T("f32", (3,), [0.5, -1.0, 3.0], const=True)),
            name="constant exponents",
            rtol=ULP,
        ),
        Case((T("f32", (3,), [2.0, 0.5, 1.5], const=True), T("f32", (2, 3))), name="a constant base", rtol=ULP),
        Case(
            (T("i32", (9,), [2, -2, 1, 1, -1, -1, 3, -3, 5]), T("i32", (9,), [-1, -1, -5, -2, -3, -4, -2, -1, -3])),
            expect=([0, 0, 1, 1, -1, 1, 0, 0, 0],),
            name="i32 negative exponents",
        ),
        Case(
            (T("i64", (9,), [2, -2, 1, 1, -1, -1, 3, -3, 5]), T("i64", (9,), [-1, -1, -5, -2, -3, -4, -2, -1, -3])),
            name="i64 negative exponents",
        ),
        Case((T("i32", (4,), [-3, 7, 0, 2]), T("i32", (4,), [3, 2, 0, 10])), name="i32 odd, even, 0^0"),
        Case((T("f16", (2, 3), low=0, high=5), T("f16", (3,), [0.5, -1.0, 2.0]))),
        Case((T("f16", (3,), [0.25, 1.5, 3.0]), T("f16", (2, 3)))),
        Case((T("bf16", (2, 3), low=0, high=5), T("bf16", (3,), [0.5, -1.0, 2.0]))),
        Case((T("bf16", (3,), [0.25, 1.5, 3.0]), T("bf16", (2, 3)))),
        Case((T("f32", (11,), SA), T("f32", (11,), SB)), expect=(SPECIAL,), name="f32 0^-1, inf, NaN, negative bases"),
        Case((T("f16", (11,), SA), T("f16", (11,), SB)), name="f16 specials"),
        Case((T("bf16", (11,), SA), T("bf16", (11,), SB)), name="bf16 specials"),
        Case(
            (T("i32", (3,), [10, 2, 3]), T("i32", (3,), [10, 31, 20])),
            expect=([10**10 - 2 * 2**32, -(2**31), 3**20 - 2**32],),
            plugin=([-(2**31)] * 3,),
            why="the plugin computes integer Power in f32 (INT_MIN beyond i32); the spec wraps",
        ),
        Case(
            (T("i8", (3,), [-3, 5, 2]), T("i8", (3,), [5, 5, 7])),
            expect=([13, 53, -128],),
            plugin=([-128, 127, 127],),
            why="the plugin computes integer Power in f32 and saturates i8",
        ),
        Case(
            (T("u8", (3,), [4, 10, 2]), T("u8", (3,), [5, 10, 9])),
            expect=([0, 0, 0],),
            plugin=([255, 0, 255],),
            why="the plugin computes integer Power in f32 and saturates u8",
        ),
        Case(
            (T("i64", (2,), [2, 3]), T("i64", (2,), [40, 3])),
            expect=([2**40, 27],),
            plugin=([-(2**31), 27],),
            why="the plugin narrows i64 to i32",
        ),
    ],
)
TABLE.errors = [
    *broadcast_errors(),
    Error(
        (T("boolean", (2,)), T("boolean", (2,))),
        match="must be numeric",
        code="S005",
        at="lint",
        name="boolean operands",
    ),
    Error(
        (T("i32", (2,), [0, 2]), T("i32", (2,), [-2, 2])),
        match="integer zero raised to a negative power",
        code="S005",
        name="i32 0^-2",
        at="run",
    ),
    Error(
        (T("i64", (2, 2), [[1, 0], [3, 0]]), T("i64", (2,), [5, -1], const=True)),
        match="integer zero raised to a negative power",
        code="S005",
        name="i64 0^-1, constant exponent",
        at="run",
    ),
    Error(
        (T("i8", (), 0), T("i8", (3,), [1, -3, 2])),
        match="integer zero raised to a negative power",
        code="S005",
        name="i8 scalar 0",
        at="run",
    ),
    Error(
        (T("f32", (2,)), T("i32", (2,), [1, 2])),
        match="Power's a and b must have one element type",
        code="S005",
        name="f32 with i32",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
