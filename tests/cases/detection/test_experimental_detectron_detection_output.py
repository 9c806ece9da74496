"""ExperimentalDetectronDetectionOutput-6: cases against the CPU plugin. Scores are distinct, so
that no order depends on how ties are broken; the image is large enough that no refined box
reaches its far edges except in the one case that shows the plugin not clipping there. Boxes
compare within 1e-5 (exp differs in the last bit)."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}
NAME = "ExperimentalDetectronDetectionOutput"
BIG = [[1000, 1000, 1]]


def A(classes, max_det, post=100, score=0.05, nms=0.5, delta=4.135, weights=(10, 10, 5, 5), agnostic=None):
    a = {
        "score_threshold": score,
        "nms_threshold": nms,
        "num_classes": classes,
        "post_nms_count": post,
        "max_detections_per_image": max_det,
        "max_delta_log_wh": delta,
        "deltas_weights": ",".join(str(float(w)) for w in weights),
    }
    if agnostic is not None:
        a["class_agnostic_box_regression"] = str(agnostic).lower()
    return {k: str(v) for k, v in a.items()}


def inputs(r=8, c=4, seed=0, etype="f32", const=False, overlap=False, im=BIG, degenerate=0):
    """(rois, deltas, scores, im_info): ROIs inside [0, 200), distinct scores in (0, 1)."""
    rng = np.random.default_rng(seed)
    xy = rng.integers(0, 150, (r, 2))
    if overlap:  # near-copies of a few boxes, for NMS to choose between
        xy = xy[rng.integers(0, 3, r)] + rng.integers(0, 6, (r, 2))
    wh = rng.integers(8, 50, (r, 2))
    rois = np.concatenate([xy, xy + wh], axis=1).astype(np.float32)
    if degenerate:
        rois[:degenerate, 2] = rois[:degenerate, 0] - rng.integers(0, 3, degenerate)
    deltas = rng.integers(-8, 8, (r, 4 * c)) / 8
    scores = (rng.permutation(r * c) + 1).reshape(r, c) / (r * c + 1)
    return (
        T(etype, rois.shape, rois, const=const),
        T(etype, deltas.shape, deltas, const=const),
        T(etype, scores.shape, scores, const=const),
        T(etype, (1, 3), im, const=const),
    )


def exact(values):
    """Scores exact in bf16: multiples of 1/64."""
    ins = list(values)
    r, c = ins[2].shape
    s = (np.random.default_rng(7).permutation(r * c) + 1).reshape(r, c) / 64
    ins[2] = T(ins[2].etype, (r, c), s)
    return tuple(ins)


TABLE = Table(
    NAME,
    "opset6",
    outputs=3,
    cases=[
        Case(inputs(), A(4, 30), name="all kept, class by class; class_agnostic left out", **TOL),
        Case(inputs(), A(4, 6), name="more than max_detections_per_image: by score", **TOL),
        Case(inputs(seed=1), A(4, 30, agnostic=True), name="class_agnostic_box_regression true", **TOL),
        Case(inputs(seed=1), A(4, 30, agnostic=False), name="class_agnostic_box_regression false", **TOL),
        Case(inputs(12, 3, seed=2, overlap=True), A(3, 40, nms=0.3), name="overlapping ROIs, nms 0.3", **TOL),
        Case(inputs(12, 3, seed=2, overlap=True), A(3, 40, nms=0.0), name="nms 0: any overlap suppresses", **TOL),
        Case(inputs(12, 3, seed=2, overlap=True), A(3, 40, nms=1.0), name="nms 1: nothing suppressed", **TOL),
        Case(inputs(12, 3, seed=2, overlap=True), A(3, 40, post=2), name="post_nms_count 2", **TOL),
        Case(inputs(10, 5, seed=3), A(5, 12, score=0.6), name="score threshold 0.6", **TOL),
        Case(
            (
                T("f32", (4, 4), [[10, 10, 40, 30], [10, 10, 40, 30], [12, 8, 44, 33], [60, 60, 90, 99]]),
                T("f32", (4, 8), np.zeros((4, 8))),
                T("f32", (4, 2), [[0.9, 0.5], [0.1, 0.75], [0.2, 0.625], [0.3, 0.25]]),
                T("f32", (1, 3), BIG),
            ),
            A(2, 5, score=0.25, nms=1.0),
            name="scores at the threshold, identical boxes at nms 1",
            **TOL,
        ),
        Case(inputs(6, 3, seed=4), A(3, 10, score=0.99), name="no score above the threshold", **TOL),
        Case(
            inputs(8, 3, seed=5), A(3, 30, delta=0.25, weights=(1, 2, 0.5, 0.25)), name="max_delta_log_wh 0.25", **TOL
        ),
        Case(inputs(8, 3, seed=6, degenerate=3), A(3, 30), name="ROIs of no width", **TOL),
        Case(inputs(8, 3, seed=8), A(3, 30, weights=(1, 1, 1, 1)), name="boxes pushed below 0", **TOL),
        Case(inputs(8, 3, seed=9, const=True), A(3, 10), name="constant inputs", **TOL),
        Case(exact(inputs(8, 3, seed=10, etype="f16")), A(3, 10), rtol=2e-3, atol=2e-2, name="f16"),
        Case(exact(inputs(8, 3, seed=10, etype="bf16")), A(3, 10), rtol=1e-2, atol=2.0, name="bf16"),
        Case(
            inputs(0, 3),
            A(3, 4),
            name="no ROIs",
            oracle=False,
            expect=(np.zeros((4, 4)), np.zeros(4, np.int32), np.zeros(4)),
            why="with no ROIs the plugin leaves its outputs as its buffers held them (the spec: no detection)",
        ),
        Case(inputs(5, 3, seed=11), A(3, 0), name="max_detections_per_image 0"),
        Case(inputs(8, 1, seed=12), A(1, 5), name="background class only"),
        Case(
            (
                T("f32", (2, 4), [[10, 10, 29, 29], [0, 0, 9, 9]]),
                T("f32", (2, 8), np.zeros((2, 8))),
                T("f32", (2, 2), [[0.5, 0.75], [0.25, 0.125]]),
                T("f32", (1, 3), [[25, 20, 1]]),
            ),
            A(2, 3, weights=(1, 1, 1, 1)),
            name="a box past the image's far edges",
            # ROI 0 refines to [10, 10, 29, 29] (no deltas), clipped to x <= 19, y <= 24; ROI 1 to [0, 0, 9, 9]
            expect=([[10, 10, 19, 24], [0, 0, 9, 9], [0, 0, 0, 0]], [1, 1, 0], [0.75, 0.125, 0]),
            plugin=([[10, 10, 29, 29], [0, 0, 9, 9], [0, 0, 0, 0]], [1, 1, 0], [0.75, 0.125, 0]),
            why="the plugin clips refined boxes below 0 only, not to the image's width and height",
        ),
    ],
)

R, D, S, I = inputs(4, 3)
TABLE.errors = [
    Error(
        (T("f32", (4, 5)), D, S, I), attrs=A(3, 5), match=r"rois must be \[number_of_ROIs, 4\]", code="S005", at="lint"
    ),
    Error(
        (R, T("f32", (4, 8)), S, I),
        attrs=A(3, 5),
        match=r"deltas must be \[number_of_ROIs, 4 \* num_classes\]",
        code="S005",
        at="lint",
    ),
    Error(
        (R, D, T("f32", (4, 2)), I),
        attrs=A(3, 5),
        match=r"scores must be \[number_of_ROIs, num_classes\]",
        code="S005",
        at="lint",
    ),
    Error((R, D, T("f32", (5, 3)), I), attrs=A(3, 5), match="must have one ROI count", code="S005", at="lint"),
    Error((R, D, S, T("f32", (1, 4))), attrs=A(3, 5), match=r"im_info must be \[1, 3\]", code="S005", at="lint"),
    Error(
        (R, D, S, T("f32", (3,))),
        attrs=A(3, 5),
        match=r"im_info must be \[1, 3\]",
        code="S005",
        at="lint",
        name="im_info 1-D",
    ),
    Error(
        (R, D, S, I),
        attrs=A(3, 5, weights=(10, 10, 5)),
        match="deltas_weights must hold 4 values",
        code="O003",
        at="lint",
    ),
    Error((R, D, S, I), attrs=A(3, 5, post=-1), match="post_nms_count must be 0 or more", code="O003", at="lint"),
    Error((R, D, S, I), attrs=A(3, -1), match="max_detections_per_image must be 0 or more", code="O003", at="lint"),
    Error((R, D, S, I), attrs=A(3, 5, score=-0.5), match="score_threshold must be 0 or more", code="O003", at="lint"),
    Error(
        (R, D, S, I),
        attrs={k: v for k, v in A(3, 5).items() if k != "nms_threshold"},
        match="required attribute 'nms_threshold' is missing",
        code="O003",
        at="lint",
    ),
    Error(
        (T("i32", (4, 4)), T("i32", (4, 12)), T("i32", (4, 3)), T("i32", (1, 3))),
        attrs=A(3, 5),
        match="rois must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error((R, D, T("f16", (4, 3)), I), attrs=A(3, 5), match="must have one element type", code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
