"""ROIAlignRotated-15: cases against the CPU plugin (which runs OpenVINO's reference kernel).
Floats compare within 1e-5 (sin and cos, and the order of the sums, differ in the last bit)."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}


def A(ph, pw, ratio, scale, clockwise=None):
    a = {"pooled_h": str(ph), "pooled_w": str(pw), "sampling_ratio": str(ratio), "spatial_scale": str(scale)}
    if clockwise is not None:
        a["clockwise_mode"] = str(clockwise).lower()
    return a


def rois(values, etype="f32", const=False):
    values = np.asarray(values, np.float32).reshape(-1, 5)
    return T(etype, values.shape, values, const=const)


def idx(values, etype="i32", const=False):
    return T(etype, (len(values),), values, const=const)


DATA = T("f32", (2, 3, 8, 10))
R6 = rois(
    [
        [4, 3.5, 5, 3, 0],
        [5, 4, 6, 4, np.pi / 6],
        [3.25, 5.5, 4, 2.5, -np.pi / 4],
        [5, 4, 3, 6, np.pi / 2],
        [1, 1, 7, 5, 0.3],
        [8.5, 6.5, 9, 9, 2.5],
    ]
)
B6 = idx([0, 1, 1, 0, 1, 0])

TABLE = Table(
    "ROIAlignRotated",
    "opset15",
    cases=[
        Case((DATA, R6, B6), A(2, 3, 2, 1.0), name="clockwise_mode left out (false)", **TOL),
        Case((DATA, R6, B6), A(2, 3, 2, 1.0, False), name="counterclockwise", **TOL),
        Case((DATA, R6, B6), A(2, 3, 2, 1.0, True), name="clockwise", **TOL),
        Case((DATA, R6, B6), A(3, 2, 0, 1.0), name="adaptive sampling", **TOL),
        Case((DATA, R6, B6), A(4, 4, 1, 1.0, True), name="one point per bin", **TOL),
        Case(
            (DATA, rois(R6.values[:, :] * [2, 2, 2, 2, 1]), idx([0, 1, 1, 0, 1, 0], "i64")),
            A(2, 2, 2, 0.5),
            name="scale 1/2, i64 indices",
            **TOL,
        ),
        Case(
            (
                T("f32", (1, 2, 6, 6)),
                rois([[1, 1, 4, 4, 0.5], [3, 3, 0, 0, 0], [2.5, 2.5, 12, 12, -1.0]]),
                idx([0, 0, 0]),
            ),
            A(2, 2, 0, 1.0),
            name="an empty ROI with adaptive sampling, one past the edges",
            **TOL,
        ),
        Case(
            (T("f32", (1, 2, 6, 6)), rois([[3, 3, 2, 2, 0]], const=True), idx([0], const=True)),
            A(2, 2, 2, 2.0),
            name="constant rois and indices, scale 2",
            **TOL,
        ),
        Case(
            (T("f16", (1, 2, 6, 6)), rois([[3, 3, 4, 2, 0.5], [2, 4, 3, 3, -0.25]], "f16"), idx([0, 0])),
            A(2, 2, 2, 1.0),
            rtol=2e-3,
            atol=2e-3,
            name="f16",
        ),
        # The CPU plugin crashes the process on bf16 data (it runs its f32 kernel on the buffers first).
        Case(
            (T("bf16", (1, 1, 3, 3), np.arange(9)), rois([[1.5, 1.5, 2, 2, 0]], "bf16"), idx([0])),
            A(2, 2, 1, 1.0),
            name="bf16",
            oracle=False,
            why="the CPU plugin crashes on bf16 data",
            # centre (1, 1), bins of 1: the points (0.5, 0.5), (0.5, 1.5), (1.5, 0.5), (1.5, 1.5)
            expect=([[[[2, 3], [5, 6]]]],),
        ),
        Case((T("f32", (1, 2, 4, 4)), T("f32", (0, 5)), T("i32", (0,))), A(2, 2, 2, 1.0), name="no ROIs"),
        Case(
            (T("f32", (1, 1, 3, 3), np.arange(9)), rois([[1.5, 1.5, 2, 2, 0], [1.5, 1.5, 2, 2, np.pi]]), idx([0, 0])),
            A(1, 1, 1, 1.0),
            name="one centre point, half turn",
            **TOL,
        ),
    ],
)

X, R, B = T("f32", (1, 2, 6, 6)), rois([[3, 3, 2, 2, 0]]), idx([0])
TABLE.errors = [
    Error(
        (X, R, idx([1])),
        attrs=A(2, 2, 2, 1.0),
        match=r"batch index 1 is out of range \[0, 1\)",
        code="C004",
        at="run",
        name="batch index out of range",
    ),
    Error(
        (X, R, idx([-1])),
        attrs=A(2, 2, 2, 1.0),
        match=r"batch index -1 is out of range",
        code="C004",
        at="run",
        name="negative batch index",
    ),
    Error((T("f32", (2, 6, 6)), R, B), attrs=A(2, 2, 2, 1.0), match="data must be 4-D", code="S005", at="lint"),
    Error(
        (X, T("f32", (1, 4)), B), attrs=A(2, 2, 2, 1.0), match=r"rois must be \[num_rois, 5\]", code="S005", at="lint"
    ),
    Error(
        (X, R, T("i32", (1, 1), [[0]])),
        attrs=A(2, 2, 2, 1.0),
        match="batch_indices must be 1-D",
        code="S005",
        at="lint",
    ),
    Error(
        (X, R, idx([0, 0])),
        attrs=A(2, 2, 2, 1.0),
        match="batch_indices must have one entry per ROI",
        code="S005",
        at="lint",
    ),
    Error(
        (X, R, T("f32", (1,), [0])),
        attrs=A(2, 2, 2, 1.0),
        match="batch_indices must be of an integer type",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (1, 2, 6, 6)), T("i32", (1, 5), [[3, 3, 2, 2, 0]]), B),
        attrs=A(2, 2, 2, 1.0),
        match="data must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (X, rois([[3, 3, 2, 2, 0]], "f16"), B),
        attrs=A(2, 2, 2, 1.0),
        match="must have one element type",
        code="S005",
        at="lint",
    ),
    Error((X, R, B), attrs=A(0, 2, 2, 1.0), match="pooled_h must be positive", code="O003", at="lint"),
    Error((X, R, B), attrs=A(2, -2, 2, 1.0), match="pooled_w must be positive", code="O003", at="lint"),
    Error((X, R, B), attrs=A(2, 2, -1, 1.0), match="sampling_ratio must be 0 or more", code="O003", at="lint"),
    Error((X, R, B), attrs=A(2, 2, 2, 0.0), match="spatial_scale must be positive", code="O003", at="lint"),
    Error(
        (X, R, B),
        attrs=A(2, 2, 2, 1.0, "sometimes"),
        match="clockwise_mode='sometimes' is not a valid bool",
        code="O003",
        at="lint",
    ),
    Error(
        (X, R, B),
        attrs={"pooled_h": "2", "pooled_w": "2", "sampling_ratio": "2"},
        match="required attribute 'spatial_scale' is missing",
        code="O003",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
