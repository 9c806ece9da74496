"""MulticlassNms-8 and -9: cases against the CPU plugin.

Random boxes are [xmin, ymin, xmax, ymax] in eighths; random scores are distinct (no ties: ties
have their own row). The plugin's departures (rows with ``plugin=``): it removes a box whose IoU
equals iou_threshold (so with 0, the default, even boxes that do not overlap), and with
per-class boxes (-9's three inputs) its selected_indices are roi * num_classes + class instead of
the index in the flattened boxes. It leaves selected_num uninitialised when nms_top_k is 0
(irexec alone runs that row), and when there are no boxes."""

from dataclasses import replace

import numpy as np

from cases.rows import Case, Error, T, Table

V9 = ("opset9",)


def boxes(b, n, seed, etype="f32", const=False, scale=8):
    """Random boxes in an 8 x 8 square (times scale / 8), sides 1 to 4."""
    rng = np.random.default_rng(seed)
    x, y = rng.integers(0, 64, (2, b, n)) / 8
    w, h = rng.integers(8, 32, (2, b, n)) / 8
    return T(etype, (b, n, 4), np.stack((x, y, x + w, y + h), -1) * (scale / 8), const=const)


def scores(shape, seed, etype="f32", const=False):
    """Distinct scores in (0, 1)."""
    count = int(np.prod(shape))
    v = (np.random.default_rng(seed).permutation(count) + 1) / (count + 1)
    return T(etype, shape, v.reshape(shape), const=const)


def by_image(inputs, outputs):
    """``unordered``: each image's rows (``selected_num`` of them, in turn) by score, then class,
    then index: irexec's order where the spec leaves it open (sort_result_type none; ties)."""
    rows, indices, num = (np.asarray(o) for o in outputs)
    counts = num.reshape(-1).astype(np.int64)
    if (counts < 0).any() or counts.sum() != len(rows):
        return [rows, indices, num]
    order, start = [], 0
    for n in counts.tolist():
        block = np.arange(start, start + n)
        key = (indices[block, 0], rows[block, 0], -rows[block, 1].astype(np.float64))
        order += block[np.lexsort(key)].tolist()
        start += n
    return [rows[order], indices[order], num]


def open_order(table, ties=()) -> list:
    """The table's cases, those whose row order the spec leaves open (sort_result_type none, the
    default; the rows named in ``ties``, sorted by score with ties) compared in irexec's order."""
    return [
        replace(c, unordered=by_image) if c.attrs.get("sort_result_type", "none") == "none" or c.name in ties else c
        for c in table.cases
    ]


def out(rows, indices, num, it=np.int64):
    return (np.array(rows, np.float32).reshape(-1, 6), np.array(indices, it).reshape(-1, 1), np.array(num, it))


RAND = (boxes(2, 8, 3), scores((2, 3, 8), 4))
IOU4 = {"iou_threshold": "0.4"}
# Box 1 does not overlap box 0; box 2 covers half of box 0 (IoU 0.5).
APART = (T("f32", (1, 3, 4), [[[0, 0, 1, 1], [2, 0, 3, 1], [0, 0, 1, 0.5]]]), T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]]))
# IoU of boxes 0 and 1 is exactly 0.5; box 2 is apart.
HALF = (T("f32", (1, 3, 4), [[[0, 0, 1, 1], [0, 0, 2, 1], [5, 5, 6, 6]]]), T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]]))
# Per-class boxes: 2 classes x 3 disjoint boxes (alike in both classes).
ROW3 = [[0, 0, 1, 1], [2, 0, 3, 1], [4, 0, 5, 1]]
PER_CLASS = (T("f32", (2, 3, 4), [ROW3, ROW3]), T("f32", (2, 3), [[0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]))
INDICES = (
    "the plugin's selected_indices with per-class boxes are roi * num_classes + class, not the index in the "
    "flattened boxes [num_classes, num_boxes, 4] (class * num_boxes + roi)"
)

TABLE = Table(
    "MulticlassNms",
    ("opset8", "opset9"),
    outputs=3,
    cases=[
        Case((boxes(2, 6, 1), scores((2, 3, 6), 2)), {"iou_threshold": "0.3"}, name="two images, three classes"),
        Case(RAND, IOU4 | {"sort_result_type": "classid"}, name="by class"),
        Case(RAND, IOU4 | {"sort_result_type": "score", "sort_result_across_batch": "false"}, name="by score"),
        Case(
            RAND,
            IOU4 | {"sort_result_type": "score", "sort_result_across_batch": "true"},
            name="by score across images",
        ),
        Case(
            RAND,
            IOU4 | {"sort_result_type": "classid", "sort_result_across_batch": "true"},
            name="by class across images",
        ),
        Case(RAND, IOU4 | {"sort_result_type": "none", "sort_result_across_batch": "true"}, name="none across images"),
        Case(
            (boxes(2, 8, 5), scores((2, 3, 8), 6)),
            {
                "iou_threshold": "0.5",
                "nms_top_k": "3",
                "keep_top_k": "4",
                "background_class": "1",
                "score_threshold": "0.3",
                "output_type": "i32",
            },
            name="limits, background, i32",
        ),
        Case(
            (boxes(2, 6, 1), scores((2, 3, 6), 2)),
            {"iou_threshold": "0.3", "background_class": "7"},
            name="background class past the classes",
        ),
        Case((boxes(2, 6, 1), scores((2, 3, 6), 2)), {"iou_threshold": "0.3", "keep_top_k": "0"}, name="keep_top_k 0"),
        Case(
            (boxes(1, 10, 7, scale=64), scores((1, 2, 10), 8)),
            {"iou_threshold": "0.3", "normalized": "false"},
            name="not normalized: sides + 1",
        ),
        Case(
            (boxes(1, 12, 9), scores((1, 2, 12), 10)), {"iou_threshold": "0.9", "nms_eta": "0.5"}, name="adaptive eta"
        ),
        Case((boxes(1, 12, 9, const=True), scores((1, 2, 12), 10)), {"iou_threshold": "0.5"}, name="constant boxes"),
        Case((boxes(1, 6, 15, etype="f16"), scores((1, 2, 6), 16, etype="f16")), {"iou_threshold": "0.3"}, name="f16"),
        Case(
            (boxes(1, 6, 17, etype="bf16"), scores((1, 2, 6), 18, etype="bf16")), {"iou_threshold": "0.3"}, name="bf16"
        ),
        Case(
            (
                T("f32", (1, 4, 4), [[[0, 0, 1, 1], [2, 2, 3, 3], [4, 4, 5, 5], [6, 6, 7, 7]]]),
                T("f32", (1, 2, 4), [[[0.5, 0.5, 0.5, 0.5], [0.5, 0.75, 0.5, 0.5]]]),
            ),
            {"iou_threshold": "0.5", "sort_result_type": "score"},
            name="ties: lower class, then index",
        ),
        # The candidates are scanned in blocks (64, then 128, 256, 512): selections past a block's end,
        # with and without a shrinking threshold, and one place holding every box.
        Case(
            (boxes(2, 300, 21), scores((2, 3, 300), 22)),
            {"iou_threshold": "0.61", "nms_top_k": "250"},
            name="300 boxes, across blocks",
        ),
        # (eta takes the threshold from 0.55 to 0.275 at the first selection: while it shrinks, the
        # plugin checks a candidate against every selected box with the threshold of that moment.)
        Case(
            (boxes(1, 300, 23, scale=32), scores((1, 2, 300), 24)),
            {"iou_threshold": "0.55", "nms_eta": "0.5"},
            name="300 boxes, adaptive eta across blocks",
        ),
        Case(
            (T("f32", (1, 200, 4), np.tile([0, 0, 2, 2], (1, 200, 1))), scores((1, 2, 200), 25)),
            {"iou_threshold": "0.5"},
            name="200 boxes in one place: one kept a class",
        ),
        Case(
            HALF[:1] + (T("f32", (1, 1, 3), [[[0.9, 0.8, 0.5]]]),),
            {"iou_threshold": "0.6", "score_threshold": "0.5"},
            name="score equal to score_threshold",
        ),
        # The plugin's departures.
        Case(
            APART,
            name="attributes left out, a box apart",
            expect=out([[0, 0.9, 0, 0, 1, 1], [0, 0.8, 2, 0, 3, 1]], [0, 1], [2]),
            plugin=[out([[0, 0.9, 0, 0, 1, 1]], [0], [1])],
            why="the plugin removes a box whose IoU equals iou_threshold (0, the default: boxes apart too); the spec "
            "only above it",
        ),
        Case(
            HALF,
            {"iou_threshold": "0.5"},
            name="IoU equal to iou_threshold",
            expect=out([[0, 0.9, 0, 0, 1, 1], [0, 0.8, 0, 0, 2, 1], [0, 0.7, 5, 5, 6, 6]], [0, 1, 2], [3]),
            plugin=[out([[0, 0.9, 0, 0, 1, 1], [0, 0.7, 5, 5, 6, 6]], [0, 2], [2])],
            why="the plugin removes a box whose IoU equals iou_threshold (the spec: only above it)",
        ),
        Case(
            PER_CLASS + (T("i64", (2,), [1, 2]),),
            {"iou_threshold": "0.5"},
            versions=V9,
            name="per-class boxes",
            expect=out(
                [
                    [0, 0.9, 0, 0, 1, 1],
                    [1, 0.6, 0, 0, 1, 1],
                    [0, 0.8, 2, 0, 3, 1],
                    [0, 0.7, 4, 0, 5, 1],
                    [1, 0.5, 2, 0, 3, 1],
                    [1, 0.4, 4, 0, 5, 1],
                ],
                [0, 3, 1, 2, 4, 5],
                [2, 4],
            ),
            plugin=[
                out(
                    [
                        [0, 0.9, 0, 0, 1, 1],
                        [1, 0.6, 0, 0, 1, 1],
                        [0, 0.8, 2, 0, 3, 1],
                        [0, 0.7, 4, 0, 5, 1],
                        [1, 0.5, 2, 0, 3, 1],
                        [1, 0.4, 4, 0, 5, 1],
                    ],
                    [0, 1, 2, 4, 3, 5],
                    [2, 4],
                )
            ],
            why=INDICES,
        ),
        Case(
            PER_CLASS + (T("i32", (2,), [0, 3]),),
            {"iou_threshold": "0.5", "keep_top_k": "3", "sort_result_type": "classid", "output_type": "i32"},
            versions=V9,
            name="per-class boxes, an image without boxes",
            expect=out([[0, 0.9, 0, 0, 1, 1], [0, 0.8, 2, 0, 3, 1], [0, 0.7, 4, 0, 5, 1]], [0, 1, 2], [0, 3], np.int32),
            plugin=[
                out([[0, 0.9, 0, 0, 1, 1], [0, 0.8, 2, 0, 3, 1], [0, 0.7, 4, 0, 5, 1]], [0, 2, 4], [0, 3], np.int32)
            ],
            why=INDICES,
        ),
        Case(
            (boxes(2, 6, 1), scores((2, 3, 6), 2)),
            {"iou_threshold": "0.3", "nms_top_k": "0"},
            oracle=False,
            expect=out([], [], [0, 0]),
            name="nms_top_k 0",
            why="the plugin leaves selected_num uninitialised when nms_top_k is 0",
        ),
        Case(
            (T("f32", (1, 0, 4)), T("f32", (1, 2, 0))),
            {"iou_threshold": "0.3"},
            oracle=False,
            expect=out([], [], [0]),
            name="no boxes",
            why="the plugin leaves selected_num uninitialised when there are no boxes",
        ),
    ],
)
# The spec guarantees no order with sort_result_type none, nor among tied scores.
TABLE.cases = open_order(TABLE, ties=("ties: lower class, then index",))

BOX, SCORE = T("f32", (1, 3, 4)), T("f32", (1, 2, 3))
TABLE.errors = [
    Error((T("f32", (3, 4)), SCORE), match=r"boxes must be 3-D, got shape \[3,4\]", code="S005", at="lint"),
    Error((BOX, T("f32", (2, 3))), match="scores must be 3-D", code="S005", at="lint", versions=("opset8",)),
    Error((T("f32", (1, 3, 5)), SCORE), match="boxes' last dim must be 4", code="S005", at="lint"),
    Error((T("f32", (2, 3, 4)), SCORE), match="boxes and scores must have one batch size", code="S005", at="lint"),
    Error((BOX, T("f32", (1, 2, 4))), match="scores' last dim must be the number of boxes", code="S005", at="lint"),
    Error(
        (T("i32", (1, 3, 4)), T("i32", (1, 2, 3))),
        match="boxes must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error((BOX, T("f16", (1, 2, 3))), match="boxes and scores must have one element type", code="S005", at="lint"),
    Error((BOX, SCORE), attrs={"output_type": "f32"}, match="output_type must be i32 or i64", code="O003", at="lint"),
    Error((BOX, SCORE), attrs={"sort_result_type": "area"}, match="sort_result_type", code="O003", at="lint"),
    Error((BOX, SCORE), attrs={"keep_top_k": "-2"}, match="keep_top_k must be -1", code="O003", at="lint"),
    Error((BOX, SCORE, T("i64", (1,), [3])), match="takes 2 inputs", code="O004", at="lint", versions=("opset8",)),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (3, 3)), T("i64", (1,), [3])),
        match="must have one number of classes",
        code="S005",
        at="lint",
        versions=V9,
    ),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (2, 4)), T("i64", (1,), [3])),
        match="scores' last dim must be the number",
        code="S005",
        at="lint",
        versions=V9,
    ),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (2, 3)), T("i64", (1, 1), [[3]])),
        match="roisnum must be 1-D",
        code="S005",
        at="lint",
        versions=V9,
    ),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (2, 3)), T("f32", (1,), [3])),
        match="roisnum must be i32 or i64",
        code="S005",
        at="lint",
        versions=V9,
    ),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (2, 3)), T("i64", (2,), [2, 2])),
        match="roisnum must hold counts",
        code="S005",
        at="run",
        versions=V9,
        name="roisnum past the boxes",
    ),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (2, 3)), T("i32", (2,), [-1, 2])),
        match="roisnum must hold counts",
        code="S005",
        at="run",
        versions=V9,
        name="negative roisnum",
    ),
]

test_cases, test_errors = TABLE.pytest()
