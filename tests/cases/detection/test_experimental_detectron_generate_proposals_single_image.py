"""ExperimentalDetectronGenerateProposalsSingleImage-6: cases against the CPU plugin.

Anchors sit on a grid with stride 8 (sides 4 to 16, in halves), deltas are small multiples of
1/16, and scores are distinct (a shuffled ramp) so that no order depends on how the plugin's sort
breaks ties. The plugin's exp and its order of operations differ from NumPy's by an ulp or two
in the box coordinates (TOL). Its departures: it keeps the proposals below min_size with score 0
(the spec removes them), and it crashes (a segmentation fault) with post_nms_count 0, which
irexec alone runs."""

import numpy as np

from cases.rows import Case, Error, T, Table


def anchors(h, w, a, seed):
    """[H, W, A, 4] anchors about each cell's corner (x = 8 * w, y = 8 * h)."""
    rng = np.random.default_rng(seed)
    gy, gx = np.meshgrid(np.arange(h) * 8, np.arange(w) * 8, indexing="ij")
    x0 = gx[..., None] + rng.integers(-8, 8, (h, w, a)) / 2
    y0 = gy[..., None] + rng.integers(-8, 8, (h, w, a)) / 2
    bw, bh = rng.integers(8, 32, (2, h, w, a)) / 2
    return np.stack((x0, y0, x0 + bw, y0 + bh), -1)


def deltas(lead, a, h, w, seed, big=False):
    rng = np.random.default_rng(seed)
    d = rng.integers(-8, 8, lead + (a, 4, h, w)) / 16
    if big:
        d[..., 2:, :, :] = rng.integers(0, 2, lead + (a, 2, h, w)) * 8.0  # past log(1000 / 16): clamped
    return d.reshape(lead + (4 * a, h, w))


def ramp(shape, seed, negative=False):
    count = int(np.prod(shape))
    v = (np.random.default_rng(seed).permutation(count) + 1) / (count + 1)
    return (v - (0.5 if negative else 0)).reshape(shape)


def inputs(a=2, h=3, w=4, info=(28, 36, 1), seed=0, etype="f32", const=False, big=False, negative=False):
    an = anchors(h, w, a, seed).reshape(-1, 4)
    return (
        T(etype, (3,), list(info), const=const),
        T(etype, an.shape, an, const=const),
        T(etype, (4 * a, h, w), deltas((), a, h, w, seed + 1, big), const=const),
        T(etype, (a, h, w), ramp((a, h, w), seed + 2, negative), const=const),
    )


def A(min_size=0, nms=0.5, pre=20, post=8):
    return {
        "min_size": str(min_size),
        "nms_threshold": str(nms),
        "pre_nms_count": str(pre),
        "post_nms_count": str(post),
    }


TOL = {"rtol": 1e-6, "atol": 1e-5}
# The plugin rounds its f32 results to bf16 as its CPU does (to nearest even, or on AVX2 up only
# from an odd last bit): one bf16 ulp apart.
BF16_TOL = {"rtol": 2**-7, "atol": 1e-5}
# One big anchor (sides 10) and one small (sides 3), deltas 0: the proposals are the anchors.
TWO = (
    T("f32", (3,), [30, 30, 1]),
    T("f32", (2, 4), [[0, 0, 9, 9], [20, 0, 22, 2]]),
    T("f32", (4, 1, 2), np.zeros((4, 1, 2))),
    T("f32", (1, 1, 2), [[[0.6, 0.9]]]),
)

TABLE = Table(
    "ExperimentalDetectronGenerateProposalsSingleImage",
    "opset6",
    outputs=2,
    cases=[
        Case(inputs(), A(), name="basic", **TOL),
        Case(inputs(seed=1), A(nms=0.3, pre=10, post=5), name="pre and post counts", **TOL),
        Case(inputs(seed=2), A(nms=0.7, pre=100, post=30), name="fewer than post_nms_count: zero rows", **TOL),
        Case(
            inputs(a=3, h=2, w=5, seed=3, info=(14, 30, 2)), A(nms=0.4, post=10), name="three anchors, clipped", **TOL
        ),
        Case(inputs(seed=4, big=True, info=(2000, 2000, 1)), A(nms=0.5, post=10), name="large dlog: clamped", **TOL),
        Case(inputs(seed=5, negative=True), A(nms=0.5, post=6), name="negative scores", **TOL),
        Case(inputs(seed=6, const=True), A(), name="constants", **TOL),
        Case(inputs(seed=7, etype="f16"), A(), name="f16", **TOL),
        Case(inputs(seed=8, etype="bf16"), A(), name="bf16", **BF16_TOL),
        Case(inputs(seed=9), A(nms=0.0, post=10), name="threshold 0", **TOL),
        Case(inputs(seed=10), A(nms=1.0, pre=6, post=6), name="threshold 1", **TOL),
        Case(inputs(seed=11), A(pre=0, post=4), name="pre_nms_count 0", **TOL),
        Case(inputs(seed=13), A(min_size=4, nms=0.6, post=6), name="min size", **TOL),
        Case(
            TWO,
            A(min_size=3, post=3),
            name="min size equal to a side: kept",
            expect=(
                np.array([[20, 0, 22, 2], [0, 0, 9, 9], [0, 0, 0, 0]], np.float32),
                np.array([0.9, 0.6, 0], np.float32),
            ),
        ),
        Case(
            TWO,
            A(min_size=5, post=3),
            name="below min size: removed",
            expect=(
                np.array([[0, 0, 9, 9], [0, 0, 0, 0], [0, 0, 0, 0]], np.float32),
                np.array([0.6, 0, 0], np.float32),
            ),
            plugin=[
                (np.array([[0, 0, 9, 9], [20, 0, 22, 2], [0, 0, 0, 0]], np.float32), np.array([0.6, 0, 0], np.float32))
            ],
            why="the plugin keeps a proposal below min_size with score 0 (the spec removes it)",
        ),
        Case(
            inputs(seed=12),
            A(post=0),
            oracle=False,
            expect=(np.zeros((0, 4), np.float32), np.zeros(0, np.float32)),
            name="post_nms_count 0",
            why="the plugin crashes (a segmentation fault) with post_nms_count 0",
        ),
    ],
)

I, AN, D, S = T("f32", (3,)), T("f32", (24, 4)), T("f32", (8, 3, 4)), T("f32", (2, 3, 4))
TABLE.errors = [
    Error((T("f32", (1, 3)), AN, D, S), attrs=A(), match=r"im_info must be 1-D", code="S005", at="lint"),
    Error((T("f32", (4,)), AN, D, S), attrs=A(), match=r"im_info must have 3 elements", code="S005", at="lint"),
    Error((I, T("f32", (24, 5)), D, S), attrs=A(), match=r"anchors must be \[H \* W \* A, 4\]", code="S005", at="lint"),
    Error((I, T("f32", (20, 4)), D, S), attrs=A(), match="anchors must number H \\* W \\* A", code="S005", at="lint"),
    Error((I, AN, T("f32", (8, 3)), S), attrs=A(), match="deltas must be 3-D", code="S005", at="lint"),
    Error((I, AN, D, T("f32", (2, 3, 5))), attrs=A(), match="disagree on the width", code="S005", at="lint"),
    Error((I, AN, D, T("f32", (2, 2, 4))), attrs=A(), match="disagree on the height", code="S005", at="lint"),
    Error(
        (I, AN, T("f32", (6, 3, 4)), S),
        attrs=A(),
        match="deltas must have 4 channels per anchor",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (3,)), T("i32", (24, 4)), T("i32", (8, 3, 4)), T("i32", (2, 3, 4))),
        attrs=A(),
        match="im_info must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error((I, T("f16", (24, 4)), D, S), attrs=A(), match="must have one element type", code="S005", at="lint"),
    Error((I, AN, D, S), attrs=A(post=-1), match="post_nms_count must not be negative", code="O003", at="lint"),
    Error(
        (I, AN, D, S),
        attrs={"min_size": "0", "nms_threshold": "0.5", "pre_nms_count": "10"},
        match="post_nms_count",
        code="O003",
        at="lint",
        name="post_nms_count left out",
    ),
]

test_cases, test_errors = TABLE.pytest()
