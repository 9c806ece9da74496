"""IsNaN-10: cases against the CPU plugin."""

import numpy as np

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
F32_MAX = float(np.finfo(np.float32).max)
# NaNs of other bit patterns: signalling (quiet bit clear), negative, a payload.
ODD_NANS = np.array([0x7F800001, 0xFFC00000, 0x7FC12345, 0xFF800001], np.uint32).view(np.float32)

TABLE = Table(
    "IsNaN",
    "opset10",
    cases=[
        Case((T("f32", (2, 3)),)),
        Case(
            (T("f32", (8,), [INF, -INF, NAN, -NAN, 0.0, -0.0, F32_MAX, 1e-40]),),
            expect=([False, False, True, True, False, False, False, False],),
            name="special values",
        ),
        Case((T("f32", (4,), ODD_NANS),), expect=([True] * 4,), name="signalling, negative, payload NaNs"),
        Case((T("f32", (3,), [NAN, 1.0, -INF], const=True),), expect=([True, False, False],), name="constant"),
        Case(
            (T("f16", (5,), [INF, -INF, NAN, 65504.0, 6e-8]),), expect=([False, False, True, False, False],), name="f16"
        ),
        Case((T("bf16", (4,), [INF, NAN, 3e38, -1.5]),), expect=([False, True, False, False],), name="bf16"),
        Case((T("f64", (3,), [NAN, 1e300, -INF]),), expect=([True, False, False],), name="f64"),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), NAN),), expect=(True,), name="scalar"),
    ],
    errors=[
        Error(
            (T("i32", (2,)),),
            match="IsNaN's x must be of a floating-point type, got i32",
            code="S005",
            at="lint",
            name="integer",
        ),
        Error(
            (T("boolean", (2,)),),
            match="IsNaN's x must be of a floating-point type, got boolean",
            code="S005",
            at="lint",
            name="boolean",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
