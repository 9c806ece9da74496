"""IsFinite-10: cases against the CPU plugin."""

import numpy as np

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
F32_MAX, F32_TINY = float(np.finfo(np.float32).max), float(np.finfo(np.float32).tiny)
SPECIAL = [INF, -INF, NAN, -NAN, 0.0, -0.0, 1e38, -3.5, F32_MAX, -F32_MAX, F32_TINY]
WHY_F64 = "the plugin computes f64 in f32, where infinities become +-FLT_MAX"
FINITE = [False, False, False, False, True, True, True, True, True, True, True]

TABLE = Table(
    "IsFinite",
    "opset10",
    cases=[
        Case((T("f32", (2, 3)),)),
        Case((T("f32", (11,), SPECIAL),), expect=(FINITE,), name="special values"),
        Case(
            (T("f32", (3,), [1e-45, 1e-40, -1e-40]),),
            expect=([True, True, True],),
            plugin=([False, False, False],),
            why="the plugin gives false for subnormal f32 values fed at run time",
            name="f32 subnormals",
        ),
        Case(
            (T("f32", (3,), [1e-45, NAN, -1e-40], const=True),),
            expect=([True, False, True],),
            name="constant, subnormals (OpenVINO folds them as the spec says)",
        ),
        Case(
            (T("f16", (7,), [INF, -INF, NAN, 65504.0, -65504.0, 6e-8, -0.0]),),
            expect=([False, False, False, True, True, True, True],),
            name="f16",
        ),
        Case(
            (T("bf16", (6,), [INF, -INF, NAN, 3e38, -1.5, 0.0]),),
            expect=([False, False, False, True, True, True],),
            name="bf16",
        ),
        Case(
            (T("f64", (4,), [1e300, -INF, NAN, 5e-324]),),
            expect=([True, False, False, True],),
            plugin=([True, True, False, True],),
            why=WHY_F64,
            name="f64",
        ),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), INF),), expect=(False,), name="scalar"),
        Case((T("f32", (1, 3, 1)),), name="1-sized dims"),
    ],
    errors=[
        Error(
            (T("i32", (2,)),),
            match="IsFinite's x must be of a floating-point type, got i32",
            code="S005",
            at="lint",
            name="integer",
        ),
        Error(
            (T("boolean", (2,)),),
            match="IsFinite's x must be of a floating-point type, got boolean",
            code="S005",
            at="lint",
            name="boolean",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
