"""Rows that sibling unary ops share (each table still names its op and its own rows)."""

from .rows import Case, Error, T

NAN, INF = float("nan"), float("inf")
# bf16: one ulp (2**-7 relative), as AVX2 machines round bf16 differently from AVX-512 ones.
F32, HALF, BF16 = dict(rtol=1e-6, atol=1e-6), dict(rtol=1e-3, atol=1e-3), dict(rtol=8e-3, atol=8e-3)


def boolean_refused(op_type: str) -> Error:
    """A numeric op refuses a boolean input, found without data."""
    return Error((T("boolean", (2,)),), match=f"{op_type}'s x must be numeric", code="S005", at="lint", name="boolean")


def float_only_refusals(op_type: str) -> list:
    """An op on floats refuses a boolean and an integer input, found without data."""
    return [
        Error((T("boolean", (2,)),), match=f"{op_type}'s x must be", code="S005", at="lint", name="boolean"),
        Error((T("i32", (2,)),), match=f"{op_type}'s x must be", code="S005", at="lint", name="integer"),
    ]


def rounding_cases() -> list:
    """Floor's and Ceiling's rows: halves, zeros and large values, infinities and NaN, f16/bf16,
    integers unchanged (the plugin computes them through f32: beyond 2**24 they round, and i64
    loses its high bits there), an empty tensor and a scalar."""
    return [
        Case((T("f32", (3, 4)),)),
        Case(
            (T("f32", (12,), [-2.5, -1.5, -0.5, -0.25, -0.0, 0.0, 0.25, 0.5, 1.5, 2.5, 1e20, -16777215.5]),),
            name="halves, zeros, large",
        ),
        Case((T("f32", (3,), [INF, -INF, NAN]),), name="infinities and NaN"),
        Case((T("f16", (2, 3)),)),
        Case((T("bf16", (2, 3)),)),
        Case((T("i32", (5,), [-16777216, -7, 0, 7, 16777216]),), name="i32 unchanged"),
        Case(
            (T("i32", (3,), [16777217, 2147483647, -2147483648]),),
            name="i32 beyond f32",
            expect=([16777217, 2147483647, -2147483648],),
            plugin=([16777216, -2147483648, -2147483648],),
            why="the plugin computes integers through f32: beyond 2**24 they round, INT_MAX overflows",
        ),
        Case((T("u8", (4,)),), name="u8"),
        Case(
            (T("i64", (4,), [-(2**40) - 1, 2**40 + 1, -(2**63), 3]),),
            name="i64 beyond i32",
            expect=([-(2**40) - 1, 2**40 + 1, -(2**63), 3],),
            plugin=([-1, 1, 0, 3],),
            why="the plugin computes i64 in i32: the high bits are lost",
        ),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [-3.75]),), name="scalar"),
    ]


def trigonometric_cases() -> list:
    """Sin's and Cos's rows: random and special angles (zeros, multiples of pi, larger angles),
    infinities and NaN, f16/bf16 within a rounding, integers rounded to nearest, an empty tensor
    and a scalar."""
    return [
        Case((T("f32", (4, 4)),), **F32),
        Case(
            (T("f32", (8,), [0.0, -0.0, 1e-20, 1.5707964, 3.1415927, -6.2831855, 50.0, -100.25]),),
            name="zeros, multiples of pi, larger angles",
            **F32,
        ),
        Case((T("f32", (3,), [INF, -INF, NAN]),), name="infinities and NaN"),
        Case((T("f16", (2, 3)),), **HALF),
        Case((T("bf16", (2, 3)),), **BF16),
        Case((T("i32", (8,), [-3, -1, 0, 1, 2, 4, 5, 100]),), name="i32 rounds to nearest"),
        Case((T("u8", (4,), [0, 3, 7, 255]),), name="u8"),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), [0.25]),), name="scalar", **F32),
    ]
