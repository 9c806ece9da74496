"""ErfInv-17: cases against the CPU plugin."""

from cases.rows import Case, T, Table
from cases.unary import float_only_refusals

NAN, INF = float("nan"), float("inf")
# The plugin's f32 approximation is within 1.1e-4 (relative) of erfinv for |x| < 0.995 and within
# 5.3e-3 beyond (its worst, near 0.9966); irexec's is the correctly rounded f32.
F32, TAIL, HALF = dict(rtol=2e-4, atol=1e-7), dict(rtol=6e-3, atol=0.0), dict(rtol=5e-3, atol=1e-3)
INNER = [-0.99, -0.9, -0.7, -0.5, -0.3, -0.1, -1e-3, 0.0, 1e-3, 0.1, 0.2, 0.4, 0.6, 0.8, 0.95, 0.994]

TABLE = Table(
    "ErfInv",
    "opset17",
    cases=[
        Case((T("f32", (4, 4), INNER),), **F32),
        Case(
            (T("f32", (8,), [-0.0, 1e-20, 1e-38, -1e-30, 0.5, 0.25, -0.75, 0.125]),),
            name="zeros, tiny, halves",
            **F32,
        ),
        Case(
            (T("f32", (7,), [0.995, 0.9966, -0.999, 0.9999, 0.999999, 0.99999994, -0.99999994]),),
            name="the tail, up to the last f32 below 1",
            **TAIL,
        ),
        Case(
            (T("f32", (9,), [1.0, -1.0, 1.0000001, -1.0000001, 2.0, -8.0, INF, -INF, NAN]),),
            name="+-1 are +-inf, beyond the domain NaN",
        ),
        Case((T("f16", (2, 8), INNER),), **HALF),
        Case((T("f16", (6,), [1.0, -1.0, 2.0, -0.0, 0.5, -0.5]),), name="f16 specials", **HALF),
        Case(
            (T("bf16", (2, 3), [[-0.5, 0.0, 0.25], [0.75, 1.0, -1.0]]),),
            name="bf16",
            expect=([[-0.4765625, 0.0, 0.2255859375], [0.8125, INF, -INF]],),
            plugin=([[-1.73828125, 0.0, 1.6005859375], [1.828125, NAN, NAN]],),
            why="the plugin's bf16 ErfInv is not erfinv: 1.6 for 0.25, 1.83 for 0.75 and NaN for +-1 "
            "(f16 and f32 are within their rounding)",
        ),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [0.25]),), name="scalar", **F32),
    ],
    errors=float_only_refusals("ErfInv"),
)

test_cases, test_errors = TABLE.pytest()
