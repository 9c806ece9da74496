"""GenerateProposals-9: cases against the CPU plugin.

Anchors sit on a grid with stride 8, deltas are small multiples of 1/16 and scores are distinct
(no order depends on how the plugin's sort breaks ties). The plugin's exp and order of
operations differ from NumPy's by an ulp or two in the box coordinates (TOL). OpenVINO refuses
the layer when pre_nms_count or post_nms_count is 0 or nms_eta is not 1 (the spec allows them):
irexec alone runs those rows."""

import numpy as np

from cases.detection.test_experimental_detectron_generate_proposals_single_image import anchors, deltas, ramp
from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-6, "atol": 1e-5}
# The plugin rounds its f32 results to bf16 as its CPU does (to nearest even, or on AVX2 up only
# from an odd last bit): one bf16 ulp apart.
BF16_TOL = {"rtol": 2**-7, "atol": 1e-5}


# (The plugin cannot compile the layer when every input is a constant: only the anchors are, here;
# irexec runs every case with constant inputs too.)
def inputs(
    n=2, a=2, h=3, w=4, info=((28, 36, 1),), seed=0, etype="f32", const=False, big=False, negative=False, scale=1
):
    info = [list(info[i % len(info)]) for i in range(n)]
    an = anchors(h, w, a, seed) * scale
    return (
        T(etype, (n, len(info[0])), info),
        T(etype, an.shape, an, const=const),
        T(etype, (n, 4 * a, h, w), deltas((n,), a, h, w, seed + 1, big)),
        T(etype, (n, a, h, w), ramp((n, a, h, w), seed + 2, negative)),
    )


def A(min_size=0, nms=0.5, pre=20, post=8, **kw):
    out = {"min_size": str(min_size), "nms_threshold": str(nms), "pre_nms_count": str(pre), "post_nms_count": str(post)}
    out.update({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in kw.items()})
    return out


# Deltas 0 and normalized: the proposals are the anchors. IoU of box 1 with box 0 is 0.8, of box 2
# with box 0 0.6 and with box 1 0.75: at 0.85 all stay; with eta 0.9 the threshold is 0.765 once
# box 0 is kept, which removes box 1.
THREE = (
    T("f32", (1, 3), [[20, 20, 1]]),
    T("f32", (1, 3, 1, 4), [[[[0, 0, 10, 10]], [[0, 0, 10, 8]], [[0, 0, 10, 6]]]]),
    T("f32", (1, 4, 1, 3), np.zeros((1, 4, 1, 3))),
    T("f32", (1, 1, 1, 3), [[[[0.9, 0.8, 0.7]]]]),
)
NORM = ((1, 1, 1),)
TABLE = Table(
    "GenerateProposals",
    "opset9",
    outputs=3,
    cases=[
        Case(inputs(), A(), name="attributes left out", **TOL),
        Case(inputs(seed=1), A(normalized=False), name="not normalized", **TOL),
        Case(
            inputs(seed=2), A(normalized=True, roi_num_type="i32", nms=0.3, pre=10, post=5), name="i32, counts", **TOL
        ),
        Case(
            inputs(n=3, seed=3, info=((28, 36, 1), (20, 24, 2), (30, 30, 0.5, 1.5))[:2]),
            A(min_size=3, post=10),
            name="min size scaled per image",
            **TOL,
        ),
        Case(
            inputs(n=2, seed=4, info=((28, 36, 2, 0.5),)),
            A(min_size=3, post=10, normalized=False),
            name="four-element im_info",
            **TOL,
        ),
        Case(inputs(seed=5), A(nms=0.7, pre=100, post=40), name="fewer than post_nms_count", **TOL),
        Case(
            inputs(seed=6, big=True, info=((2000, 2000, 1),)),
            A(post=10, normalized=False),
            name="large dlog: clamped",
            **TOL,
        ),
        Case(inputs(seed=7, negative=True), A(post=6), name="negative scores", **TOL),
        Case(inputs(seed=8, const=True), A(), name="constant anchors", **TOL),
        Case(inputs(seed=9, etype="f16"), A(), name="f16", **TOL),
        Case(inputs(seed=10, etype="bf16"), A(), name="bf16", **BF16_TOL),
        Case(inputs(seed=11, a=3, h=2, w=5), A(nms=0.0, post=10), name="threshold 0", **TOL),
        Case(inputs(seed=14, n=1), A(min_size=40), name="every box below min size", **TOL),
        Case(inputs(seed=15, n=2, info=NORM, scale=1 / 32), A(nms=0.4, post=10), name="normalized boxes", **TOL),
        Case(
            THREE,
            A(nms=0.85),
            name="threshold 0.85, no eta",
            expect=(
                np.array([[0, 0, 10, 10], [0, 0, 10, 8], [0, 0, 10, 6]], np.float32),
                np.array([0.9, 0.8, 0.7], np.float32),
                np.array([3]),
            ),
        ),
        # Rows OpenVINO refuses.
        Case(
            THREE,
            A(nms=0.85, nms_eta=0.9),
            oracle=False,
            name="adaptive eta",
            expect=(
                np.array([[0, 0, 10, 10], [0, 0, 10, 6]], np.float32),
                np.array([0.9, 0.7], np.float32),
                np.array([2]),
            ),
            why="OpenVINO refuses nms_eta other than 1 (the spec: a threshold above 0.5 shrinks by it after each kept "
            "box)",
        ),
        Case(
            inputs(seed=12, n=2),
            A(pre=0, post=4),
            oracle=False,
            name="pre_nms_count 0",
            expect=(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.array([0, 0])),
            why="OpenVINO refuses pre_nms_count 0 (the spec allows it: nothing is proposed)",
        ),
        Case(
            inputs(seed=13, n=1),
            A(post=0, roi_num_type="i32"),
            oracle=False,
            name="post_nms_count 0",
            expect=(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.array([0], np.int32)),
            why="OpenVINO refuses post_nms_count 0 (the spec allows it: nothing is proposed)",
        ),
    ],
)

I, AN, D, S = T("f32", (2, 3)), T("f32", (3, 4, 2, 4)), T("f32", (2, 8, 3, 4)), T("f32", (2, 2, 3, 4))
TABLE.errors = [
    Error((T("f32", (3,)), AN, D, S), attrs=A(), match="im_info must be 2-D", code="S005", at="lint"),
    Error(
        (T("f32", (2, 5)), AN, D, S), attrs=A(), match=r"im_info must be \[N, 3\] or \[N, 4\]", code="S005", at="lint"
    ),
    Error((I, T("f32", (3, 4, 2, 3)), D, S), attrs=A(), match="anchors must be", code="S005", at="lint"),
    Error((I, T("f32", (12, 2, 4)), D, S), attrs=A(), match="anchors must be 4-D", code="S005", at="lint"),
    Error((I, AN, T("f32", (1, 8, 3, 4)), S), attrs=A(), match="disagree on the batch size", code="S005", at="lint"),
    Error((I, T("f32", (3, 5, 2, 4)), D, S), attrs=A(), match="disagree on the width", code="S005", at="lint"),
    Error((I, AN, D, T("f32", (2, 2, 2, 4))), attrs=A(), match="disagree on the height", code="S005", at="lint"),
    Error(
        (I, T("f32", (3, 4, 3, 4)), D, S), attrs=A(), match="disagree on the number of anchors", code="S005", at="lint"
    ),
    Error(
        (I, AN, T("f32", (2, 6, 3, 4)), S),
        attrs=A(),
        match="deltas must have 4 channels per anchor",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (2, 3)), T("i32", (3, 4, 2, 4)), T("i32", (2, 8, 3, 4)), T("i32", (2, 2, 3, 4))),
        attrs=A(),
        match="im_info must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error((I, AN, T("f16", (2, 8, 3, 4)), S), attrs=A(), match="must have one element type", code="S005", at="lint"),
    Error((I, AN, D, S), attrs=A(roi_num_type="f32"), match="roi_num_type must be i32 or i64", code="O003", at="lint"),
    Error((I, AN, D, S), attrs=A(min_size=-1), match="min_size must not be negative", code="O003", at="lint"),
    Error(
        (I, AN, D, S),
        attrs={"min_size": "0", "post_nms_count": "5", "pre_nms_count": "10"},
        match="nms_threshold",
        code="O003",
        at="lint",
        name="nms_threshold left out",
    ),
]

test_cases, test_errors = TABLE.pytest()
