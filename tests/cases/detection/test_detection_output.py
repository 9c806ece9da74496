"""DetectionOutput-1 and DetectionOutput-8: cases against the CPU plugin.

Confidences are distinct (a shuffled ramp), so that no order depends on how the plugin breaks
ties; priors are boxes inside the image, offsets small multiples of 1/16."""

import numpy as np

from cases.rows import Case, Error, T, Table


def inputs(
    n=1,
    p=6,
    c=3,
    share=True,
    normalized=True,
    encoded=False,
    prior_batch=1,
    arm=False,
    seed=0,
    const=False,
    etype="f32",
    overlap=False,
    end_at=None,
):
    """(loc, conf, priors[, arm_conf, arm_loc]) for N images, P priors and C classes."""
    rng = np.random.default_rng(seed)
    locs = 1 if share else c
    loc = rng.integers(-16, 16, (n, p * locs * 4)) / 16
    conf = (rng.permutation(n * p * c) + 1) / (n * p * c + 1)
    size = 4 if normalized else 5
    scale = 1 if normalized else 64
    rows = []
    for _ in range(prior_batch):
        centers = rng.integers(8, 56, (p, 2)) / 64
        if overlap:  # a few priors close together, for NMS to choose between
            centers[: p // 2] = centers[0] + rng.integers(0, 3, (p // 2, 2)) / 64
        half = rng.integers(4, 16, (p, 2)) / 64
        box = np.concatenate([centers - half, centers + half], axis=1) * scale
        if not normalized:
            box = np.concatenate([np.zeros((p, 1)), box], axis=1)
        var = np.tile([0.1, 0.1, 0.2, 0.2], (p, 1)).reshape(-1)
        var = np.concatenate([var, np.zeros(p * size - var.size)])
        rows.append([box.reshape(-1)] + ([] if encoded else [var]))
    priors = np.array(rows)
    if end_at is not None:  # an image id of -1 ends the priors (not normalized)
        priors[:, 0, end_at * size] = -1
    ins = [
        T(etype, loc.shape, loc, const=const),
        T(etype, (n, p * c), conf.reshape(n, -1), const=const),
        T(etype, priors.shape, priors, const=const),
    ]
    if arm:
        arm_conf = rng.integers(0, 16, (n, p * 2)) / 16
        arm_loc = rng.integers(-8, 8, (n, p * locs * 4)) / 32
        ins += [T(etype, arm_conf.shape, arm_conf, const=const), T(etype, arm_loc.shape, arm_loc, const=const)]
    return tuple(ins)


def A(version, c=3, **kw):
    """Attributes as the IR writes them: keep_top_k and nms_threshold are required, and num_classes in
    DetectionOutput-1."""
    out = {"keep_top_k": "-1", "nms_threshold": "0.45", "normalized": "true"}
    if version == "opset1":
        out["num_classes"] = str(c)
    out.update({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in kw.items()})
    return out


CS = "caffe.PriorBoxParameter.CENTER_SIZE"


def both(ins, c=3, name="", **kw):
    """The same case for each version."""
    return [Case(ins, A(v, c, **kw), versions=(v,), name=name) for v in ("opset1", "opset8")]


TABLE = Table(
    "DetectionOutput",
    ("opset1", "opset8"),
    cases=[
        *both(inputs(), name="defaults: corner, caffe NMS, all kept"),
        *both(inputs(overlap=True, seed=1), name="overlapping priors", code_type=CS, background_label_id=-1),
        *both(
            inputs(n=2, p=5, c=4, overlap=True, seed=2),
            c=4,
            code_type=CS,
            top_k=3,
            keep_top_k=4,
            confidence_threshold=0.2,
            name="top_k and keep_top_k",
        ),
        *both(inputs(n=2, p=4, c=3, prior_batch=2, seed=3), keep_top_k=20, top_k=2, name="priors per image"),
        *both(
            inputs(p=5, c=3, share=False, overlap=True, seed=4),
            share_location=False,
            code_type=CS,
            background_label_id=1,
            name="a box per class",
        ),
        *both(inputs(p=4, encoded=True, seed=5), variance_encoded_in_target=True, name="variance in target, corner"),
        *both(
            inputs(p=4, encoded=True, seed=6),
            variance_encoded_in_target=True,
            code_type=CS,
            name="variance in target, center size",
        ),
        *both(
            inputs(p=4, normalized=False, seed=7),
            normalized=False,
            input_height=64,
            input_width=64,
            code_type=CS,
            name="not normalized",
        ),
        *both(
            inputs(p=5, normalized=False, seed=18, end_at=3),
            normalized=False,
            input_height=64,
            input_width=32,
            name="priors ended by an image id of -1",
        ),
        *both(
            inputs(p=6, c=4, overlap=True, seed=8),
            c=4,
            decrease_label_id=True,
            code_type=CS,
            confidence_threshold=0.3,
            name="mxnet NMS",
        ),
        *both(
            inputs(n=2, p=6, c=3, share=False, overlap=True, seed=9),
            decrease_label_id=True,
            share_location=False,
            top_k=4,
            keep_top_k=3,
            name="mxnet, a box per class, keep_top_k",
        ),
        *both(inputs(p=5, c=3, arm=True, seed=10), objectness_score=0.4, code_type=CS, name="ARM inputs"),
        *both(
            inputs(p=5, c=3, arm=True, overlap=True, seed=11),
            objectness_score=0.4,
            decrease_label_id=True,
            name="ARM inputs, mxnet",
        ),
        *both(
            inputs(n=2, p=4, c=3, arm=True, share=False, seed=12),
            share_location=False,
            objectness_score=0.5,
            clip_before_nms=True,
            name="ARM inputs, a box per class",
        ),
        *both(inputs(p=5, seed=13), code_type=CS, clip_before_nms=True, name="clip before NMS"),
        *both(inputs(p=5, seed=14), code_type=CS, clip_after_nms=True, keep_top_k=2, name="clip after NMS"),
        *both(inputs(p=4, seed=15, const=True), keep_top_k=3, name="constant"),
        *both(inputs(p=3, c=2, seed=16, etype="f16"), c=2, name="f16"),
        *both(inputs(p=3, c=2, seed=17), c=2, confidence_threshold=0.99, name="nothing above the threshold"),
    ],
)

F = lambda *shape: T("f32", shape)


def E(ins, match, versions=("opset1", "opset8"), code="S005", name="", c=3, **kw):
    return [
        Error(ins, attrs=A(v, c, **kw), match=match, code=code, at="lint", versions=(v,), name=name) for v in versions
    ]


TABLE.errors = [
    Error(
        inputs(),
        attrs={"nms_threshold": "0.5", "normalized": "true"},
        versions=("opset8",),
        match="required attribute 'keep_top_k'",
        code="O003",
        at="lint",
        name="keep_top_k left out",
    ),
    Error(
        inputs(),
        attrs={"keep_top_k": "5", "normalized": "true"},
        versions=("opset8",),
        match="required attribute 'nms_threshold'",
        code="O003",
        at="lint",
        name="nms_threshold left out",
    ),
    Error(
        inputs(),
        attrs={"keep_top_k": "5", "nms_threshold": "0.5", "normalized": "true"},
        versions=("opset1",),
        match="required attribute 'num_classes'",
        code="O003",
        at="lint",
        name="num_classes left out",
    ),
    *E(inputs(), "code_type", code="O003", code_type="caffe.PriorBoxParameter.CORNER_SIZE", name="unknown code_type"),
    *E(inputs(), "top_k and keep_top_k must be -1 or more", code="O003", top_k=-2, name="top_k -2"),
    *E(
        inputs(),
        "needs background_label_id 0",
        code="O003",
        decrease_label_id=True,
        background_label_id=1,
        name="mxnet with another background",
    ),
    *E(
        inputs(normalized=False),
        "input_width and input_height must be positive",
        code="O003",
        normalized=False,
        input_width=0,
        name="input_width 0",
    ),
    *E(inputs()[:2] + inputs()[2:3] + inputs(arm=True)[3:4], "takes 3 or 5 inputs", code="O004", name="one ARM input"),
    *E((F(1, 6, 4), F(1, 18), F(1, 2, 24)), "loc must have rank 2", name="3-D loc"),
    *E((F(1, 24), F(1, 18), F(1, 2, 26)), "priors' last dim must be a positive multiple of 4", name="priors of 26"),
    *E(
        (F(1, 24), F(1, 18), F(1, 2, 32)),
        "priors. last dim must be a positive multiple of 5",
        normalized=False,
        name="not normalized priors of 32",
    ),
    *E((F(1, 24), F(1, 20), F(1, 2, 24)), "conf .* must have 18", versions=("opset1",), name="conf of 20"),
    *E((F(1, 28), F(1, 18), F(1, 2, 24)), "loc .* must have 24", name="loc of 28"),
    *E((F(1, 24), F(1, 18), F(1, 1, 24)), "priors must have 2 rows", name="no variances"),
    *E(
        (F(1, 24), F(1, 18), F(1, 2, 24)),
        "priors must have 1 rows",
        variance_encoded_in_target=True,
        name="variances encoded, 2 rows",
    ),
    *E((F(2, 24), F(1, 18), F(1, 2, 24)), "differ in batch", name="batch differs"),
    *E((F(2, 24), F(2, 18), F(3, 2, 24)), "priors must have 1 or N=2 images", name="3 prior images for 2"),
    *E((F(1, 24), F(1, 18), F(1, 2, 24), F(1, 10), F(1, 24)), "arm_conf .* must have 12", name="arm_conf of 10"),
    *E(
        (F(1, 72), F(1, 18), F(1, 2, 24), F(1, 12), F(1, 24)),
        "arm_loc .* must have 72",
        share_location=False,
        name="arm_loc of 24",
    ),
    *E(tuple(T("i32", t.shape, low=0, high=9) for t in inputs()), "floating-point", name="integer inputs"),
    *E(inputs()[:1] + (T("f16", (1, 18)),) + inputs()[2:], "one element type", name="mixed types"),
]

test_cases, test_errors = TABLE.pytest()
