"""EmbeddingBagOffsets-15: cases against the CPU plugin, reduction left out (sum), sum and mean. The
plugin refuses an empty last bag (offset = num_indices) and an empty indices input, which the spec
allows (rows it cannot run), and narrows an i64 table to i32 (a plugin row). A mean of integers
truncates toward zero, as the plugin's."""

from cases.rows import Case, Error, T, Table

from ._embedding_rows import IDX8, SPEC_TABLE, TOL, ints, offsets_cases, offsets_errors, scalar, table, weights

SUM, MEAN = {"reduction": "sum"}, {"reduction": "mean"}


def with_attrs(case, attrs):
    return Case(
        case.inputs,
        attrs,
        expect=case.expect,
        rtol=case.rtol,
        atol=case.atol,
        oracle=case.oracle,
        why=case.why,
        name=f"{case.name}, reduction sum",
    )


BASE = offsets_cases()
TABLE = Table(
    "EmbeddingBagOffsets",
    "opset15",
    cases=BASE
    + [with_attrs(c, SUM) for c in BASE[:3]]
    + [
        Case((SPEC_TABLE, ints([0, 2, 3, 4]), ints([0, 2, 2])), MEAN, name="the spec's mean example", **TOL),
        Case((table(), IDX8, ints([0, 3, 3, 5])), MEAN, name="mean, empty bag of zeros", **TOL),
        Case((table(), IDX8, ints([0, 3, 3, 5]), scalar(6)), MEAN, name="mean, empty bag of the default row", **TOL),
        Case(
            (table(), IDX8, ints([1, 1, 4], "i32", const=True), scalar(-1, const=False)),
            MEAN,
            name="mean, constant offsets from 1",
            **TOL,
        ),
        Case((table(etype="f16"), IDX8, ints([0, 3, 3, 5]), scalar(0)), MEAN, name="mean, f16", rtol=1e-3, atol=1e-3),
        Case(
            (table(etype="i32", low=-50, high=50), ints([3, 0, 9, 3, 7, 1, 1, 5], "i64"), ints([0, 3, 5], "i64")),
            MEAN,
            name="mean of i32 rows truncates toward zero",
        ),
        Case(
            (T("f32", (3, 2), [[1, 2], [3, 4], [5, 6]]), ints([2, 0, 1]), ints([0, 1, 3])),
            MEAN,
            name="mean, an empty last bag",
            oracle=False,
            expect=([[5, 6], [2, 3], [0, 0]],),
            why="the plugin refuses an offset equal to the number of indices",
        ),
    ],
)

X, I, O = table(5, 2), ints([0, 2, 3, 4]), ints([0, 2, 2])
TABLE.errors = offsets_errors() + [
    Error(
        (X, I, O, scalar(1), weights(4)),
        attrs=MEAN,
        match=r"per_sample_weights are supported only with reduction "
        r"'sum', not 'mean'",
        code="S005",
        at="lint",
        name="mean with weights",
    ),
    Error(
        (X, I, O),
        attrs={"reduction": "max"},
        match=r"reduction='max' is not one of sum, mean",
        code="O003",
        at="lint",
        name="unknown reduction",
    ),
]

test_cases, test_errors = TABLE.pytest()
