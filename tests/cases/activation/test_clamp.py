"""Clamp-1: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
MM = {"min": "-1.5", "max": "2.25"}

TABLE = Table(
    "Clamp",
    "opset1",
    cases=[
        Case((T("f32", (2, 3, 4)),), MM),
        Case((T("f32", (7,), [-INF, -20.0, -1.5, -0.0, 0.0, 2.25, INF]),), MM, name="signs and infinities"),
        Case(
            (T("f32", (2,), [NAN, 1.0]),),
            MM,
            expect=([NAN, 1.0],),
            plugin=[([-1.5, 1.0],), ([NAN, 1.0],)],
            why="the CPU plugin's clamp gives min for NaN",
            name="NaN",
        ),
        Case((T("f32", (4,), [-2.0, 0.5, 0.5, 3.0]),), {"min": "0.5", "max": "0.5"}, name="min equals max"),
        Case((T("f16", (2, 3)),), {"min": "-1.1", "max": "0.3"}),
        # An AVX2 machine rounds -1.1 to bf16 by truncation (-1.09375), AVX-512 to nearest (-1.1015625).
        Case((T("bf16", (2, 3)),), {"min": "-1.1", "max": "0.3"}, rtol=1e-2),
        Case((T("i32", (6,), [-5, -2, -1, 1, 2, 5]),), {"min": "-1.5", "max": "1.5"}, name="i32 bounds rounded inward"),
        Case((T("i64", (3, 4)),), {"min": "-20", "max": "30"}),
        Case((T("u8", (6,), [0, 1, 2, 100, 200, 255]),), {"min": "-5", "max": "300"}, name="u8 bounds beyond the type"),
        Case((T("i8", (4,), [-128, -1, 0, 127]),), {"min": "-3.7", "max": "3.7"}),
        Case((T("f32", (0, 3)),), MM, name="empty"),
        Case((T("f32", ()),), MM, name="scalar"),
    ],
    errors=[
        Error((T("boolean", (2,)),), attrs=MM, match="Clamp's x must be", code="S005", at="lint", name="boolean"),
        Error((T("f32", (2,)),), attrs={"max": "1"}, match="min", code="O003", at="lint", name="min left out"),
        Error((T("f32", (2,)),), attrs={"min": "1"}, match="max", code="O003", at="lint", name="max left out"),
        Error(
            (T("f32", (2,)),),
            attrs={"min": "2", "max": "1"},
            match="min must not exceed max",
            code="O003",
            at="lint",
            name="min above max",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
