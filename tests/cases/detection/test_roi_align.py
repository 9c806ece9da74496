"""ROIAlign-3 and -9: cases against the CPU plugin. Floats compare within 1e-5 (the plugin sums
the samples in another order). The plugin's departure: its max pooling starts from 0 (a plugin
row)."""

import numpy as np

from cases.rows import Case, Error, T, Table

V9 = ("opset9",)
TOL = {"rtol": 1e-5, "atol": 1e-5}


def attrs(ph, pw, ratio, scale, mode="avg", **more):
    return {
        "pooled_h": str(ph),
        "pooled_w": str(pw),
        "sampling_ratio": str(ratio),
        "spatial_scale": str(scale),
        "mode": mode,
        **more,
    }


def rois(values):
    return T("f32", (len(values), 4), values)


def idx(values, etype="i32", const=False):
    return T(etype, (len(values),), values, const=const)


DATA = T("f32", (2, 3, 8, 10))
POS = T("f32", (2, 3, 8, 10), low=0, high=64)  # (max cases: the plugin's max starts from 0)
R4 = rois([[0, 0, 7, 7], [1.5, 2.25, 6, 5], [2, 1, 9, 7.5], [0.5, 0.5, 1, 1.25]])
B4 = idx([0, 1, 1, 0])

# 40 ROIs of sides 0.5 to 11 in a 12 x 12 image (some past its edges)
_XY = np.random.default_rng(7).uniform(-1, 9, (40, 2))
MANY = rois(np.concatenate([_XY, _XY + np.random.default_rng(8).uniform(0.5, 11, (40, 2))], 1).round(2).tolist())

TABLE = Table(
    "ROIAlign",
    ("opset3", "opset9"),
    cases=[
        Case((DATA, R4, B4), attrs(2, 3, 2, 1.0), name="avg, ratio 2, aligned_mode left out", **TOL),
        Case((DATA, R4, B4), attrs(3, 2, 0, 1.0), name="avg, adaptive sampling", **TOL),
        Case((POS, R4, idx([0, 1, 1, 0], "i64", const=True)), attrs(2, 2, 1, 0.5, "max"), name="max, scale 0.5", **TOL),
        Case((POS, R4, B4), attrs(4, 4, 0, 1.0, "max"), name="max, adaptive", **TOL),
        Case(
            (T("f32", (1, 2, 6, 6)), rois([[-3, -2, 2, 3], [4, 4, 12, 9], [5.5, 5.5, 5.5, 5.5]]), idx([0, 0, 0])),
            attrs(2, 2, 2, 1.0),
            name="ROIs past the edges, an empty ROI",
            **TOL,
        ),
        Case(
            (T("f32", (1, 2, 16, 16)), rois([[8, 4, 56, 60], [0, 0, 64, 64]]), idx([0, 0])),
            attrs(3, 3, 0, 0.25),
            name="scale 1/4, adaptive",
            **TOL,
        ),
        Case(
            (T("f32", (1, 1, 5, 5), -np.arange(1, 26)), rois([[0, 0, 4, 4]]), idx([0])),
            attrs(2, 2, 2, 1.0, "max"),
            name="max of negative values",
            expect=([[[[-4, -6], [-14, -16]]]],),
            plugin=([[[[0, 0], [0, 0]]]],),
            why="the plugin's max pooling starts from 0: a bin of negative values gives 0 (the spec: their maximum)",
        ),
        Case((DATA, R4, B4), attrs(2, 3, 2, 1.0, aligned_mode="asymmetric"), versions=V9, name="asymmetric", **TOL),
        Case(
            (DATA, R4, B4),
            attrs(2, 3, 2, 1.0, aligned_mode="half_pixel_for_nn"),
            versions=V9,
            name="half_pixel_for_nn",
            **TOL,
        ),
        Case(
            (DATA, R4, B4),
            attrs(3, 3, 0, 1.0, aligned_mode="half_pixel"),
            versions=V9,
            name="half_pixel, adaptive",
            **TOL,
        ),
        Case(
            (POS, R4, B4),
            attrs(2, 2, 2, 0.5, "max", aligned_mode="half_pixel"),
            versions=V9,
            name="half_pixel, max",
            **TOL,
        ),
        Case(
            (T("f16", (1, 2, 6, 6)), T("f16", (2, 4), [[0, 0, 4, 4], [1, 2, 5, 5]]), idx([0, 0])),
            attrs(2, 2, 2, 1.0),
            rtol=2e-3,
            atol=2e-3,
            name="f16",
        ),
        Case((T("f32", (1, 2, 4, 4)), T("f32", (0, 4)), T("i32", (0,))), attrs(2, 2, 2, 1.0), name="no ROIs"),
        # ROIs go through the kernel some at a time (as many as fill 32768 values of [ph, pw, C]):
        # 40 ROIs of 4 x 4 x 64 cross a group's end; sizes differ, so do their adaptive sample counts.
        Case(
            (T("f32", (2, 64, 12, 12)), MANY, idx(np.arange(40) % 2)),
            attrs(4, 4, 0, 1.0),
            name="40 ROIs, adaptive",
            **TOL,
        ),
        Case(
            (T("f32", (2, 64, 12, 12), low=0, high=64), MANY, idx(np.arange(40) // 20)),
            attrs(4, 4, 0, 0.5, "max"),
            name="40 ROIs, adaptive max",
            **TOL,
        ),
        Case(
            (T("f32", (1, 1, 9, 9)), MANY, idx(np.zeros(40, int))),
            attrs(2, 3, 2, 1.0),
            name="40 ROIs, one channel",
            **TOL,
        ),
    ],
)

X, R, B = T("f32", (1, 2, 6, 6)), rois([[0, 0, 4, 4]]), idx([0])
TABLE.errors = [
    Error(
        (X, R, idx([1])),
        attrs=attrs(2, 2, 2, 1.0),
        match=r"batch index 1 is out of range \[0, 1\)",
        code="C004",
        at="run",
        name="batch index out of range",
    ),
    Error(
        (X, R, idx([-1])),
        attrs=attrs(2, 2, 2, 1.0),
        match=r"batch index -1 is out of range",
        code="C004",
        at="run",
        name="negative batch index",
    ),
    Error((T("f32", (2, 6, 6)), R, B), attrs=attrs(2, 2, 2, 1.0), match="data must be 4-D", code="S005", at="lint"),
    Error(
        (X, T("f32", (1, 5)), B),
        attrs=attrs(2, 2, 2, 1.0),
        match=r"rois must be \[num_rois, 4\]",
        code="S005",
        at="lint",
    ),
    Error(
        (X, R, idx([0, 0])),
        attrs=attrs(2, 2, 2, 1.0),
        match="batch_indices must have one entry per ROI",
        code="S005",
        at="lint",
    ),
    Error(
        (X, R, T("f32", (1,), [0])),
        attrs=attrs(2, 2, 2, 1.0),
        match="batch_indices must be of an integer type",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (1, 2, 6, 6)), T("i32", (1, 4), [[0, 0, 4, 4]]), B),
        attrs=attrs(2, 2, 2, 1.0),
        match="data must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (X, T("f16", (1, 4), [[0, 0, 4, 4]]), B),
        attrs=attrs(2, 2, 2, 1.0),
        match="must have one element type",
        code="S005",
        at="lint",
    ),
    Error((X, R, B), attrs=attrs(0, 2, 2, 1.0), match="pooled_h must be positive", code="O003", at="lint"),
    Error((X, R, B), attrs=attrs(2, 2, -1, 1.0), match="sampling_ratio must be 0 or more", code="O003", at="lint"),
    Error((X, R, B), attrs=attrs(2, 2, 2, 0.0), match="spatial_scale must be positive", code="O003", at="lint"),
    Error((X, R, B), attrs=attrs(2, 2, 2, 1.0, "sum"), match="mode='sum' is not one of", code="O003", at="lint"),
    Error(
        (X, R, B),
        attrs=attrs(2, 2, 2, 1.0, aligned_mode="pixel"),
        versions=V9,
        match="aligned_mode='pixel' is not one of",
        code="O003",
        at="lint",
    ),
    Error(
        (X, R, B),
        attrs={"pooled_h": "2", "pooled_w": "2", "sampling_ratio": "2", "spatial_scale": "1"},
        match="required attribute 'mode' is missing",
        code="O003",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
