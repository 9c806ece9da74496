"""PSROIPooling-1: cases against the CPU plugin. Floats compare within 1e-5 (the plugin sums each
window in another order)."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}


def A(out, scale, group=None, mode="average", bx=None, by=None):
    a = {
        "output_dim": str(out),
        "spatial_scale": str(scale),
        "group_size": group,
        "mode": mode,
        "spatial_bins_x": bx,
        "spatial_bins_y": by,
    }
    return {k: str(v) for k, v in a.items() if v is not None}


def rois(values, etype="f32", const=False):
    values = np.asarray(values, np.float32).reshape(-1, 5)
    return T(etype, values.shape, values, const=const)


ABS = rois(
    [
        [0, 0, 0, 7, 5],
        [1, 2, 1, 9, 7],
        [0, 2.5, 1.5, 4.5, 3.5],
        [1, 3, 3, 3, 3],
        [1, -3, -2, 4, 12],
        [0, 6, 4, 14, 20],
        [1.75, 1, 0, 8, 6],
    ]
)
NORM = rois(
    [
        [0, 0, 0, 1, 1],
        [1, 0.25, 0.125, 0.75, 0.875],
        [0, 0.5, 0.5, 0.5, 0.5],
        [1, 0.0625, 0.5, 0.375, 1],
        [0, 0.5, 0.25, 1.25, 1.5],
    ]
)
D8 = T("f32", (2, 8, 8, 10))

TABLE = Table(
    "PSROIPooling",
    "opset1",
    cases=[
        Case(
            (T("f32", (1, 2, 4, 4), np.arange(32)), rois([[0, 0, 0, 1, 2]])),
            A(2, 1.0, mode="average"),
            name="group_size left out (1)",
            oracle=False,
            expect=([[[[4.5]], [[20.5]]]],),
            # one bin: rows [0, 3), columns [0, 2) of each channel
            why="OpenVINO refuses a layer without group_size (the spec's default: 1)",
        ),
        Case((T("f32", (2, 3, 8, 10)), ABS), A(3, 1.0, 1, "average"), name="average, group 1", **TOL),
        Case(
            (T("f32", (1, 4, 4, 4), np.arange(64)), rois([[0, 0, 0, 1, 1], [0, 1.5, 0, 3, 2.5]])),
            A(1, 1.0, 2, None),
            name="mode left out (average)",
            oracle=False,
            why="OpenVINO refuses a layer without mode (the spec's default: average)",
            # ROI 0: rows and columns [0, 2), one pixel per bin; ROI 1: columns [2, 4), rows [0, 4) (2.5 rounds
            # to 3), so each bin is 2 rows by 1 column.
            expect=([[[[0, 17], [36, 53]]], [[[4, 21], [44, 61]]]],),
        ),
        Case((D8, ABS), A(2, 1.0, 2, "average"), name="average, group 2", **TOL),
        Case((T("f32", (2, 18, 8, 10)), ABS), A(2, 0.5, 3), name="average, group 3, scale 1/2", **TOL),
        Case(
            (T("f32", (1, 4, 16, 16)), rois([[0, 8, 4, 56, 60], [0, 0, 0, 63, 63], [0, 30, 30, 33, 34]])),
            A(1, 0.25, 2),
            name="average, scale 1/4",
            **TOL,
        ),
        Case(
            (T("f32", (2, 8, 6, 6)), rois([[0, 1, 1, 4, 4], [1, 0, 0, 5, 5]], const=True)),
            A(2, 1.0, 2),
            name="average, constant rois",
            **TOL,
        ),
        Case((D8, NORM), A(2, 1.0, 1, "bilinear", 2, 2), name="bilinear, 2 x 2 bins, group 1", **TOL),
        Case(
            (T("f32", (2, 12, 8, 10)), NORM),
            A(2, 1.0, 3, "bilinear", 3, 2),
            name="bilinear, 3 x 2 bins, group 3",
            **TOL,
        ),
        Case((T("f32", (2, 2, 8, 10)), NORM), A(2, 1.0, 4, "bilinear", 1, 1), name="bilinear, one bin", **TOL),
        Case(
            (T("f32", (1, 1, 3, 3), np.arange(9)), rois([[0, 0, 0, 1, 1], [0, 0.25, 0.5, 0.75, 0.5]])),
            A(1, 1.0, 2, "bilinear"),
            name="bilinear, bins left out (1)",
            oracle=False,
            why="OpenVINO refuses a bilinear layer without spatial_bins_x and _y (the spec's default: 1)",
            # ROI 0 reads rows and columns 0 and 2; ROI 1 reads row 1 at columns 0.5 and 1.5
            expect=([[[[0, 2], [6, 8]]], [[[3.5, 4.5], [3.5, 4.5]]]],),
        ),
        Case((T("f32", (2, 4, 5, 7)), NORM), A(1, 0.5, 2, "bilinear", 2, 2), name="bilinear, scale 1/2", **TOL),
        Case(
            (T("f16", (2, 8, 8, 10)), rois(ABS.values, "f16")), A(2, 1.0, 2), name="average, f16", rtol=2e-3, atol=2e-3
        ),
        Case(
            (T("bf16", (2, 8, 8, 10)), rois(NORM.values, "bf16")),
            A(2, 1.0, 2, "bilinear", 2, 2),
            name="bilinear, bf16",
            rtol=2e-2,
            atol=2e-2,
        ),
        Case((T("f32", (1, 8, 4, 4)), T("f32", (0, 5))), A(2, 1.0, 2), name="no ROIs"),
    ],
)

X, R = T("f32", (2, 8, 6, 6)), rois([[0, 1, 1, 4, 4]])
TABLE.errors = [
    Error(
        (X, rois([[2, 1, 1, 4, 4]])),
        attrs=A(2, 1.0, 2),
        match=r"batch id 2 is out of range \[0, 2\)",
        code="C004",
        at="run",
        name="batch id out of range",
    ),
    Error(
        (X, rois([[-1, 1, 1, 4, 4]])),
        attrs=A(2, 1.0, 2),
        match=r"batch id -1 is out of range",
        code="C004",
        at="run",
        name="batch id -1",
    ),
    Error((T("f32", (8, 6, 6)), R), attrs=A(2, 1.0, 2), match="data must be 4-D", code="S005", at="lint"),
    Error((X, T("f32", (1, 4))), attrs=A(2, 1.0, 2), match=r"rois must be \[num_rois, 5\]", code="S005", at="lint"),
    Error(
        (X, R),
        attrs=A(3, 1.0, 2),
        match=r"must have output_dim \* group_size\^2 = 12 channels",
        code="S005",
        at="lint",
        name="channels, average",
    ),
    Error(
        (X, R),
        attrs=A(2, 1.0, 2, "bilinear", 3, 2),
        match=r"spatial_bins_y = 12 channels",
        code="S005",
        at="lint",
        name="channels, bilinear",
    ),
    Error((X, R), attrs=A(0, 1.0, 2), match="output_dim must be positive", code="O003", at="lint"),
    Error((X, R), attrs=A(2, 1.0, 0), match="group_size must be positive", code="O003", at="lint"),
    Error(
        (X, R), attrs=A(2, 1.0, 2, "bilinear", 0, 4), match="spatial_bins_x must be positive", code="O003", at="lint"
    ),
    Error((X, R), attrs=A(2, 0.0, 2), match="spatial_scale must be positive", code="O003", at="lint"),
    Error((X, R), attrs=A(2, 1.0, 2, "max"), match="mode='max' is not one of", code="O003", at="lint"),
    Error(
        (X, R), attrs={"spatial_scale": "1"}, match="required attribute 'output_dim' is missing", code="O003", at="lint"
    ),
    Error(
        (T("i32", (2, 8, 6, 6)), T("i32", (1, 5), [[0, 1, 1, 4, 4]])),
        attrs=A(2, 1.0, 2),
        match="data must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (X, rois([[0, 1, 1, 4, 4]], "f16")),
        attrs=A(2, 1.0, 2),
        match="must have one element type",
        code="S005",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
