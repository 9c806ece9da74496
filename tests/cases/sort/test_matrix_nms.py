"""MatrixNms-8: cases against the CPU plugin.

Random boxes are [xmin, ymin, xmax, ymax] in eighths; random scores are distinct (no ties: ties
have their own row). The plugin's departures: with sort_result_type "classid" and not across
images it orders each image's rows by score (the spec: by class). It refuses keep_top_k 0 when
it runs, leaves selected_num uninitialised when there are no boxes, crashes (a segmentation
fault) with nms_top_k 0 and takes no bf16: irexec alone runs those rows."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sort.test_multiclass_nms import boxes, open_order, out, scores

BF16 = T("bf16").array(np.random.default_rng(0)).dtype
R = [[0, 0, 1, 1], [2, 0, 3, 1], [4, 0, 5, 1]]
APART = (T("f32", (1, 3, 4), [R]), T("f32", (1, 2, 3), [[[0.5, 0.3, 0.1], [0.6, 0.4, 0.2]]]))
RAND = (boxes(2, 8, 3), scores((2, 3, 8), 4))
TABLE = Table(
    "MatrixNms",
    "opset8",
    outputs=3,
    cases=[
        Case((boxes(2, 6, 1), scores((2, 3, 6), 2)), name="attributes left out"),
        Case(RAND, {"sort_result_type": "score", "sort_result_across_batch": "false"}, name="by score"),
        Case(RAND, {"sort_result_type": "score", "sort_result_across_batch": "true"}, name="by score across images"),
        Case(RAND, {"sort_result_type": "classid", "sort_result_across_batch": "true"}, name="by class across images"),
        Case(RAND, {"sort_result_type": "none", "sort_result_across_batch": "true"}, name="none across images"),
        Case(RAND, {"decay_function": "gaussian"}, rtol=1e-6, name="gaussian"),
        Case(
            RAND,
            {"decay_function": "gaussian", "gaussian_sigma": "0.5", "post_threshold": "0.2"},
            rtol=1e-6,
            name="gaussian sigma",
        ),
        Case(RAND, {"decay_function": "linear", "post_threshold": "0.3", "score_threshold": "0.2"}, name="thresholds"),
        Case(
            (boxes(2, 8, 5), scores((2, 3, 8), 6)),
            {"nms_top_k": "3", "keep_top_k": "4", "background_class": "1", "output_type": "i32"},
            name="limits, background, i32",
        ),
        Case((boxes(2, 8, 5), scores((2, 3, 8), 6)), {"background_class": "3"}, name="bg out"),
        Case(
            (boxes(1, 10, 7, scale=64), scores((1, 2, 10), 8)),
            {"normalized": "false"},
            name="not normalized: sides + 1",
        ),
        Case((boxes(1, 12, 9, const=True), scores((1, 2, 12), 10)), name="constant boxes"),
        Case((boxes(1, 6, 15, etype="f16"), scores((1, 2, 6), 16, etype="f16")), name="f16"),
        Case(
            (boxes(2, 4, 5), T("f32", (2, 1, 4), [[[0.1, 0.2, 0.3, 0.4]], [[0.6, 0.7, 0.8, 0.9]]])),
            {"score_threshold": "0.5"},
            name="nothing selected in the first image",
        ),
        Case(
            (
                T("f32", (1, 4, 4), [[[0, 0, 1, 1], [2, 2, 3, 3], [4, 4, 5, 5], [6, 6, 7, 7]]]),
                T("f32", (1, 2, 4), [[[0.5, 0.5, 0.5, 0.5], [0.5, 0.75, 0.5, 0.5]]]),
            ),
            {"sort_result_type": "score"},
            name="ties",
        ),
        # Boxes apart (no decay): class 0 scores .5 .3 .1, class 1 .6 .4 .2.
        Case(
            APART,
            {"sort_result_type": "classid"},
            name="by class in one image",
            expect=out(
                [[0, 0.5] + R[0], [0, 0.3] + R[1], [0, 0.1] + R[2], [1, 0.6] + R[0], [1, 0.4] + R[1], [1, 0.2] + R[2]],
                [0, 1, 2, 0, 1, 2],
                [6],
            ),
            plugin=[
                out(
                    [
                        [1, 0.6] + R[0],
                        [0, 0.5] + R[0],
                        [1, 0.4] + R[1],
                        [0, 0.3] + R[1],
                        [1, 0.2] + R[2],
                        [0, 0.1] + R[2],
                    ],
                    [0, 0, 1, 1, 2, 2],
                    [6],
                )
            ],
            why="with sort_result_type classid and not across images the plugin orders each image's rows by score, "
            "not by class",
        ),
        Case(
            APART,
            {"score_threshold": "0.3", "sort_result_type": "score"},
            name="score equal to score_threshold: dropped",
            expect=out([[1, 0.6] + R[0], [0, 0.5] + R[0], [1, 0.4] + R[1]], [0, 0, 1], [3]),
        ),
        Case(
            APART,
            {"post_threshold": "0.4", "decay_function": "gaussian"},
            name="decayed score equal to post_threshold: dropped",
            expect=out([[1, 0.6] + R[0], [0, 0.5] + R[0]], [0, 0], [2]),
        ),
        # Rows the plugin cannot run.
        Case(
            RAND,
            {"keep_top_k": "0"},
            oracle=False,
            expect=out([], [], [0, 0]),
            name="keep_top_k 0",
            why="the plugin refuses keep_top_k 0 at run time (it checks that some box is kept)",
        ),
        Case(
            (T("f32", (1, 0, 4)), T("f32", (1, 2, 0))),
            oracle=False,
            expect=out([], [], [0]),
            name="no boxes",
            why="the plugin leaves selected_num uninitialised when there are no boxes",
        ),
        Case(
            RAND,
            {"nms_top_k": "0"},
            oracle=False,
            expect=out([], [], [0, 0]),
            name="nms_top_k 0",
            why="the plugin crashes (a segmentation fault) with nms_top_k 0",
        ),
        Case(
            (T("bf16", (1, 3, 4), [R]), T("bf16", (1, 2, 3), [[[0.5, 0.25, 0.125], [0.75, 0.375, 0.25]]])),
            {"sort_result_type": "score"},
            oracle=False,
            name="bf16",
            expect=(
                np.array(
                    [
                        [1, 0.75] + R[0],
                        [0, 0.5] + R[0],
                        [1, 0.375] + R[1],
                        [0, 0.25] + R[1],
                        [1, 0.25] + R[2],
                        [0, 0.125] + R[2],
                    ],
                    np.float32,
                ).astype(BF16),
                np.array([[0], [0], [1], [1], [2], [2]]),
                np.array([6]),
            ),
            why="the plugin takes no bf16 for MatrixNms",
        ),
    ],
)
# The spec guarantees no order with sort_result_type none, nor among tied scores.
TABLE.cases = open_order(TABLE, ties=("ties",))

BOX, SCORE = T("f32", (1, 3, 4)), T("f32", (1, 2, 3))
TABLE.errors = [
    Error((T("f32", (3, 4)), SCORE), match=r"boxes must be 3-D, got shape \[3,4\]", code="S005", at="lint"),
    Error((BOX, T("f32", (2, 3))), match="scores must be 3-D", code="S005", at="lint"),
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
    Error((BOX, SCORE), attrs={"output_type": "i8"}, match="output_type must be i32 or i64", code="O003", at="lint"),
    Error((BOX, SCORE), attrs={"decay_function": "cubic"}, match="decay_function", code="O003", at="lint"),
    Error((BOX, SCORE), attrs={"nms_top_k": "-3"}, match="nms_top_k must be -1", code="O003", at="lint"),
    Error((BOX, SCORE, T("i64", (1,), [3])), match="takes 2 inputs", code="O004", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
