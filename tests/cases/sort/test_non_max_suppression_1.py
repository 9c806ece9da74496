"""NonMaxSuppression-1, -3 and -4 (one output, selected_indices, of a size the spec fixes): cases
against the CPU plugin. -5 and -9 (three outputs) are in test_non_max_suppression.py.

-1/-3 give min(num_boxes, max_output_boxes_per_class * num_classes) rows, -4
min(num_boxes, max_output_boxes_per_class) * num_batches * num_classes, the rows past those
selected -1. The plugin gives only the selected rows (plugin rows where fewer are selected, and
where -1/-3's size is below the number selected); it suppresses at an IoU equal to iou_threshold
(0 by default: disjoint boxes too)."""

from cases.rows import Case, Error, T, Table
from cases.sort._nms_rows import CROWD, HALF, SIX, SIX_SCORES, boxes, f32, i64, scores

V3 = ("opset3", "opset4")
V13 = ("opset1", "opset3")
SIX_IN = (T("f32", (1, 6, 4), SIX), T("f32", (1, 1, 6), SIX_SCORES))
PAD = [-1, -1, -1]


def rand(b, c, n, seed, **kw):
    return boxes(b, n, seed, center=kw.pop("center", False)), scores(b, c, n, seed + 1, **kw)


DISJOINT = T("f32", (1, 4, 4), [[[0, 0, 1, 1], [0, 2, 1, 3], [2, 0, 3, 1], [2, 2, 3, 3]]])

TABLE = Table(
    "NonMaxSuppression",
    ("opset1", "opset3", "opset4"),
    cases=[
        # attributes left out; every class fills its max_output_boxes_per_class (no padding)
        Case(rand(1, 2, 10, 1) + (i64(2), f32(0.4), f32(0.0)), name="defaults"),
        Case(
            rand(1, 3, 12, 3) + (i64(3), f32(0.5), f32(0.1)),
            {"sort_result_descending": "false", "box_encoding": "corner"},
            name="per class order",
        ),
        Case(rand(1, 2, 9, 5, center=True) + (i64(2), f32(0.5)), {"box_encoding": "center"}, name="center boxes"),
        Case(
            rand(1, 2, 10, 7) + (i64(2, etype="i32"), f32(0.4), f32(0.1)),
            {"output_type": "i32"},
            versions=V3,
            name="i32 indices, i32 max",
        ),
        Case(
            rand(1, 1, 8, 9) + (i64(3), f32(0.5), f32(0.0)),
            {"output_type": "i64", "sort_result_descending": "true"},
            versions=V3,
            name="i64 indices",
        ),
        Case(rand(2, 2, 8, 11) + (i64(2), f32(0.4), f32(0.05)), versions=("opset4",), name="-4, 2 batches"),
        Case(
            (DISJOINT, T("f32", (1, 1, 4), [[[0.5, 0.75, 0.25, 0.625]]]), i64(5, const=False), f32(0.5, const=False)),
            name="max and iou_threshold at run time",
        ),
        Case(
            (T("f16", (1, 4, 4), DISJOINT.values), T("f16", (1, 1, 4), [[[0.5, 0.75, 0.25, 0.625]]]), i64(4), f32(0.5)),
            name="f16",
        ),
        Case(
            (T("f32", (1, 4, 4), CROWD), T("f32", (1, 2, 4), [[[0.9, 0.8, 0.7, 0.6], [0.1, 0.4, 0.3, 0.2]]]), i64(1)),
            name="iou_threshold left out, every box overlapping",
        ),
        Case(SIX_IN, name="max left out: no rows"),
        # The plugin's departures.
        Case(
            SIX_IN + (i64(10), f32(0.5)),
            name="fewer selected: -1 rows",
            expect=([[0, 0, 3], [0, 0, 0], [0, 0, 5], PAD, PAD, PAD],),
            plugin=[([[0, 0, 3], [0, 0, 0], [0, 0, 5]],)],
            why="the plugin gives only the selected rows (the spec fills the rest of its fixed size with -1)",
        ),
        Case(
            (T("f32", (1, 3, 4), HALF), T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]]), i64(3), f32(0.5)),
            name="IoU equal to iou_threshold",
            expect=([[0, 0, 0], [0, 0, 1], [0, 0, 2]],),
            plugin=[([[0, 0, 0], [0, 0, 2]],)],
            why="the plugin suppresses at an IoU equal to iou_threshold (the spec: only above it), and gives only the "
            "selected rows",
        ),
        Case(
            (
                T("f32", (2, 6, 4), SIX * 2),
                T("f32", (2, 1, 6), [SIX_SCORES[0], [SIX_SCORES[0][0][::-1]]]),
                i64(3),
                f32(0.5),
            ),
            {"sort_result_descending": "false"},
            versions=V13,
            name="-1/-3: more selected than rows",
            expect=([[0, 0, 3], [0, 0, 0], [0, 0, 5]],),
            plugin=[([[0, 0, 3], [0, 0, 0], [0, 0, 5], [1, 0, 2], [1, 0, 5], [1, 0, 4]],)],
            why="the plugin gives every selected row, past the size min(num_boxes, max * num_classes) the spec and "
            "OpenVINO's own port give",
        ),
    ],
)

BOX, SCORE = T("f32", (1, 3, 4)), T("f32", (1, 2, 3))
TABLE.errors = [
    Error(
        (T("f32", (3, 4)), T("f32", (1, 1, 3))), match=r"boxes must be 3-D, got shape \[3,4\]", code="S005", at="lint"
    ),
    Error((T("f32", (1, 3, 5)), SCORE), match=r"boxes' last dim must be 4", code="S005", at="lint"),
    Error((T("f32", (2, 3, 4)), SCORE), match="boxes and scores must have one batch size", code="S005", at="lint"),
    Error((BOX, T("f32", (1, 2, 4))), match="scores' last dim must be the number of boxes", code="S005", at="lint"),
    Error(
        (BOX, SCORE, T("i64", (1,), [2], const=True)),
        match=r"max_output_boxes_per_class must be a scalar, got shape \[1\]",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(2), T("f32", (1,), [0.5], const=True)),
        match=r"iou_threshold must be a scalar, got",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(2), f32(0.5), T("f32", (1,), [0.5], const=True)),
        match=r"score_threshold must be a scalar",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (1, 3, 4)), T("i32", (1, 2, 3))),
        match="boxes must be of a floating-point type, got i32",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, T("f32", (), 2.0, const=True)),
        match="max_output_boxes_per_class must be of an integer type",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(-2, const=False)),
        match="max_output_boxes_per_class must be 0 or more, got -2",
        code="S005",
        at="run",
        name="negative max",
    ),
    Error(
        (BOX, SCORE),
        attrs={"output_type": "f32"},
        versions=V3,
        match="output_type must be i32 or i64",
        code="O003",
        at="lint",
    ),
    Error(
        (BOX, SCORE), attrs={"box_encoding": "xyxy"}, match="box_encoding='xyxy' is not one of", code="O003", at="lint"
    ),
]

test_cases, test_errors = TABLE.pytest()
