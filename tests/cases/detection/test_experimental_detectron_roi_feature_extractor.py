"""ExperimentalDetectronROIFeatureExtractor-6: cases against the CPU plugin. Floats compare within
1e-5 (the plugin sums the sample points in another order)."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}
NAME = "ExperimentalDetectronROIFeatureExtractor"


def A(size, ratio, scales, aligned=None):
    a = {"output_size": str(size), "sampling_ratio": str(ratio), "pyramid_scales": ",".join(map(str, scales))}
    if aligned is not None:
        a["aligned"] = str(aligned).lower()
    return a


def rois(values, etype="f32", const=False):
    values = np.asarray(values, np.float32).reshape(-1, 4)
    return T(etype, values.shape, values, const=const)


def pyramid(sizes=(64, 32, 16, 8), c=2, etype="f32"):
    return tuple(T(etype, (1, c, s, s)) for s in sizes)


SCALES = (4, 8, 16, 32)
# Levels 0, 1, 2, 3, none (no area), none (negative area), 3 (clamped), 2 and 1 at the boundaries.
R9 = rois(
    [
        [0, 0, 50, 50],
        [10, 20, 150, 130],
        [0, 0, 255, 255],
        [0, 0, 500, 450],
        [100, 100, 100, 140],
        [30, 40, 20, 50],
        [-20, -20, 2000, 2000],
        [0, 0, 224, 224],
        [3, 5, 115, 117],
    ]
)
SMALL = rois([[1, 2, 20, 30], [5.5, 3.25, 9, 40.5], [0, 0, 3, 3], [50, 60, 90, 64]])

TABLE = Table(
    NAME,
    "opset6",
    outputs=2,
    cases=[
        Case((R9,) + pyramid(), A(3, 2, SCALES), name="aligned left out (false)", **TOL),
        Case((R9,) + pyramid(), A(3, 2, SCALES, False), name="aligned false", **TOL),
        Case((R9,) + pyramid(), A(2, 2, SCALES, True), name="aligned", **TOL),
        Case((R9,) + pyramid(), A(4, 0, SCALES), name="adaptive sampling", **TOL),
        Case((R9,) + pyramid(), A(2, 0, SCALES, True), name="adaptive sampling, aligned", **TOL),
        Case((SMALL,) + pyramid((64,)), A(2, 1, (4,)), name="one level, one point per bin", **TOL),
        Case((SMALL,) + pyramid((32, 16), c=3), A(3, 2, (2, 4, 8)), name="scales past the levels", **TOL),
        Case((rois(R9.values, const=True),) + pyramid(), A(2, 2, SCALES), name="constant rois", **TOL),
        Case((rois(R9.values, "f16"),) + pyramid(etype="f16"), A(2, 2, SCALES), rtol=2e-3, atol=2e-3, name="f16"),
        Case((rois(R9.values, "bf16"),) + pyramid(etype="bf16"), A(2, 2, SCALES), rtol=2e-2, atol=2e-2, name="bf16"),
        Case((T("f32", (0, 4)),) + pyramid((16, 8)), A(2, 2, (4, 8)), name="no ROIs"),
    ],
)

L2 = pyramid((16, 8))
TABLE.errors = [
    Error(
        (T("f32", (3, 5)),) + L2,
        attrs=A(2, 2, (4, 8)),
        match=r"rois must be \[number_of_ROIs, 4\]",
        code="S005",
        at="lint",
    ),
    Error(
        (SMALL, T("f32", (2, 16, 16)), L2[1]),
        attrs=A(2, 2, (4, 8)),
        match=r"level 0 must be \[1, C, H, W\]",
        code="S005",
        at="lint",
        name="level 3-D",
    ),
    Error(
        (SMALL, T("f32", (2, 2, 16, 16)), L2[1]),
        attrs=A(2, 2, (4, 8)),
        match=r"level 0 must be \[1, C, H, W\]",
        code="S005",
        at="lint",
        name="level batch 2",
    ),
    Error(
        (SMALL, L2[0], T("f32", (1, 3, 8, 8))),
        attrs=A(2, 2, (4, 8)),
        match="must have one channel count",
        code="S005",
        at="lint",
    ),
    Error(
        (SMALL,) + L2,
        attrs=A(2, 2, (4,)),
        match="has 2 pyramid levels but pyramid_scales names 1",
        code="S005",
        at="lint",
    ),
    Error((SMALL,) + L2, attrs=A(0, 2, (4, 8)), match="output_size must be positive", code="O003", at="lint"),
    Error((SMALL,) + L2, attrs=A(2, -1, (4, 8)), match="sampling_ratio must be 0 or more", code="O003", at="lint"),
    Error(
        (SMALL,) + L2, attrs=A(2, 2, (0, 8)), match="pyramid_scales must be positive integers", code="O003", at="lint"
    ),
    Error(
        (SMALL,) + L2,
        attrs={"sampling_ratio": "2", "pyramid_scales": "4,8"},
        match="required attribute 'output_size' is missing",
        code="O003",
        at="lint",
    ),
    Error(
        (T("i32", (1, 4), [[0, 0, 4, 4]]), T("i32", (1, 2, 8, 8))),
        attrs=A(2, 2, (4,)),
        match="rois must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (SMALL, L2[0], T("f16", (1, 2, 8, 8))),
        attrs=A(2, 2, (4, 8)),
        match="must have one element type",
        code="S005",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
