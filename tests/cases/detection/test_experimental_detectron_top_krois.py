"""ExperimentalDetectronTopKROIs-6: cases against the CPU plugin. Rows past the input's ROI count
are undefined in the spec and left as garbage by the plugin: those cases run in irexec alone,
against zeros."""

import numpy as np

from cases.rows import Case, Error, T, Table

ROIS = np.arange(24, dtype=np.float32).reshape(6, 4) / 4
PROBS = [0.25, 0.875, 0.5, 0.125, 0.75, 0.375]  # distinct: descending order 1, 4, 2, 5, 0, 3
TIES = [0.5, 0.75, 0.5, 0.75, 0.25, 0.5]  # equal probabilities keep ascending index order


def r(values=ROIS, etype="f32", const=False):
    values = np.asarray(values)
    return T(etype, values.shape, values, const=const)


def p(values=PROBS, etype="f32", const=False):
    return T(etype, (len(values),), values, const=const)


def top(k, rois=ROIS, probs=PROBS, n=None):
    """The spec's output: the k most probable ROIs, zeros past the ROIs there are."""
    order = sorted(range(len(probs)), key=lambda i: -probs[i])[:k]
    out = np.zeros((k if n is None else n, 4), np.float32)
    out[: len(order)] = np.asarray(rois)[order]
    return out


def any_tie_order(inputs, outputs) -> bool:
    """``allows`` where probabilities tie (the spec leaves their order open): the rows are input
    ROIs, each once, a most probable set of them, by probability, highest first."""
    rois, probs, out = (np.asarray(a, np.float64) for a in (inputs[0], inputs[1], outputs[0]))
    if out.ndim != 2 or len(out) > len(rois) or outputs[0].dtype != inputs[0].dtype:
        return False
    picked = []
    for row in out:
        same = np.flatnonzero((rois == row).all(axis=1))
        if same.size != 1:
            return False
        picked.append(int(same[0]))
    chosen, rest = probs[picked], np.delete(probs, picked)
    ordered = not (np.diff(chosen) > 0).any()
    return len(set(picked)) == len(picked) and ordered and not (rest.size and (rest > chosen.min()).any())


MR = lambda k: {"max_rois": str(k)}  # noqa: E731

TABLE = Table(
    "ExperimentalDetectronTopKROIs",
    "opset6",
    cases=[
        Case((r(), p()), name="max_rois left out (0): no ROI"),
        Case((r(), p()), MR(3), name="top 3"),
        Case((r(), p()), MR(6), name="all, sorted"),
        Case((r(), p()), MR(1), name="top 1"),
        # Equal probabilities: irexec keeps ascending index order; the plugin may list them in any.
        Case((r(), p(TIES)), MR(5), expect=(top(5, probs=TIES),), allows=any_tie_order, name="ties keep index order"),
        Case((r(const=True), p()), MR(4), name="constant rois"),
        Case((r(), p(const=True)), MR(4), name="constant probabilities"),
        Case((r(ROIS, "f16"), p(PROBS, "f16")), MR(4), name="f16"),
        Case((r(ROIS, "bf16"), p(PROBS, "bf16")), MR(4), name="bf16"),
        Case((r(-ROIS), p([-1.5, -0.25, -8, 0, -0.5, 3])), MR(6), name="negative values"),
        Case((T("f32", (0, 4)), T("f32", (0,))), MR(0), name="no ROIs, max_rois 0"),
        Case(
            (T("f32", (40, 4)), T("f32", (40,), (np.random.default_rng(3).permutation(40) / 8 - 2))),
            MR(17),
            name="40 ROIs, top 17",
        ),
        Case(
            (r(), p()),
            MR(8),
            expect=(top(8),),
            oracle=False,
            name="max_rois past the ROIs",
            why="the plugin leaves the rows past the ROIs as its buffer held them (the spec: undefined)",
        ),
        Case(
            (T("f32", (0, 4)), T("f32", (0,))),
            MR(2),
            expect=(np.zeros((2, 4), np.float32),),
            oracle=False,
            name="no ROIs, max_rois 2",
            why="the plugin leaves every row as its buffer held it (the spec: undefined)",
        ),
    ],
)

TABLE.errors = [
    Error(
        (T("f32", (6, 5)), p()), attrs=MR(2), match=r"input_rois must be \[number_of_ROIs, 4\]", code="S005", at="lint"
    ),
    Error(
        (T("f32", (6, 4, 1)), p()),
        attrs=MR(2),
        match=r"input_rois must be \[number_of_ROIs, 4\]",
        code="S005",
        at="lint",
        name="rois 3-D",
    ),
    Error((r(), T("f32", (6, 1))), attrs=MR(2), match="rois_probs must be 1-D", code="S005", at="lint"),
    Error((r(), T("f32", (5,))), attrs=MR(2), match="one probability per ROI", code="S005", at="lint"),
    Error((r(), p()), attrs=MR(-1), match="max_rois must be 0 or more", code="O003", at="lint"),
    Error(
        (T("i32", (6, 4)), T("i32", (6,))),
        attrs=MR(2),
        match="input_rois must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error((r(), p(PROBS, "f16")), attrs=MR(2), match="must have one element type", code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
