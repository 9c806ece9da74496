"""NMSRotated-13 (the opset13 NMS): cases against the CPU plugin. Random boxes are eighths
(centres in an 8 x 8 square, sides 1 to 4, angles in [-2, 2) radians); scores are distinct. The
plugin's departures (rows with ``plugin=``), as for NonMaxSuppression: it drops a score equal to
score_threshold and suppresses at an IoU equal to iou_threshold."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sort._nms_rows import any_tie_taken, f32, i64, lowest_index_first, scores


def rotated(batches, n, seed, etype="f32", const=False):
    rng = np.random.default_rng(seed)
    xy = rng.integers(0, 64, (batches, n, 2)) / 8
    wh = rng.integers(8, 32, (batches, n, 2)) / 8
    angle = rng.integers(-16, 16, (batches, n, 1)) / 8
    return T(etype, (batches, n, 5), np.concatenate((xy, wh, angle), -1), const=const)


def rand(b, c, n, seed, etype="f32"):
    return rotated(b, n, seed, etype), scores(b, c, n, seed + 1, etype=etype)


def chosen(rows, scores_):
    idx = np.array(rows, np.int64).reshape(-1, 3)
    sc = np.concatenate([idx[:, :2].astype(np.float32), np.array(scores_, np.float32).reshape(-1, 1)], axis=1)
    return idx, sc, [len(idx)]


def _upright(inputs) -> list:
    """Boxes of angle 0 as corner boxes [y1, x1, y2, x2] (the same IoU), the other inputs as given."""
    b = np.asarray(inputs[0], np.float64)
    assert (b[..., 4] == 0).all(), "only upright boxes"
    x, y, w, h = (b[..., i] for i in range(4))
    return [np.stack((y - h / 2, x - w / 2, y + h / 2, x + w / 2), -1)] + [np.asarray(a) for a in inputs[1:]]


def tied(inputs, name):
    """Upright boxes whose scores tie, sorted by score (the default): irexec takes the lowest index
    first (``expect``); the spec names no tie-break, so the plugin may take any (``allows``)."""
    taken = any_tie_taken(descending=True)
    values = _upright([np.asarray(t.values).reshape(t.shape) for t in inputs])
    return Case(
        inputs,
        expect=lowest_index_first(values, descending=True),
        allows=lambda i, o: taken(_upright(i), o),
        name=name,
    )


# Axis-aligned: boxes 0 and 1 have an IoU of exactly 0.5, box 2 is apart.
HALF = T("f32", (1, 3, 5), [[[0.5, 0.5, 1, 1, 0], [0.5, 1, 1, 2, 0], [5.5, 5.5, 1, 1, 0]]])
# Box 1 turned so that only clockwise turning (y down) makes it overlap box 0 much.
TURNED = T("f32", (1, 3, 5), [[[0, 0, 4, 1, 0], [1, 1, 4, 1, np.pi / 4], [1, -1, 4, 1, np.pi / 4]]])
TURNED_SCORES = T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]])

TABLE = Table(
    "NMSRotated",
    "opset13",
    outputs=3,
    cases=[
        Case(rand(1, 2, 8, 1) + (i64(3), f32(0.3), f32(0.1)), name="attributes left out"),
        # The candidates are scanned in blocks (64, then 128, ...): selections past the first one's end.
        Case(rand(1, 2, 150, 41) + (i64(100), f32(0.61), f32(0.1)), name="150 boxes, across blocks"),
        Case(
            rand(2, 3, 10, 3) + (i64(4), f32(0.2), f32(0.05)),
            {"sort_result_descending": "false", "output_type": "i32", "clockwise": "false"},
            name="2 batches, per class order, i32, counterclockwise",
        ),
        Case(
            rand(2, 2, 9, 5) + (i64(3), f32(0.25), f32(0.2)),
            {"sort_result_descending": "true", "output_type": "i64", "clockwise": "true"},
            name="sorted, clockwise",
        ),
        Case((TURNED, TURNED_SCORES, i64(5), f32(0.15), f32(0.0)), name="turning direction: clockwise"),
        Case(
            (TURNED, TURNED_SCORES, i64(5), f32(0.15), f32(0.0)),
            {"clockwise": "false"},
            name="turning direction: counterclockwise",
        ),
        Case(
            rand(1, 2, 7, 7) + (i64(2, const=False, etype="i32"), f32(0.3, const=False), f32(0.1, const=False)),
            name="scalars at run time",
        ),
        Case(
            rand(1, 1, 6, 9) + (T("i64", (1,), [4], const=True), f32(0.4, shape=(1,)), f32(0.0, shape=(1,))),
            name="1-element scalars",
        ),
        Case(rand(1, 2, 6, 11, etype="f16") + (i64(3), f32(0.3), f32(0.1)), rtol=1e-3, name="f16"),
        tied(
            (
                T("f32", (1, 4, 5), [[[0, 0, 2, 2, 0], [1, 0, 2, 2, 0], [5, 5, 2, 2, 0], [9, 9, 2, 2, 0]]]),
                T("f32", (1, 1, 4), [[[0.5, 0.5, 0.5, 0.5]]]),
                i64(4),
                f32(0.2),
                f32(0.0),
            ),
            "ties: lower index first",
        ),
        Case(
            (
                T("f32", (1, 3, 5), [[[0, 0, 0, 2, 0.5], [0, 0, 2, 2, 0.5], [0, 0, 2, 2, 0.25]]]),
                T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]]),
                i64(3),
                f32(0.2),
                f32(0.0),
            ),
            name="a box of no area",
        ),
        Case(
            (T("f32", (1, 0, 5)), T("f32", (1, 1, 0)), i64(2), f32(0.5), f32(0.0)),
            oracle=False,
            expect=(np.zeros((0, 3), np.int64), np.zeros((0, 3), np.float32), [0]),
            name="no boxes",
            why="the plugin's valid_outputs is uninitialised memory when there is nothing to select",
        ),
        Case(
            (HALF, T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]]), i64(5), f32(0.5), f32(0.0)),
            name="IoU equal to iou_threshold",
            expect=chosen([[0, 0, 0], [0, 0, 1], [0, 0, 2]], [0.9, 0.8, 0.7]),
            plugin=[chosen([[0, 0, 0], [0, 0, 2]], [0.9, 0.7])],
            why="the plugin suppresses at an IoU equal to iou_threshold (the spec: only above it)",
        ),
        Case(
            (HALF, T("f32", (1, 1, 3), [[[0.9, 0.8, 0.7]]]), i64(5), f32(0.6), f32(0.7)),
            name="score equal to score_threshold",
            expect=chosen([[0, 0, 0], [0, 0, 1], [0, 0, 2]], [0.9, 0.8, 0.7]),
            plugin=[chosen([[0, 0, 0], [0, 0, 1]], [0.9, 0.8])],
            why="the plugin drops a score equal to score_threshold (the spec selects scores >= it)",
        ),
    ],
)

BOX, SCORE, REST = T("f32", (1, 3, 5)), T("f32", (1, 2, 3)), (i64(2), f32(0.5), f32(0.0))
TABLE.errors = [
    Error((T("f32", (1, 3, 4)), SCORE) + REST, match="boxes' last dim must be 5", code="S005", at="lint"),
    Error((T("f32", (3, 5)), SCORE) + REST, match="boxes must be 3-D", code="S005", at="lint"),
    Error(
        (BOX, T("f32", (1, 2, 4))) + REST, match="scores' last dim must be the number of boxes", code="S005", at="lint"
    ),
    Error(
        (BOX, SCORE, T("i64", (2,), [1, 2], const=True)) + REST[1:],
        match="max_output_boxes_per_class must be a scalar",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE, i64(-1, const=False)) + REST[1:],
        match="max_output_boxes_per_class must be 0 or more",
        code="S005",
        at="run",
        name="negative max",
    ),
    Error(
        (BOX, SCORE, T("f32", (), 2.0, const=True)) + REST[1:],
        match="max_output_boxes_per_class must be of an integer type",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (1, 3, 5)), T("i32", (1, 2, 3))) + REST,
        match="boxes must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (BOX, SCORE) + REST,
        attrs={"output_type": "f32"},
        match="output_type must be i32 or i64",
        code="O003",
        at="lint",
    ),
    Error(
        (BOX, SCORE) + REST,
        attrs={"clockwise": "left"},
        match="clockwise='left' is not a valid bool",
        code="O003",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
