"""IsInf-10: cases against the CPU plugin: every combination of detect_negative and
detect_positive, each left out too (default true)."""

import numpy as np

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
F32_MAX = float(np.finfo(np.float32).max)
X = [INF, -INF, NAN, -NAN, 0.0, -0.0, F32_MAX, -F32_MAX, 1e-40, -3.5]
BOTH = [True, True] + [False] * 8
POS = [True] + [False] * 9
NEG = [False, True] + [False] * 8
NONE = [False] * 10


def case(attrs, want, etype="f32", name=""):
    return Case(
        (T(etype, (len(X),), X),), attrs, expect=(want,), name=name or f"{etype} {attrs or 'attributes left out'}"
    )


TABLE = Table(
    "IsInf",
    "opset10",
    cases=[
        case({}, BOTH),
        case({"detect_negative": "true", "detect_positive": "true"}, BOTH),
        case({"detect_negative": "false"}, POS),
        case({"detect_positive": "false"}, NEG),
        case({"detect_negative": "false", "detect_positive": "true"}, POS),
        case({"detect_negative": "true", "detect_positive": "false"}, NEG),
        case({"detect_negative": "false", "detect_positive": "false"}, NONE),
        Case((T("f32", (2, 3)),)),
        Case(
            (T("f32", (3,), [INF, -INF, 1.0], const=True),),
            {"detect_positive": "false"},
            expect=([False, True, False],),
            name="constant",
        ),
        Case(
            (T("f16", (5,), [INF, -INF, NAN, 65504.0, -65504.0]),),
            expect=([True, True, False, False, False],),
            name="f16",
        ),
        Case(
            (T("f16", (3,), [INF, -INF, 1.0]),),
            {"detect_negative": "false"},
            expect=([True, False, False],),
            name="f16 positive only",
        ),
        Case(
            (T("bf16", (4,), [INF, -INF, NAN, 3e38]),),
            {"detect_positive": "false"},
            expect=([False, True, False, False],),
            name="bf16 negative only",
        ),
        Case(
            (T("f64", (3,), [INF, -INF, 1e300]),),
            expect=([True, True, False],),
            plugin=([False, False, False],),
            why="the plugin computes f64 in f32, where infinities become +-FLT_MAX",
            name="f64",
        ),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), -INF),), {"detect_negative": "false"}, expect=(False,), name="scalar"),
    ],
    errors=[
        Error(
            (T("i32", (2,)),),
            match="IsInf's x must be of a floating-point type, got i32",
            code="S005",
            at="lint",
            name="integer",
        ),
        Error(
            (T("boolean", (2,)),),
            match="IsInf's x must be of a floating-point type, got boolean",
            code="S005",
            at="lint",
            name="boolean",
        ),
        Error(
            (T("f32", (2,)),),
            attrs={"detect_negative": "maybe"},
            match="detect_negative",
            code="O003",
            at="lint",
            name="detect_negative not a boolean",
        ),
        Error(
            (T("f32", (2,)),),
            attrs={"detect_positive": "2"},
            match="detect_positive",
            code="O003",
            at="lint",
            name="detect_positive not a boolean",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
