"""Ceiling-1: cases against the CPU plugin."""
from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")

TABLE = Table("Ceiling", "opset1", cases=[
    Case((T("f32", (3, 4)),)),
    Case((T("f32", (12,), [-2.5, -1.5, -0.5, -0.25, -0.0, 0.0, 0.25, 0.5, 1.5, 2.5, 1e20, -16777215.5]),),
         name="halves, zeros, large"),
    Case((T("f32", (3,), [INF, -INF, NAN]),), name="infinities and NaN"),
    Case((T("f16", (2, 3)),)),
    Case((T("bf16", (2, 3)),)),
    Case((T("i32", (5,), [-16777216, -7, 0, 7, 16777216]),), name="i32 unchanged"),
    Case((T("i32", (3,), [16777217, 2147483647, -2147483648]),), name="i32 beyond f32",
         expect=([16777217, 2147483647, -2147483648],), plugin=([16777216, -2147483648, -2147483648],),
         why="the plugin computes integers through f32: beyond 2**24 they round, INT_MAX overflows"),
    Case((T("u8", (4,)),), name="u8"),
    Case((T("i64", (4,), [-2**40 - 1, 2**40 + 1, -2**63, 3]),), name="i64 beyond i32",
         expect=([-2**40 - 1, 2**40 + 1, -2**63, 3],), plugin=([-1, 1, 0, 3],),
         why="the plugin computes i64 in i32: the high bits are lost"),
    Case((T("f32", (0, 3)),), name="empty"),
    Case((T("f32", (), [-3.75]),), name="scalar"),
], errors=[
    Error((T("boolean", (2,)),), match="Ceiling's x must be numeric", code="S005", at="lint", name="boolean"),
])

test_cases, test_errors = TABLE.pytest()
