"""CTCGreedyDecoder-1: cases against the CPU plugin. Random data are eighths, so ties between
classes are common (the first class wins). A sequence's length is the count of its mask's
leading non-zero entries, as the plugin reads it."""

from cases.rows import Case, Error, T, Table

NAN = float("nan")


def mask(lengths, steps, etype="f32", const=False):
    return T(
        etype, (steps, len(lengths)), [[1.0 if t < n else 0.0 for n in lengths] for t in range(steps)], const=const
    )


def merge(flag):
    return {"ctc_merge_repeated": flag}


# [T=7, N=1, C=3] (blank 2): best path 0 0 2 0 1 1 2, by one-hot rows.
PATH = [0, 0, 2, 0, 1, 1, 2]
HOT = T("f32", (7, 1, 3), [[[1.0 if c == k else 0.0 for c in range(3)]] for k in PATH])

TABLE = Table(
    "CTCGreedyDecoder",
    "opset1",
    cases=[
        Case((T("f32", (6, 2, 4)), mask([6, 4], 6)), name="ctc_merge_repeated left out"),
        Case((T("f32", (6, 2, 4)), mask([6, 4], 6)), merge("true"), name="merge"),
        Case((T("f32", (6, 2, 4)), mask([3, 6], 6, const=True)), merge("false"), name="no merge, constant mask"),
        Case(
            (HOT, mask([7], 7)), name="merge by hand", expect=([[[[0]], [[0]], [[1]], [[-1]], [[-1]], [[-1]], [[-1]]]],)
        ),
        Case(
            (HOT, mask([7], 7)),
            merge("false"),
            name="no merge by hand",
            expect=([[[[0]], [[0]], [[0]], [[1]], [[1]], [[-1]], [[-1]]]],),
        ),
        Case((T("f32", (5, 3, 6), const=True), mask([0, 5, 2], 5)), name="constant data, an empty sequence"),
        Case(
            (T("f32", (4, 2, 3)), T("f32", (4, 2), [[1, 0.5], [-2, 1], [0, 1], [1, 0]])),
            name="mask not of 0s and 1s: its leading non-zero entries count",
        ),
        Case((T("f16", (5, 2, 4)), mask([5, 3], 5, "f16")), name="f16"),
        Case((T("bf16", (5, 2, 4)), mask([4, 5], 5, "bf16")), name="bf16"),
        Case((T("f16", (5, 2, 4)), mask([2, 5], 5, "f32")), name="f16 data, f32 mask"),
        Case(
            (
                T(
                    "f32",
                    (3, 2, 3),
                    [[[NAN, 1, 0], [0, NAN, 1]], [[2, NAN, 3], [NAN, NAN, NAN]], [[0, 0, 0], [1, 1, 5]]],
                ),
                mask([3, 3], 3),
            ),
            name="NaN",
            expect=([[[[0]], [[0]], [[-1]]], [[[0]], [[-1]], [[-1]]]],),
        ),
        Case((T("f32", (4, 2, 1)), mask([4, 2], 4)), name="one class: the blank alone"),
        Case((T("f32", (0, 2, 3)), T("f32", (0, 2))), name="no time steps"),
    ],
)

D, M = T("f32", (4, 2, 3)), mask([4, 2], 4)
TABLE.errors = [
    Error((T("f32", (4, 3)), M), match=r"data must be 3-D, got shape \[4,3\]", code="S005", at="lint"),
    Error((D, T("f32", (4, 2, 1))), match=r"sequence_mask must be 2-D, got shape \[4,2,1\]", code="S005", at="lint"),
    Error(
        (D, mask([4, 2, 1], 4)),
        match=r"sequence_mask must be \[T, N\] of data \[T, N, C\], got \[4,3\]",
        code="S005",
        at="lint",
        name="batch differs",
    ),
    Error((D, mask([3, 2], 3)), match=r"sequence_mask must be \[T, N\]", code="S005", at="lint", name="time differs"),
    Error((T("i32", (4, 2, 3)), M), match="data must be of a floating-point type, got i32", code="S005", at="lint"),
    Error(
        (D, T("i32", (4, 2), [[1, 1]] * 4)),
        match="sequence_mask must be of a floating-point type, got i32",
        code="S005",
        at="lint",
    ),
    Error((D, M), attrs=merge("maybe"), match="ctc_merge_repeated='maybe' is not a valid bool", code="O003", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
