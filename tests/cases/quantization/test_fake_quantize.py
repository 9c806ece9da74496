"""FakeQuantize-1: cases against the CPU plugin. The plugin computes ``x * scale + shift`` with
scales it works out ahead, so its f32 results off the exact levels may differ from the formula's in
the last bits: such cases carry a tolerance; cases on exact values compare exactly."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-6, "atol": 1e-6}
X = np.linspace(-1, 2, 25, dtype=np.float32)  # multiples of 1/8 from -1 to 2
HALVES = np.array([0.125, 0.375, 0.625, 0.875, -0.125, 1.0, 0.0], np.float32)  # *4: .5, 1.5, 2.5, 3.5


def s(v, et="f32", const=False):
    return T(et, (), [v], const=const)


def limits(il, ih, ol, oh, et="f32", const=False):
    return tuple(s(v, et, const) for v in (il, ih, ol, oh))


TABLE = Table(
    "FakeQuantize",
    "opset1",
    cases=[
        Case((T("f32", (2, 3, 4)),) + limits(-4, 4, -1, 1), {"levels": "256"}, name="levels 256", **TOL),
        Case((T("f32", (25,), X),) + limits(0, 1, 0, 1), {"levels": "3"}, name="levels 3 on exact values"),
        Case((T("f32", (25,), X),) + limits(0, 1, 0, 10), {"levels": "2"}, name="binarization"),
        Case((T("f32", (7,), HALVES),) + limits(0, 1, 0, 1), {"levels": "5"}, name="halves round to even"),
        Case(
            (T("f32", (7,), HALVES),) + limits(0, 1, 0, 1, const=True),
            {"levels": "5"},
            name="halves round to even, constant limits",
        ),
        Case((T("f32", (25,), X),) + limits(1, 0, 0, 1), {"levels": "3"}, name="input_low above input_high"),
        Case((T("f32", (25,), X),) + limits(0.5, 0.5, -1, 1), {"levels": "3"}, name="input_low equals input_high"),
        Case((T("f32", (25,), X),) + limits(0, 1, 1, -1), {"levels": "5"}, name="output range inverted"),
        Case((T("f32", (4,), [0, 1, -0.125, 1.125]),) + limits(0, 1, -2, 2), {"levels": "9"}, name="x at the bounds"),
        Case(
            (T("f32", (6,), [np.nan, np.inf, -np.inf, 0, 1, 0.5]),) + limits(0, 1, 0, 1),
            {"levels": "3"},
            name="NaN and infinities",
        ),
        Case(
            (
                T("f32", (2, 3, 4)),
                T("f32", (1, 3, 1), low=-40, high=-20),
                T("f32", (3, 1)),
                T("f32", (4,)),
                T("f32", (1, 1, 4)),
            ),
            {"levels": "17", "auto_broadcast": "numpy"},
            name="per-channel limits",
            **TOL,
        ),
        Case(
            (T("f32", (2, 3, 4)), T("f32", (1, 3, 1), const=True), T("f32", (1, 3, 1), const=True), s(-1), s(1)),
            {"levels": "255"},
            name="constant per-channel limits",
            **TOL,
        ),
        Case(
            (T("f32", (2, 3)), T("f32", (2, 3)), T("f32", (2, 3)), T("f32", (2, 3)), T("f32", (2, 3))),
            {"levels": "7", "auto_broadcast": "none"},
            name="auto_broadcast none",
            **TOL,
        ),
        Case((T("f32", (0, 3)),) + limits(0, 1, 0, 1), {"levels": "3"}, name="empty"),
        Case((T("f32", ()),) + limits(-8, 8, 0, 16), {"levels": "17"}, name="scalar"),
        Case((T("f16", (25,), X),) + limits(-0.5, 1.5, -1, 1, "f16"), {"levels": "255"}, name="f16"),
        Case((T("bf16", (25,), X),) + limits(-0.5, 1.5, -1, 1, "bf16"), {"levels": "255"}, name="bf16"),
        Case(
            (T("f16", (2, 3, 4)), T("f16", (3, 1)), T("f16", (3, 1)), s(0, "f16"), s(1, "f16")),
            {"levels": "16"},
            name="f16 per channel",
            rtol=1e-3,
            atol=1e-3,
        ),
    ],
)
TABLE.errors = [
    Error((T("f32", (3,)),) + limits(0, 1, 0, 1), "levels must be 2 or more", {"levels": "1"}, code="O003", at="lint"),
    Error(
        (T("f32", (3,)),) + limits(0, 1, 0, 1),
        "required attribute 'levels'",
        {},
        code="O003",
        at="lint",
        name="levels left out",
    ),
    Error(
        (T("f32", (3,)),) + limits(0, 1, 0, 1),
        "pdpd",
        {"levels": "3", "auto_broadcast": "pdpd"},
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (3,)),) + limits(0, 1, 0, 1),
        "auto_broadcast",
        {"levels": "3", "auto_broadcast": "bidi"},
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (4,)), T("f32", (2, 3, 1)), s(1), s(0), s(1)),
        "input_low .* would enlarge the output",
        {"levels": "3"},
        code="S005",
        at="lint",
        name="limit of higher rank",
    ),
    Error(
        (T("f32", (1, 4)), s(0), T("f32", (3, 1)), s(0), s(1)),
        "input_high .* would enlarge the output",
        {"levels": "3"},
        code="S005",
        at="lint",
        name="limit broadcasting x",
    ),
    Error(
        (T("f32", (2, 4)), s(0), s(1), T("f32", (3,)), s(1)),
        "output_low .* does not broadcast",
        {"levels": "3"},
        code="S005",
        at="lint",
        name="limit not broadcastable",
    ),
    Error(
        (T("f32", (2, 4)), s(0), s(1), s(0), T("f32", (2, 4))),
        "input_low .* auto_broadcast=.none. needs equal shapes",
        {"levels": "3", "auto_broadcast": "none"},
        code="S005",
        at="lint",
        name="none with a scalar limit",
    ),
    Error((T("i32", (3,)),) + limits(0, 1, 0, 1, "i32"), "floating-point", {"levels": "3"}, code="S005", at="lint"),
    Error((T("f32", (3,)), s(0), s(1, "f16"), s(0), s(1)), "one element type", {"levels": "3"}, code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
