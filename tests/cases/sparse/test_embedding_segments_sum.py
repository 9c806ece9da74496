"""EmbeddingSegmentsSum-3: cases against the CPU plugin. Unsorted segment ids are refused (the
spec wants them sorted), and so is a segment id of num_segments or more (the plugin drops its
index). The plugin narrows an i64 table to i32 (a plugin row)."""

from cases.rows import Case, Error, T, Table

from ._embedding_rows import BF16_TOL, BIG, BIG_SUMS, BIG_WHY, IDX8, SPEC_TABLE, TOL, ints, scalar, table, weights

SEG8 = ints([0, 0, 1, 1, 1, 3, 4, 4])

TABLE = Table(
    "EmbeddingSegmentsSum",
    "opset3",
    cases=[
        Case(
            (SPEC_TABLE, ints([0, 2, 3, 4]), ints([0, 0, 2, 2]), scalar(3), scalar(0), T("f32", (4,), [0.5] * 4)),
            name="the spec's example",
            **TOL,
        ),
        Case((table(), IDX8, SEG8, scalar(6)), name="default_index and weights left out"),
        Case((table(), IDX8, SEG8, scalar(6), scalar(9)), name="default_index 9, weights left out"),
        Case((table(), IDX8, SEG8, scalar(5), scalar(2), weights(8)), name="default_index, weights, no empty segment"),
        Case(
            (table(), IDX8, SEG8, scalar(7, const=False), scalar(0, const=False), weights(8, const=False)),
            name="num_segments and default_index at run time",
            dynamic=True,
        ),
        Case(
            (
                table(),
                ints([3, 0, 9, 3, 7, 1, 1, 5], "i64", const=True),
                ints([0, 0, 0, 2, 2, 4, 4, 5], "i64"),
                scalar(6, "i64"),
                scalar(1, "i64"),
            ),
            name="constant i64 indices",
        ),
        Case(
            (table(6, 2, 3), ints([5, 0, 2, 2]), ints([1, 1, 1, 3]), scalar(4), scalar(4), weights(4)),
            name="a 3-D table",
        ),
        Case((table(etype="f16"), IDX8, SEG8, scalar(6), scalar(1), weights(8, "f16")), name="f16", **TOL),
        Case((table(etype="bf16"), IDX8, SEG8, scalar(6), scalar(1), weights(8, "bf16")), name="bf16", **BF16_TOL),
        Case(
            (table(etype="i32"), IDX8, SEG8, scalar(6), scalar(1), T("i32", (8,), low=-3, high=4)),
            name="i32 table and weights",
        ),
        Case(
            (BIG, ints([0, 1, 2, 3]), ints([0, 0, 1, 1]), scalar(2)),
            name="i64 table beyond i32",
            expect=BIG_SUMS,
            plugin=([[2, 4], [10, 12]],),
            why=BIG_WHY,
        ),
        Case((table(), T("i32", (0,), []), T("i32", (0,), []), scalar(3), scalar(2)), name="no index"),
        Case((table(), T("i32", (0,), []), T("i32", (0,), []), scalar(0)), name="no index, no segment"),
    ],
)

X, I, S, N = table(5, 2), ints([0, 2, 3, 4]), ints([0, 0, 2, 2]), scalar(3, const=False)
TABLE.errors = [
    Error(
        (X, ints([0, 2, 5, 4]), S, N),
        match=r"indices: index 5 at position \[2\] is out of range \[0, 4\]",
        code="C004",
        at="run",
        name="index past the table",
    ),
    Error(
        (X, ints([-1, 2, 3, 4]), S, N),
        match=r"index -1 at position \[0\] is out of range",
        code="C004",
        at="run",
        name="negative index",
    ),
    Error(
        (X, I, ints([0, 0, 2, 3]), N),
        match=r"segment_ids: id 3 at position \[3\] is out of range \[0, 2\]",
        code="C004",
        at="run",
        name="segment id past num_segments",
    ),
    Error(
        (X, I, ints([0, 2, 1, 2]), N),
        match=r"segment_ids must be sorted: id 1 at position \[2\] follows 2",
        code="C004",
        at="run",
        name="unsorted segment ids",
    ),
    Error(
        (X, I, ints([-1, 0, 2, 2]), N),
        match=r"segment_ids: id -1 at position \[0\]",
        code="C004",
        at="run",
        name="negative segment id",
    ),
    Error(
        (X, I, S, N, scalar(-1, const=False)),
        match=r"default_index -1 is out of range \[0, 4\]",
        code="C004",
        at="run",
        name="default_index -1",
    ),
    Error(
        (X, I, S, N, scalar(5, const=False)),
        match=r"default_index 5 is out of range \[0, 4\]",
        code="C004",
        at="run",
        name="default_index past the table",
    ),
    Error(
        (X, I, S, scalar(-2, const=False)),
        match=r"num_segments must not be negative, got -2",
        code="S005",
        at="run",
        name="negative num_segments",
    ),
    Error(
        (X, I, ints([0, 0, 2]), N),
        match=r"indices and segment_ids must have one shape",
        code="S005",
        at="lint",
        name="segment_ids of another length",
    ),
    Error(
        (X, I, S, ints([3], const=True)),
        match=r"num_segments must be a scalar, got shape \[1\]",
        code="S005",
        at="lint",
        name="num_segments of shape [1]",
    ),
    Error(
        (X, I, S, N, ints([0], const=True)),
        match=r"default_index must be a scalar",
        code="S005",
        at="lint",
        name="default_index of shape [1]",
    ),
    Error(
        (X, I, S, N, scalar(0), weights(3)),
        match=r"indices and per_sample_weights must have one shape",
        code="S005",
        at="lint",
        name="weights of another length",
    ),
    Error(
        (X, I, ints([0, 0, 2, 2], "i64"), N),
        match=r"indices and segment_ids must have one element type",
        code="S005",
        at="lint",
        name="i64 segment_ids with i32 indices",
    ),
    Error((X, ints([[0, 2], [3, 4]]), S, N), match=r"indices must be 1-D", code="S005", at="lint", name="2-D indices"),
    Error(
        (T("f32", (), 1.0), I, S, N),
        match=r"emb_table must have rank 1 or more",
        code="S005",
        at="lint",
        name="scalar table",
    ),
]

test_cases, test_errors = TABLE.pytest()
