"""NonMaxSuppression-5 and -9 (selected_indices, selected_scores, valid_outputs): cases against the
CPU plugin. -1, -3 and -4 (one output) are in test_non_max_suppression_1.py: a table has one
output count. The outputs hold exactly the selected rows (their count depends on the values: the
run sizes them).

Random scores are distinct (no ties: ties have their own rows); random boxes are eighths in an
8 x 8 square. The plugin's departures (rows with ``plugin=``): it drops a score equal to
score_threshold and suppresses at an IoU equal to iou_threshold (so with iou_threshold 0, the
default, it keeps one box a class); -5's Soft-NMS ignores iou_threshold there; -9 gives an
uninitialised valid_outputs when there is nothing to select (irexec alone runs those rows)."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sort._nms_rows import (
    CROWD,
    HALF,
    SIX,
    SIX_SCORES,
    any_tie_taken,
    boxes,
    f32,
    i64,
    lowest_index_first,
    scores,
)

V5, V9 = ("opset5",), ("opset9",)
SIX_IN = (T("f32", (1, 6, 4), SIX), T("f32", (1, 1, 6), SIX_SCORES))
NOTHING = (
    "the plugin's valid_outputs is uninitialised memory when there is nothing to select "
    "(max_output_boxes_per_class 0 or left out, or no boxes)"
)
NO_ROWS = (np.zeros((0, 3), np.int64), np.zeros((0, 3), np.float32), [0])


def chosen(rows, scores_, valid=None):
    """Expected outputs from [batch, class, box] rows and their scores."""
    idx = np.array(rows, np.int64).reshape(-1, 3)
    sc = np.concatenate([idx[:, :2].astype(np.float32), np.array(scores_, np.float32).reshape(-1, 1)], axis=1)
    return idx, sc, [len(idx) if valid is None else valid]


def rand(b, c, n, seed, **kw):
    return boxes(b, n, seed, center=kw.pop("center", False)), scores(b, c, n, seed + 1, **kw)


def tied(inputs, name, attrs=None):
    """A case whose scores tie, where the spec names no tie-break: irexec takes the lowest box
    index first (``expect``); the plugin may take any (``allows``)."""
    descending = (attrs or {}).get("sort_result_descending", "true") == "true"
    values = [np.asarray(t.values).reshape(t.shape) for t in inputs]
    return Case(
        inputs,
        attrs or {},
        expect=lowest_index_first(values, descending),
        allows=any_tie_taken(descending),
        name=name,
    )


TIES_IN = (
    T("f32", (2, 4, 4), [[[0, 0, 1, 1], [0, 2, 1, 3], [0, 4, 1, 5], [0, 6, 1, 7]]] * 2),
    T(
        "f32",
        (2, 2, 4),
        [[[0.5, 0.5, 0.5, 0.5], [0.5, 0.75, 0.5, 0.5]], [[0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.875]]],
    ),
    i64(3),
    f32(0.5),
    f32(0.125),
)

TABLE = Table(
    "NonMaxSuppression",
    ("opset5", "opset9"),
    outputs=3,
    cases=[
        # attributes left out: corner, sorted across batches, i64
        Case(SIX_IN + (i64(10), f32(0.5), f32(0.0)), name="defaults, three clusters"),
        Case(
            rand(2, 3, 10, 1) + (i64(3), f32(0.4), f32(0.2)),
            {"box_encoding": "corner", "sort_result_descending": "false", "output_type": "i32"},
            name="2 batches, 3 classes, per class order, i32",
        ),
        Case(
            rand(2, 2, 12, 3) + (i64(4), f32(0.3), f32(0.1)),
            {"sort_result_descending": "true", "output_type": "i64"},
            name="sorted across batches",
        ),
        Case(
            rand(1, 3, 9, 5, center=True) + (i64(5), f32(0.25), f32(0.0)),
            {"box_encoding": "center"},
            name="center boxes",
        ),
        Case(
            rand(3, 1, 7, 7) + (i64(2, const=False), f32(0.5, const=False), f32(0.3, const=False)),
            {"sort_result_descending": "false"},
            name="scalars at run time",
        ),
        Case(
            rand(1, 2, 8, 9) + (i64(3, etype="i32"), f32(0.45, shape=(1,)), f32(0.2, shape=(1,)), f32(0.0, shape=(1,))),
            name="i32 max, 1-element thresholds, sigma 0",
        ),
        Case(rand(2, 2, 6, 11) + (i64(20), f32(0.6), f32(-1.0)), name="max above the number of boxes"),
        Case(rand(1, 2, 5, 15) + (i64(2), f32(0.5), f32(0.0)), versions=V5, name="-5, 5 inputs"),
        Case((boxes(1, 6, 17, etype="f16"), scores(1, 2, 6, 18, etype="f16"), i64(4), f32(0.4), f32(0.1)), name="f16"),
        Case((boxes(1, 5, 19, etype="bf16"), scores(1, 1, 5, 20, etype="bf16"), i64(3), f32(0.4)), name="bf16"),
        # Soft-NMS: scores decay; -9 (and -5 with no IoU above iou_threshold) alike in the plugin.
        Case(SIX_IN + (i64(10), f32(0.5), f32(0.0), f32(0.5)), versions=V9, rtol=1e-6, name="soft, -9"),
        Case(SIX_IN + (i64(10), f32(1.0), f32(0.2), f32(0.5)), rtol=1e-6, name="soft, iou_threshold 1"),
        Case(rand(2, 2, 8, 19) + (i64(3), f32(0.3), f32(0.05), f32(0.25)), versions=V9, rtol=1e-6, name="soft, random"),
        Case(
            SIX_IN + (i64(10), f32(0.5), f32(0.0), f32(0.5)),
            versions=V5,
            rtol=1e-6,
            name="soft, -5 cuts above iou_threshold",
            expect=chosen([[0, 0, 3], [0, 0, 0], [0, 0, 5]], [0.95, 0.9, 0.3]),
            plugin=[
                chosen(
                    [[0, 0, 3], [0, 0, 0], [0, 0, 1], [0, 0, 5], [0, 0, 4], [0, 0, 2]],
                    [0.95, 0.9, 0.38400355, 0.3, 0.2560026, 0.19697246],
                )
            ],
            why="-5's Soft-NMS in the plugin ignores iou_threshold (the spec: func(iou) is 0 above it)",
        ),
        # Ties: the lower box index first; sorted rows: by score, then batch, class, box (irexec's
        # choice: the spec names no tie-break, so the plugin may take and list tied boxes otherwise).
        tied(TIES_IN, "ties, sorted"),
        tied(TIES_IN, "ties, per class", {"sort_result_descending": "false"}),
        Case(
            (
                T("f32", (1, 4, 4), [[[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 1, 1], [0, 0, 1, 1]]]),
                T("f32", (1, 1, 4), [[[0.9, 0.8, 0.7, 0.6]]]),
                i64(5),
                f32(0.5),
            ),
            name="boxes of no area overlap nothing",
        ),
        Case(
            (
                T("f32", (1, 4, 4), [[[0, 0, 1, 1], [0, 0, 0, 1], [0, 0, 1, 1], [2, 2, 3, 3]]]),
                T("f32", (1, 1, 4), [[[-0.9, -0.8, -0.7, -0.6]]]),
                i64(5),
                f32(0.5),
                f32(-1.0),
            ),
            name="negative scores",
        ),
        Case(
            (T("f32", (1, 4, 4), CROWD), T("f32", (1, 2, 4), [[[0.9, 0.8, 0.7, 0.6], [0.1, 0.4, 0.3, 0.2]]]), i64(4)),
            name="iou_threshold left out, every box overlapping",
        ),
        # Hard NMS scans the sorted candidates in blocks (64, then 128, 256, 512): selections past a
        # block's end, ties across blocks, and one box suppressing hundreds.
        Case(rand(1, 3, 700, 31) + (i64(300), f32(0.93), f32(0.0)), name="700 boxes, most kept, across blocks"),
        Case(rand(2, 2, 400, 33) + (i64(50), f32(0.61), f32(0.2)), name="400 boxes, few kept"),
        # (Ties among hundreds of boxes: the plugin's order is then not by box index.)
        tied(
            (
                boxes(1, 70, 35),
                T("f32", (1, 2, 70), np.random.default_rng(36).integers(1, 30, (1, 2, 70)) / 30),
                i64(200),
                f32(0.7),
                f32(0.0),
            ),
            "70 boxes, 29 scores: ties across the first block's end",
        ),
        Case(
            (
                T("f32", (1, 300, 4), np.tile([0, 0, 2, 2], (1, 300, 1))),
                T("f32", (1, 2, 300), np.random.default_rng(37).permutation(600).reshape(1, 2, 300) / 600 + 0.001),
                i64(300),
                f32(0.5),
            ),
            name="300 boxes, one place: one kept a class",
        ),
        # The plugin's departures at the thresholds.
        Case(
            SIX_IN + (i64(10),),
            name="iou_threshold left out, disjoint boxes",
            expect=chosen([[0, 0, 3], [0, 0, 0], [0, 0, 5]], [0.95, 0.9, 0.3]),
            plugin=[chosen([[0, 0, 3]], [0.95])],
            why="the plugin suppresses at an IoU equal to iou_threshold (0, the default: disjoint boxes too); "
            "the spec only above it",
        ),
        Case(
            (T("f32", (1, 3, 4), HALF), T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]]), i64(5), f32(0.5)),
            name="IoU equal to iou_threshold",
            expect=chosen([[0, 0, 0], [0, 0, 1], [0, 0, 2]], [0.9, 0.8, 0.7]),
            plugin=[chosen([[0, 0, 0], [0, 0, 2]], [0.9, 0.7])],
            why="the plugin suppresses at an IoU equal to iou_threshold (the spec: only above it)",
        ),
        Case(
            SIX_IN + (i64(10), f32(0.5), f32(0.3)),
            name="score equal to score_threshold",
            expect=chosen([[0, 0, 3], [0, 0, 0], [0, 0, 5]], [0.95, 0.9, 0.3]),
            plugin=[chosen([[0, 0, 3], [0, 0, 0]], [0.95, 0.9])],
            why="the plugin drops a score equal to score_threshold (the spec selects scores >= it)",
        ),
        Case(
            (T("f32", (1, 3, 4), HALF), T("f32", (1, 1, 3), [[[0.9, 0, 0.7]]]), i64(5), f32(0.75)),
            name="zero score",
            expect=chosen([[0, 0, 0], [0, 0, 2], [0, 0, 1]], [0.9, 0.7, 0]),
            plugin=[chosen([[0, 0, 0], [0, 0, 2]], [0.9, 0.7])],
            why="the plugin drops a score equal to score_threshold (0, the default; the spec selects scores >= it)",
        ),
        # valid_outputs is uninitialised in the plugin when there is no box to select: irexec alone runs these.
        Case(SIX_IN, oracle=False, expect=NO_ROWS, name="2 inputs", why=NOTHING),
        Case(rand(1, 2, 10, 13) + (i64(0), f32(0.5)), oracle=False, expect=NO_ROWS, name="max 0", why=NOTHING),
        Case(
            (T("f32", (1, 0, 4)), T("f32", (1, 2, 0)), i64(3), f32(0.5)),
            oracle=False,
            expect=NO_ROWS,
            name="no boxes",
            why=NOTHING,
        ),
    ],
)

BOX, SCORE = T("f32", (1, 3, 4)), T("f32", (1, 2, 3))
TABLE.errors = [
    Error(
        (T("f32", (3, 4)), T("f32", (1, 1, 3))), match=r"boxes must be 3-D, got shape \[3,4\]", code="S005", at="lint"
    ),
    Error((BOX, T("f32", (2, 3))), match=r"scores must be 3-D", code="S005", at="lint"),
    Error((T("f32", (1, 3, 5)), SCORE), match=r"boxes' last dim must be 4", code="S005", at="lint"),
    Error((T("f32", (2, 3, 4)), SCORE), match="boxes and scores must have one batch size", code="S005", at="lint"),
    Error((BOX, T("f32", (1, 2, 4))), match="scores' last dim must be the number of boxes", code="S005", at="lint"),
    Error(
        (BOX, SCORE, T("i64", (2,), [1, 2], const=True)),
        match=r"max_output_boxes_per_class must be a scalar or a 1-element 1-D tensor, got shape \[2\]",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(2), T("f32", (1, 1), [[0.5]], const=True)),
        match="iou_threshold must be a scalar or a",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(2), f32(0.5), f32(0.0), T("f32", (2,), [0.5, 0.5], const=True)),
        match="soft_nms_sigma must be a scalar or a",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (1, 3, 4)), T("i32", (1, 2, 3))),
        match="boxes must be of a floating-point type, got i32",
        code="S005",
        at="lint",
    ),
    Error((BOX, T("f16", (1, 2, 3))), match="boxes and scores must have one element type", code="S005", at="lint"),
    Error(
        (BOX, SCORE, T("f32", (), 2.0, const=True)),
        match="max_output_boxes_per_class must be of an integer type",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(2), T("i32", (), 1, const=True)),
        match="iou_threshold must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(-1, const=False)),
        match="max_output_boxes_per_class must be 0 or more, got -1",
        code="S005",
        at="run",
        name="negative max",
    ),
    Error((BOX, SCORE), attrs={"output_type": "f32"}, match="output_type must be i32 or i64", code="O003", at="lint"),
    Error(
        (BOX, SCORE), attrs={"box_encoding": "xyxy"}, match="box_encoding='xyxy' is not one of", code="O003", at="lint"
    ),
    Error(
        (BOX, SCORE),
        attrs={"sort_result_descending": "maybe"},
        match="sort_result_descending='maybe' is not a valid",
        code="O003",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
