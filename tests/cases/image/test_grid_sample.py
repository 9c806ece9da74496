"""GridSample-9: cases against the CPU plugin: every mode, padding_mode and align_corners, the
attributes left out, points far outside the image, halves in nearest, the float types for data
and grid, integer data, an empty grid. Floats compare within 1e-5 (the plugin sums the taps in
another order). The plugin's departure: it rounds u8/i8 results to the nearest (a plugin row)."""

import itertools

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}
HALF_TOL = {"rtol": 1e-2, "atol": 2e-2}


def grid(shape, spread=1.3, seed=0, etype="f32", const=False):
    """Points in [-spread, spread) (past -1 and 1: outside the image), exact in f16 too."""
    values = np.random.default_rng(seed).uniform(-spread, spread, shape)
    return T(etype, shape, (np.round(values * 256) / 256).astype(np.float32), const=const)


def attrs(mode=None, padding=None, align=None):
    out = {"mode": mode, "padding_mode": padding, "align_corners": align}
    return {k: v for k, v in out.items() if v is not None}


DATA = T("f32", (2, 3, 5, 7))
GRID = grid((2, 4, 6, 2))
FAR = grid((1, 3, 5, 2), spread=6.0, seed=3)  # (points several images away: reflected many times)

COMBOS = [
    Case((DATA, GRID), attrs(mode, padding, align), name=f"{mode}, {padding}, align_corners {align}", **TOL)
    for mode, padding, align in itertools.product(
        ("bilinear", "bicubic", "nearest"), ("zeros", "border", "reflection"), ("false", "true")
    )
]

TABLE = Table(
    "GridSample",
    "opset9",
    cases=COMBOS
    + [
        Case((DATA, GRID), name="attributes left out", **TOL),
        Case(
            (T("f32", (1, 2, 4, 6)), FAR), attrs("bicubic", "reflection"), name="far points, bicubic reflection", **TOL
        ),
        Case(
            (T("f32", (1, 2, 4, 6)), FAR),
            attrs("bilinear", "reflection", "true"),
            name="far points, bilinear reflection, align_corners",
            **TOL,
        ),
        Case((T("f32", (1, 2, 4, 6)), FAR), attrs("nearest", "border"), name="far points, nearest border", **TOL),
        Case(
            (T("f32", (1, 1, 1, 1)), FAR), attrs("bicubic", "reflection", "true"), name="a 1x1 image, reflection", **TOL
        ),
        # Pixel coordinates 0.5, 1.5, 2.5, 3.5 (x and y alike) round to 0, 2, 2, 4 (outside: 0).
        Case(
            (
                T("f32", (1, 1, 4, 4), np.arange(16)),
                T("f32", (1, 1, 4, 2), [[[[-0.5, -0.5], [0, 0], [0.5, 0.5], [1, 1]]]]),
            ),
            attrs("nearest"),
            name="nearest, halves to even",
            expect=([[[[0, 10, 10, 0]]]],),
        ),
        Case((DATA, grid((2, 4, 6, 2), const=True)), attrs("bicubic", "border"), name="constant grid", **TOL),
        Case((T("f16", (1, 2, 5, 7)), grid((1, 3, 4, 2), etype="f16")), attrs("bilinear"), name="f16", **HALF_TOL),
        Case(
            (T("f32", (1, 2, 5, 7)), grid((1, 3, 4, 2), etype="f16")),
            attrs("bicubic"),
            name="f32 data, f16 grid",
            **TOL,
        ),
        Case(
            (T("bf16", (1, 2, 5, 7)), grid((1, 3, 4, 2), etype="f32")), attrs("nearest", "reflection"), name="bf16 data"
        ),
        Case((T("i32", (1, 2, 5, 7)), grid((1, 3, 4, 2))), attrs("bilinear", "border"), name="i32 data"),
        Case((T("i64", (1, 2, 5, 7)), grid((1, 3, 4, 2))), attrs("nearest"), name="i64 data, nearest"),
        # Pixel x 0.5 between 10 and 21: 15.5; the middle of all four: 25.5; x 0.25: 12.75.
        Case(
            (T("u8", (1, 1, 2, 2), [10, 21, 30, 41]), T("f32", (1, 1, 3, 2), [[[[0, -1], [0, 0], [-0.5, -1]]]])),
            attrs("bilinear", align="true"),
            name="u8 data, truncated",
            expect=([[[[15, 25, 12]]]],),
            plugin=([[[[16, 26, 13]]]],),
            why="the plugin rounds u8 and i8 results to the nearest (i32 and i64 it truncates toward zero)",
        ),
        Case((DATA, T("f32", (2, 0, 3, 2))), attrs("bicubic"), name="empty grid"),
    ],
)

D, G = T("f32", (1, 2, 3, 3)), T("f32", (1, 2, 2, 2))
TABLE.errors = [
    Error((T("f32", (2, 3, 3)), G), match=r"data must be 4-D, got shape \[2,3,3\]", code="S005", at="lint"),
    Error((D, T("f32", (1, 2, 2))), match=r"grid must be 4-D", code="S005", at="lint"),
    Error((D, T("f32", (1, 2, 2, 3))), match=r"grid must be \[N, H_out, W_out, 2\]", code="S005", at="lint"),
    Error((D, T("f32", (2, 2, 2, 2))), match="data and grid must have one batch", code="S005", at="lint"),
    Error((D, T("i32", (1, 2, 2, 2))), match="grid must be of a floating-point type, got i32", code="S005", at="lint"),
    Error((T("boolean", (1, 2, 3, 3)), G), match="data must be numeric, got boolean", code="S005", at="lint"),
    Error((D, G), attrs=attrs(mode="linear"), match="mode='linear' is not one of", code="O003", at="lint"),
    Error(
        (D, G), attrs=attrs(padding="constant"), match="padding_mode='constant' is not one of", code="O003", at="lint"
    ),
    Error(
        (D, G), attrs=attrs(align="maybe"), match="align_corners='maybe' is not a valid bool", code="O003", at="lint"
    ),
]

test_cases, test_errors = TABLE.pytest()
