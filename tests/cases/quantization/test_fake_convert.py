"""FakeConvert-13: cases against the CPU plugin.

Values where the plugin departs from the spec's formula are rows of their own: it saturates
(beyond the type, infinities, NaN), and it rounds f32 through f16 first."""

import ml_dtypes
import numpy as np

from cases.rows import Case, Error, T, Table

E4M3 = {"destination_type": "f8e4m3"}
E5M2 = {"destination_type": "f8e5m2"}
ONE, ZERO = T("f32", (), [1.0]), T("f32", (), [0.0])
# Within both types' ranges, exact in f16: one rounding only.
PLAIN = np.array(
    [0, 1, 1.0625, 1.125, 1.1875, -3.3125, 448, 464, 1e-3, 2**-9, 2**-10, 3 * 2**-11, 1e-6, -(2**-8), 0.3, -100],
    np.float32,
)
BEYOND = np.array([480, 1000, -1000, np.inf, -np.inf, np.nan], np.float32)
# Just off a tie between two f8e4m3 values (1 and 1.125): f16 rounds them onto the tie.
OFF_TIE = np.array([1.0625 + 2**-12, 1.0625 + 2**-13, 1.0625 - 2**-12], np.float32)
BF16_X = np.array([-1.25, 0.75, -0.625, 2.5, 7.0, -5.375], np.float32)


def spec(x, dtype, scale=1.0, shift=0.0):
    d = np.float32(x) * np.float32(scale) - np.float32(shift)
    return ((d.astype(dtype).astype(np.float32) + np.float32(shift)) / np.float32(scale)).astype(np.float32)


E4, E5 = ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2
WHY_SAT = "the plugin saturates: +-max for values beyond the type and for infinities, -max for NaN"

TABLE = Table(
    "FakeConvert",
    "opset13",
    cases=[
        Case((T("f32", (16,), PLAIN), ONE, ZERO), E4M3, name="f8e4m3 values"),
        Case((T("f32", (16,), PLAIN), ONE, ZERO), E5M2, name="f8e5m2 values"),
        Case((T("f32", (16,), PLAIN), ONE), E4M3, name="no shift"),
        Case((T("f32", (16,), PLAIN), T("f32", (), [2.0], const=True)), E5M2, name="constant scale, no shift"),
        Case(
            (T("f32", (2, 3, 4)), T("f32", (3, 1), [0.5, 2, 4]), T("f32", (3, 1), [0.25, -1, 0.5])),
            E4M3,
            name="per-channel scale and shift",
            rtol=1e-6,
            atol=1e-6,
        ),
        Case(
            (
                T("f32", (2, 3, 4)),
                T("f32", (4,), [0.5, 2, 4, 8], const=True),
                T("f32", (4,), [0, 1, -1, 2], const=True),
            ),
            E5M2,
            name="constant scale and shift",
            rtol=1e-6,
            atol=1e-6,
        ),
        Case((T("f32", (3,), [1, 2, -3]), T("f32", (), [0.0]), ZERO), E4M3, name="zero scale: NaN"),
        Case((T("f32", (0, 2)), ONE, ZERO), E4M3, name="empty"),
        Case((T("f32", (), [300.0]), ONE, ZERO), E4M3, name="scalar"),
        Case(
            (T("f32", (6,), BEYOND), ONE, ZERO),
            E4M3,
            expect=(spec(BEYOND, E4),),
            plugin=(np.array([448, 448, -448, 448, -448, -448], np.float32),),
            why=WHY_SAT,
            name="f8e4m3 beyond",
        ),
        Case(
            (T("f32", (6,), BEYOND * 64), ONE, ZERO),
            E5M2,
            expect=(spec(BEYOND * 64, E5),),
            plugin=(np.array([32768, 57344, -57344, 57344, -57344, -57344], np.float32),),
            why=WHY_SAT,
            name="f8e5m2 beyond",
        ),
        Case(
            (T("f32", (3,), OFF_TIE), ONE, ZERO),
            E4M3,
            expect=(spec(OFF_TIE, E4),),
            plugin=(np.array([1, 1, 1], np.float32),),
            name="f32 just off a tie",
            why="the plugin rounds f32 to f16 before f8, so a value just off a tie rounds twice",
        ),
        Case(
            (T("f32", (2,), [-(2**-17), -0.0]), ONE, ZERO),
            E4M3,
            expect=(np.array([0.0, 0.0], np.float32),),
            plugin=(np.array([-0.0, -0.0], np.float32),),
            name="a negative value that rounds to -0, shift 0",
            why="the plugin keeps -0 where the formula adds the shift 0 to it (giving +0)",
        ),
        Case((T("f32", (2,), [-(2**-17), -0.0]), ONE), E4M3, name="a negative value that rounds to -0, no shift"),
        Case((T("f16", (16,), PLAIN), T("f16", (), [1.0]), T("f16", (), [0.0])), E4M3, name="f16"),
        Case(
            (T("f16", (2, 3)), T("f16", (3,), [0.5, 2, 3]), T("f16", (3,), [0.5, 0, -0.25])),
            E4M3,
            name="f16 with scale and shift",
        ),
        Case((T("bf16", (16,), PLAIN), T("bf16", (), [1.0])), E5M2, name="bf16"),
        Case(
            (T("bf16", (6,), BF16_X), T("bf16", (), [3.0]), T("bf16", (), [0.5])),
            E4M3,
            expect=(spec(BF16_X, E4, 3.0, 0.5).astype(ml_dtypes.bfloat16),),
            plugin=[
                (np.array([-1.171875, 0.75, -0.66796875, 2.5, 6.84375, -5.1875], ml_dtypes.bfloat16),),
                (np.array([-1.1640625, 0.75, -0.6640625, 2.5, 6.8125, -5.15625], ml_dtypes.bfloat16),),
            ],
            name="bf16 with a scale of 3",
            why="for bf16 the plugin multiplies by 1/scale rounded to bf16 (AVX-512 machines); AVX2 machines give "
            "other values one bf16 ulp off",
        ),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (3,)), ONE),
        "required attribute 'destination_type'",
        {},
        code="O003",
        at="lint",
        name="destination_type left out",
    ),
    Error((T("f32", (3,)), ONE), "destination_type", {"destination_type": "f8e8m0"}, code="O003", at="lint"),
    Error((T("f64", (3,)), T("f64", ())), "data must be f16 or bf16 or f32", E4M3, code="S005", at="lint"),
    Error((T("i32", (3,)), T("i32", ())), "data must be", E4M3, code="S005", at="lint", name="integers"),
    Error((T("f32", (3,)), T("f16", ())), "one element type", E4M3, code="S005", at="lint"),
    Error(
        (T("f32", (2, 3)), T("f32", (3,)), T("f32", (1,))),
        "shift \\[1\\] must have scale's shape",
        E4M3,
        code="S005",
        at="lint",
    ),
    Error((T("f32", (2, 3)), T("f32", (2, 1, 3))), "scale .* would enlarge the output", E4M3, code="S005", at="lint"),
    Error((T("f32", (2, 3)), T("f32", (2,))), "scale .* does not broadcast", E4M3, code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
