"""Round-5: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
EVEN, AWAY = {"mode": "half_to_even"}, {"mode": "half_away_from_zero"}
# Ties both ways, the floats next to 0.5, large values (-0: in the rows below).
TIES = T("f32", (12,), [-4.5, -2.5, -1.9, -1.5, -0.5, -0.25, 0.0, 0.5, 0.50000006, 1.5, 2.5, 8388608.5 - 0.5])

TABLE = Table(
    "Round",
    "opset5",
    cases=[
        Case((T("f32", (3, 4)),)),
        Case((TIES,), name="ties, mode left out"),
        Case((TIES,), EVEN, name="ties half_to_even"),
        Case((TIES,), AWAY, name="ties half_away_from_zero"),
        Case((T("f32", (4,), [0.49999997, -0.49999997, 0.25, -0.0]),), EVEN, name="below 0.5 half_to_even"),
        Case(
            (T("f32", (4,), [0.49999997, -0.49999997, 0.25, -0.0]),),
            AWAY,
            name="below 0.5 half_away_from_zero",
            expect=([0.0, -0.0, 0.0, -0.0],),
            plugin=([1.0, -1.0, 0.0, 0.0],),
            why="the plugin rounds away from zero as floor(|x| + 0.5), and that f32 sum rounds up to 1; "
            "it also turns -0 into +0 in this mode",
        ),
        Case((T("f32", (3,), [INF, -INF, NAN]),), AWAY, name="infinities and NaN"),
        Case((T("f32", (4,), [2.5, -3.5, 4.25, -5.75]),), {"mode": "HALF_AWAY_FROM_ZERO"}, name="mode upper case"),
        Case((T("f16", (2, 4)),), EVEN),
        Case((T("f16", (2, 4)),), AWAY),
        Case((T("bf16", (2, 4)),), AWAY),
        Case((T("i32", (5,), [-16777216, -7, 0, 7, 16777216]),), AWAY, name="i32 unchanged"),
        Case(
            (T("i32", (3,), [16777217, 2147483647, -2147483648]),),
            name="i32 beyond f32",
            expect=([16777217, 2147483647, -2147483648],),
            plugin=([16777216, -2147483648, -2147483648],),
            why="the plugin computes integers through f32: beyond 2**24 they round, INT_MAX overflows",
        ),
        Case((T("u8", (4,)),), EVEN, name="u8"),
        Case(
            (T("i64", (4,), [-(2**40) - 1, 2**40 + 1, -(2**63), 3]),),
            name="i64 beyond i32",
            expect=([-(2**40) - 1, 2**40 + 1, -(2**63), 3],),
            plugin=([-1, 1, 0, 3],),
            why="the plugin computes i64 in i32: the high bits are lost",
        ),
        Case((T("f32", (0, 3)),), AWAY, name="empty"),
        Case((T("f32", (), [-3.5]),), AWAY, name="scalar"),
    ],
    errors=[
        Error((T("boolean", (2,)),), match="Round's x must be numeric", code="S005", at="lint", name="boolean"),
        Error((T("f32", (2,)),), attrs={"mode": "half_up"}, match="mode", code="O003", at="lint", name="bad mode"),
    ],
)

test_cases, test_errors = TABLE.pytest()
